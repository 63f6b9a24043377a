import Foundation

/// Counts the work done and tells the caller, from any thread.
package final class SearchTracker: @unchecked Sendable {
  private let lock = NSLock()
  private let total: Int
  private let report: (@Sendable (SchemaSearch.Progress) -> Void)?
  private var users = 0
  private var scored = 0
  private var best: Double?

  init(total: Int, report: (@Sendable (SchemaSearch.Progress) -> Void)?) {
    self.total = total
    self.report = report
  }

  /// Users simulated so far, and candidates scored (each time a rung or the race scored it).
  package var usersSimulated: Int { lock.withLock { users } }
  package var candidatesScored: Int { lock.withLock { scored } }

  func add(users count: Int, stage: String) {
    let progress = lock.withLock { () -> SchemaSearch.Progress in
      users += count
      return SchemaSearch.Progress(stage: stage, candidatesScored: scored, users: users, totalUsers: max(total, users), best: best)
    }
    report?(progress)
  }

  func candidates(_ count: Int, best value: Double?) {
    lock.withLock {
      scored += count
      if let value { best = min(best ?? value, value) }
    }
  }
}
