import Dispatch
import Foundation
import SimModel
import SimRecords
import SimRun

/// Runs many scenarios (replicates, or replicates under several schemas) in parallel and hands
/// their summaries back in the order given, whatever order they finish: the results do not
/// depend on the number of jobs.
public enum ReplicateRunner {
  /// `scenario` under each of the replicate seeds in `replicates`.
  public static func scenarios(_ scenario: Scenario, replicates: Range<Int>) -> [Scenario] {
    replicates.map { replicate in
      var copy = scenario
      copy.seed = ReplicateSeeds.seed(base: scenario.seed, replicate: replicate)
      return copy
    }
  }

  /// Runs each of `scenarios`, `jobs` at once, receiving and decoding but writing nothing.
  public static func run(
    _ scenarios: [Scenario], jobs: Int, decoding: CalibratedDecoding? = nil,
    progress: (@Sendable (SweepRunner.Progress) -> Void)? = nil
  ) -> [RunSummary] {
    let state = Results(count: scenarios.count)
    let workers = max(1, min(jobs, scenarios.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = state.claim() {
        var sink = DiscardingSink()
        let summary = ScenarioRunner.run(scenarios[index], sink: &sink, decoding: decoding)
        let done = state.finish(summary, at: index)
        progress?(SweepRunner.Progress(done: done.runs, total: scenarios.count, users: done.users))
      }
    }
    return state.summaries()
  }

  /// The work queue and results, shared by the workers under a lock.
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var users = 0
    private var results: [RunSummary?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func claim() -> Int? {
      lock.withLock {
        guard next < results.count else { return nil }
        next += 1
        return next - 1
      }
    }

    func finish(_ summary: RunSummary, at index: Int) -> (runs: Int, users: Int) {
      lock.withLock {
        results[index] = summary
        finished += 1
        users += summary.users
        return (finished, users)
      }
    }

    func summaries() -> [RunSummary] { lock.withLock { results.map { $0! } } }
  }
}
