import Dispatch
import Foundation

/// Items of work run `jobs` at once, their results handed back in item order, whatever order
/// they finish in.
package enum InOrderWork {
  /// Runs `work` for every index below `count`; `report` gets each result in index order as
  /// soon as it and every one before it are done.
  package static func run<Result: Sendable>(
    count: Int, jobs: Int, report: (@Sendable (Result) -> Void)? = nil, work: @Sendable (Int) -> Result
  ) -> [Result] {
    let state = State<Result>(count: count, report: report)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while let index = state.claim() { state.finish(work(index), at: index) }
    }
    return state.results()
  }

  /// The next index to claim, the results so far and how far they have been reported, under a lock.
  private final class State<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var reported = 0
    private var slots: [Result?]
    private let report: (@Sendable (Result) -> Void)?

    init(count: Int, report: (@Sendable (Result) -> Void)?) {
      slots = Array(repeating: nil, count: count)
      self.report = report
    }

    func claim() -> Int? {
      lock.withLock {
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
      }
    }

    func finish(_ result: Result, at index: Int) {
      lock.withLock {
        slots[index] = result
        // Reported under the lock, so reports never interleave or overtake each other.
        while reported < slots.count, let ready = slots[reported] {
          report?(ready)
          reported += 1
        }
      }
    }

    func results() -> [Result] { lock.withLock { slots.map { $0! } } }
  }
}
