import Dispatch
import Foundation
import SimModel
import SimRecords
import SimRun

/// Runs a sweep's rows in parallel and hands them back in row order, whatever order they finish.
public enum SweepRunner {
  /// How far a sweep has got, reported after each row.
  public struct Progress: Sendable {
    /// Rows finished and rows to run.
    public var done: Int, total: Int
    /// Users simulated so far.
    public var users: Int
  }

  /// Runs the rows in `rows` (all by default) with `jobs` at once.
  ///
  /// Every point of a replicate uses the same seed, so the same users draw the same behaviour at
  /// every point (common random numbers) and differences between points are the parameters'.
  /// Memory holds the runs in flight and one small row per finished run.
  public static func run(
    _ sweep: Sweep, rows: Range<Int>? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    progress: (@Sendable (Progress) -> Void)? = nil
  ) -> [SweepRow] {
    let rows = rows ?? 0..<sweep.rowCount
    return OrderedWork.run(
      count: rows.count, jobs: jobs, users: { sweep.points[$0.point].scenario.userCount }, progress: progress
    ) { offset in
      run(sweep, row: rows.lowerBound + offset)
    }
  }

  /// Runs one row: its point's scenario with its replicate's seed, a hash of the scenario's
  /// seed and the replicate (``ReplicateSeeds``), so replicate 0 is the scenario's own seed.
  public static func run(_ sweep: Sweep, row: Int) -> SweepRow {
    let point = sweep.points[row / sweep.replicates]
    let replicate = row % sweep.replicates
    var scenario = point.scenario
    scenario.seed = ReplicateSeeds.seed(base: scenario.seed, replicate: replicate)
    var sink = DiscardingSink()
    let summary = ScenarioRunner.run(scenario, sink: &sink)
    let metrics = SweepMetrics(summary: summary, scenario: scenario)
    return SweepRow(
      point: point.index, replicate: replicate, seed: scenario.seed, settings: point.settings, metrics: metrics,
      figures: SweepFigure.figures(metrics: metrics, summary: summary))
  }
}
