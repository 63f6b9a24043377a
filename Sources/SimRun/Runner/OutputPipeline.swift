import Foundation
import SimModel
import SimPlatform
import SimRecords

/// The second half of a run on several threads: the tier stage's outputs, collected in chunks
/// on its thread, have their postbacks built and signed by a pool of workers (``PostbackMaker``,
/// one per worker) and are handed, chunk after chunk in the order they were made, to a
/// receiving thread that feeds the receivers and the sink. The sink sees the very records, in
/// the very order, that a run on one thread gives it, since a signature depends on the key and
/// the message alone, whichever worker makes it.
///
/// At most `window` chunks are between the tier stage and the receiving thread: memory stays
/// flat, and the signatures the receivers verify are still in the ``SignatureLedger`` then.
final class OutputPipeline: RunSink, @unchecked Sendable {
  let wantsTrace: Bool
  let wantsEventLog: Bool
  /// The chunk being filled on the tier stage's thread.
  private var filling: [StagedOutput] = []
  /// Outputs a chunk: enough that handing chunks over costs little, few enough that the
  /// workers share the signing evenly.
  static let defaultChunkSize = 256
  private let chunkSize: Int

  private let condition = NSCondition()
  /// Chunks waiting for a worker, with their numbers, oldest first.
  private var unsigned: [(number: Int, outputs: [StagedOutput])] = []
  private var unsignedStart = 0
  /// Chunks made, by number, waiting for the receiving thread.
  private var signed: [Int: [StagedOutput]] = [:]
  /// The next chunk's number, and the next one the receiving thread takes.
  private var made = 0
  private var delivered = 0
  private var closed = false
  private let window: Int
  /// What the workers counted (postbacks by window and content, copies), added up at the end.
  private var counts = RunSummary()
  private let finished = DispatchGroup()
  /// Called on the receiving thread only, with each chunk in order.
  private let deliver: ([StagedOutput]) -> Void

  /// Starts `workers` threads signing `scenario`'s postbacks and a receiving thread calling
  /// `deliver` with each chunk's records in order.
  init(
    scenario: Scenario, keys: SimulatedKeys, workers: Int, wantsTrace: Bool, wantsEventLog: Bool = false, chunkSize: Int = defaultChunkSize,
    deliver: @escaping ([StagedOutput]) -> Void
  ) {
    self.wantsTrace = wantsTrace
    self.wantsEventLog = wantsEventLog
    self.chunkSize = max(1, chunkSize)
    self.deliver = deliver
    // 8 chunks a worker, at most 32 (8,192 outputs): well inside the ledger's 16,384 entries
    // however many workers, and runs of a sweep beside this one, sign at once.
    window = min(32, 8 * max(1, workers))
    filling.reserveCapacity(chunkSize)
    for _ in 0..<max(1, workers) {
      finished.enter()
      start { [self] in
        let maker = PostbackMaker(scenario: scenario, keys: keys)
        var workerCounts = RunSummary()
        while let (number, outputs) = nextUnsigned() {
          var result: [StagedOutput] = []
          result.reserveCapacity(outputs.count + 8)
          for output in outputs {
            guard case .job(let job) = output else {
              result.append(output)
              continue
            }
            let made = maker.make(job, counting: &workerCounts)
            result.append(.postback(made.postback))
            if let copy = made.developerCopy { result.append(.postback(copy)) }
          }
          putSigned(result, number: number)
        }
        condition.lock()
        counts.add(workerCounts)
        condition.unlock()
        finished.leave()
      }
    }
    finished.enter()
    start { [self] in
      while let outputs = nextSigned() { self.deliver(outputs) }
      finished.leave()
    }
  }

  private func start(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    // As the lanes': the receivers and sinks recurse no deeper than on the calling thread.
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Queues the tier stage's next postback to be built and signed in its place.
  func receive(_ job: PostbackJob) { append(.job(job)) }
  func receive(_ postback: PostbackRecord) { append(.postback(postback)) }
  func receive(_ conversion: ConversionRecord) { append(.conversion(conversion)) }
  func receive(_ trace: TraceRecord) { append(.trace(trace)) }
  func receive(_ exchange: AdServicesExchange) { append(.adServices(exchange)) }
  func receive(_ record: SDKTraceRecord) { append(.sdk(record)) }
  func receive(_ event: InAppEventRecord) { append(.inApp(event)) }

  private func append(_ output: StagedOutput) {
    filling.append(output)
    if filling.count == chunkSize { send() }
  }

  /// Hands the chunk being filled to the workers, waiting while `window` chunks are in flight.
  private func send() {
    guard !filling.isEmpty else { return }
    condition.lock()
    while made - delivered >= window { condition.wait() }
    unsigned.append((made, filling))
    made += 1
    condition.broadcast()
    condition.unlock()
    filling = []
    filling.reserveCapacity(chunkSize)
  }

  /// Sends what is left, waits until every record has been delivered, and returns the workers'
  /// counts. Call once, on the tier stage's thread, after its last output.
  func finish() -> RunSummary {
    send()
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
    finished.wait()
    return counts
  }

  /// The oldest chunk no worker has taken; nil once the pipeline is closed and none is left.
  private func nextUnsigned() -> (Int, [StagedOutput])? {
    condition.lock()
    defer { condition.unlock() }
    while unsignedStart == unsigned.count && !closed { condition.wait() }
    guard unsignedStart < unsigned.count else { return nil }
    let next = unsigned[unsignedStart]
    unsignedStart += 1
    // Drop taken chunks now and then rather than shifting the array on every take.
    if unsignedStart >= 64 {
      unsigned.removeFirst(unsignedStart)
      unsignedStart = 0
    }
    return next
  }

  private func putSigned(_ outputs: [StagedOutput], number: Int) {
    condition.lock()
    signed[number] = outputs
    condition.broadcast()
    condition.unlock()
  }

  /// The next chunk in order once its postbacks are signed; nil after the last.
  private func nextSigned() -> [StagedOutput]? {
    condition.lock()
    defer { condition.unlock() }
    while signed[delivered] == nil && !(closed && delivered == made) { condition.wait() }
    guard let outputs = signed.removeValue(forKey: delivered) else { return nil }
    delivered += 1
    condition.broadcast()
    return outputs
  }
}
