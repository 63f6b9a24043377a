import Dispatch
import Foundation

/// Runs numbered jobs a few at a time and returns their results in job order, whatever order
/// they finish in: the one work queue behind sweeps and replicates.
package enum OrderedWork {
  /// Runs `work` for `0..<count`, `jobs` at once; `users(result)` adds to the progress count.
  package static func run<Result>(
    count: Int, jobs: Int, users: @Sendable (Result) -> Int, progress: (@Sendable (SweepRunner.Progress) -> Void)?,
    work: @Sendable (Int) -> Result
  ) -> [Result] {
    let state = State<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while let index = state.claim() {
        let result = work(index)
        let done = state.finish(result, at: index, users: users(result))
        progress?(SweepRunner.Progress(done: done.runs, total: count, users: done.users))
      }
    }
    return state.results()
  }

  /// The queue and results, shared by the workers under a lock.
  private final class State<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var users = 0
    private var slots: [Result?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
      lock.withLock {
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
      }
    }

    func finish(_ result: Result, at index: Int, users count: Int) -> (runs: Int, users: Int) {
      lock.withLock {
        slots[index] = result
        finished += 1
        users += count
        return (finished, users)
      }
    }

    func results() -> [Result] { lock.withLock { slots.map { $0! } } }
  }
}
