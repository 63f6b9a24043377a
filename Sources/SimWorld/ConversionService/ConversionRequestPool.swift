import Foundation

/// A bounded pool of threads in front of a conversion-value service: requests are submitted as
/// activities happen and their answers taken later, in whatever order the caller needs.
///
/// At most `width` requests are with the service at once; the others wait their turn, first
/// come first served. The simulation takes answers in virtual-time order, so a deterministic
/// service gives a deterministic run however the requests overlap on the wire. Threads start
/// as requests need them and end at ``close()`` or when the pool is released.
public final class ConversionRequestPool: @unchecked Sendable {
  /// A claim on one submitted request's answer, taken once with ``answer(for:)``.
  public struct Ticket: Hashable, Sendable {
    /// The 0-based submission order.
    public let number: Int
  }

  /// What the pool has done so far.
  public struct Counts: Hashable, Sendable {
    /// Requests submitted.
    public var submitted = 0
    /// Requests the service has answered (requests dropped by ``close()`` are not counted).
    public var answered = 0
    /// The most requests with the service at once.
    public var peakInFlight = 0
    /// Worker threads alive now.
    public var threads = 0
  }

  /// The most requests with the service at once.
  public let width: Int
  private let state: PoolState

  /// A pool that sends requests to `service`, at most `width` at a time.
  public init(service: any ConversionService, width: Int) {
    precondition(width > 0, "a request pool needs a width of at least 1")
    self.width = width
    state = PoolState(service: service, width: width)
  }

  deinit { state.close() }

  /// Queues a request and returns at once with the ticket for its answer.
  public func submit(_ request: ConversionRequest) -> Ticket {
    Ticket(number: state.submit(request))
  }

  /// Waits for the answer to the ticket's request; each ticket is taken exactly once.
  public func answer(for ticket: Ticket) -> ConversionAnswer {
    state.take(ticket.number)
  }

  /// What the pool has done so far.
  public var counts: Counts { state.snapshot }

  /// Whether ``close()`` has been called (it may still be waiting for requests being sent).
  public var isClosed: Bool { state.isClosed }

  /// Stops the pool: requests not yet sent are answered `.failed(.unreachable)` without reaching
  /// the service, and it returns once those being sent are answered and every thread has ended.
  /// Later submissions are answered the same way at once.
  public func close() { state.close() }
}

/// The queue, the answers and the worker threads, kept apart from the pool so that the threads
/// do not keep the pool alive and its release can stop them.
private final class PoolState: @unchecked Sendable {
  private let service: any ConversionService
  private let width: Int
  /// One condition for workers and takers alike; every change broadcasts, so neither side can
  /// swallow a wake-up meant for the other.
  private let condition = NSCondition()
  private var queue: [(number: Int, request: ConversionRequest)] = []
  private var queueHead = 0
  /// Answers not yet taken, by ticket number.
  private var answers: [Int: ConversionAnswer] = [:]
  /// Tickets issued and not yet taken, so a ticket taken twice or from another pool is caught.
  private var outstanding: Set<Int> = []
  private var counts = ConversionRequestPool.Counts()
  private var inFlight = 0
  private var idleWorkers = 0
  private var closed = false

  static let closedAnswer = ConversionAnswer.failed(.unreachable("the request pool was closed"))

  init(service: any ConversionService, width: Int) {
    self.service = service
    self.width = width
  }

  func submit(_ request: ConversionRequest) -> Int {
    condition.lock()
    defer { condition.unlock() }
    let number = counts.submitted
    counts.submitted += 1
    outstanding.insert(number)
    if closed {
      answers[number] = Self.closedAnswer
      return number
    }
    queue.append((number, request))
    // A worker per waiting request, up to the width: a pool used one request at a time keeps
    // a single thread.
    if idleWorkers < queue.count - queueHead, counts.threads < width {
      counts.threads += 1
      let thread = Thread { [self] in work() }
      thread.name = "ConversionRequestPool"
      thread.start()
    }
    condition.broadcast()
    return number
  }

  func take(_ number: Int) -> ConversionAnswer {
    condition.lock()
    defer { condition.unlock() }
    precondition(outstanding.contains(number), "ticket \(number) was already taken or is not from this pool")
    while answers[number] == nil { condition.wait() }
    outstanding.remove(number)
    return answers.removeValue(forKey: number)!
  }

  var snapshot: ConversionRequestPool.Counts {
    condition.lock()
    defer { condition.unlock() }
    return counts
  }

  var isClosed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return closed
  }

  func close() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    for job in queue[queueHead...] { answers[job.number] = Self.closedAnswer }
    queue.removeAll()
    queueHead = 0
    condition.broadcast()
    while counts.threads > 0 { condition.wait() }
  }

  /// A worker: sends queued requests one after another until the pool closes.
  private func work() {
    condition.lock()
    while true {
      idleWorkers += 1
      while queueHead == queue.count && !closed { condition.wait() }
      idleWorkers -= 1
      guard queueHead < queue.count else { break }
      let job = queue[queueHead]
      queueHead += 1
      // Sent requests are dropped in batches, so a backlog that never empties stays bounded.
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      } else if queueHead >= 1024, queueHead * 2 >= queue.count {
        queue.removeFirst(queueHead)
        queueHead = 0
      }
      inFlight += 1
      counts.peakInFlight = max(counts.peakInFlight, inFlight)
      condition.unlock()
      let answer = service.answer(job.request)
      condition.lock()
      inFlight -= 1
      counts.answered += 1
      answers[job.number] = answer
      condition.broadcast()
    }
    counts.threads -= 1
    condition.broadcast()
    condition.unlock()
  }
}
