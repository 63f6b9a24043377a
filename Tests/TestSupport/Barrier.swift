import Foundation

/// Lets `parties` threads through once all have arrived, or after 20 s, so a broken test fails
/// instead of hanging; tests use it to hold requests in flight at once without timing them.
package final class Barrier: @unchecked Sendable {
  private let condition = NSCondition()
  private let parties: Int
  private var arrived = 0

  /// A barrier that opens once `parties` threads have arrived.
  package init(parties: Int) { self.parties = parties }

  /// Waits until all parties have arrived, or 20 s have passed.
  package func arriveAndWait() {
    condition.lock()
    defer { condition.unlock() }
    arrived += 1
    condition.broadcast()
    let deadline = Date().addingTimeInterval(20)
    while arrived < parties, condition.wait(until: deadline) {}
  }
}
