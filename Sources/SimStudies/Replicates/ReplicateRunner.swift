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
    OrderedWork.run(count: scenarios.count, jobs: jobs, users: \.users, progress: progress) { index in
      var sink = DiscardingSink()
      return ScenarioRunner.run(scenarios[index], sink: &sink, decoding: decoding)
    }
  }
}
