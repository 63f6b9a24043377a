import AttributionSim
import Foundation
import Testing

/// The bounded pool in front of a conversion-value service: how many requests reach the service
/// at once, in what order, and which answer each ticket gets.
@Suite("Conversion request pool")
struct ConversionRequestPoolTests {
  /// A service that holds every request until opened, and records what it saw: answers carry
  /// the request's `n` parameter as the fine value.
  private final class GateService: ConversionService, @unchecked Sendable {
    private let condition = NSCondition()
    private var open = false
    private var running = 0
    private(set) var peak = 0
    private(set) var started: [Int] = []

    init(open: Bool = false) { self.open = open }

    func answer(_ request: ConversionRequest) -> ConversionAnswer {
      let number = Int(request["n"] ?? "") ?? -1
      condition.lock()
      defer { condition.unlock() }
      started.append(number)
      running += 1
      peak = max(peak, running)
      condition.broadcast()
      while !open { condition.wait() }
      running -= 1
      return .update(fine: number, coarse: nil, lock: false)
    }

    /// Waits until `count` requests are being held.
    func waitUntilHolding(_ count: Int) {
      condition.lock()
      defer { condition.unlock() }
      while running < count { condition.wait() }
    }

    func release() {
      condition.lock()
      defer { condition.unlock() }
      open = true
      condition.broadcast()
    }

    var record: (peak: Int, started: [Int]) {
      condition.lock()
      defer { condition.unlock() }
      return (peak, started)
    }
  }

  private func request(_ number: Int) -> ConversionRequest {
    ConversionRequest(parameters: [.init("n", String(number))])
  }

  @Test("no more than the width reach the service at once, and each ticket gets its own answer")
  func widthBoundsConcurrency() {
    let service = GateService()
    let pool = ConversionRequestPool(service: service, width: 3)
    let tickets = (0..<10).map { pool.submit(request($0)) }
    service.waitUntilHolding(3)
    #expect(pool.counts.submitted == 10)
    #expect(pool.counts.answered == 0)
    service.release()
    let fines = tickets.map { ticket -> Int? in
      guard case .update(let fine, _, _) = pool.answer(for: ticket) else { return nil }
      return fine
    }
    #expect(fines == Array(0..<10))
    #expect(service.record.peak == 3)
    #expect(pool.counts.peakInFlight == 3)
    #expect(pool.counts.answered == 10)
    #expect(pool.counts.threads <= 3)
  }

  @Test("waiting requests are sent first come, first served")
  func waitingRequestsAreFIFO() {
    let service = GateService()
    let pool = ConversionRequestPool(service: service, width: 1)
    let tickets = (0..<8).map { pool.submit(request($0)) }
    service.waitUntilHolding(1)
    service.release()
    for ticket in tickets { _ = pool.answer(for: ticket) }
    #expect(service.record.started == Array(0..<8))
    #expect(pool.counts.threads == 1)
  }

  @Test("answers can be taken in any order")
  func answersTakenInReverseOrder() {
    let pool = ConversionRequestPool(service: GateService(open: true), width: 4)
    let tickets = (0..<20).map { pool.submit(request($0)) }
    for ticket in tickets.reversed() {
      #expect(pool.answer(for: ticket) == .update(fine: ticket.number, coarse: nil, lock: false))
    }
  }

  @Test("closing answers unsent requests as failed without the service, and ends every thread")
  func closeDropsUnsentRequestsAndEndsThreads() {
    let service = GateService()
    let pool = ConversionRequestPool(service: service, width: 2)
    let tickets = (0..<6).map { pool.submit(request($0)) }
    service.waitUntilHolding(2)
    // close() waits for the two held requests, so it runs on its own thread while they are
    // released; they are released only once the pool has stopped taking from its queue.
    let closer = Thread { pool.close() }
    closer.start()
    while !pool.isClosed { Thread.sleep(forTimeInterval: 0.001) }
    service.release()
    let answers = tickets.map { pool.answer(for: $0) }
    #expect(answers[0..<2].allSatisfy { if case .update = $0 { true } else { false } })
    #expect(answers[2...].allSatisfy { $0 == .failed(.unreachable("the request pool was closed")) })
    #expect(service.record.started.sorted() == [0, 1])
    pool.close()  // a second close waits for the threads like the first
    #expect(pool.counts.threads == 0)
    #expect(pool.answer(for: pool.submit(request(9))) == .failed(.unreachable("the request pool was closed")))
  }
}
