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

  /// Runs the rows in `rows` (all by default) with `jobs` at once, valuing postbacks with
  /// `estimator` (calibrated: each point's scenario calibrated once, for all its replicates).
  ///
  /// Without an estimator, values decode with the schema's, uncalibrated (at their midpoints
  /// for the calibrated default, at their lower bounds for a schema that says so): the calibrated
  /// decoder (`run`'s and `compare`'s default) needs calibration runs of its own at every point
  /// (four or more each), a sweep compares settings under one decoding, and most of its figures
  /// (tiers, postbacks, null shares) do not decode at all.
  ///
  /// Every point of a replicate uses the same seed, so the same users draw the same behaviour at
  /// every point (common random numbers) and differences between points are the parameters'.
  /// Memory holds the runs in flight and one small row per finished run.
  public static func run(
    _ sweep: Sweep, rows: Range<Int>? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
    estimator: DecodingSettings.Estimate? = nil, progress: (@Sendable (Progress) -> Void)? = nil
  ) -> [SweepRow] {
    let rows = rows ?? 0..<sweep.rowCount
    let points = Array(Set(rows.map { $0 / sweep.replicates })).sorted()
    // Calibrations first, a point at a time (each calibrates on two or more threads), so every
    // replicate of a point decodes with the same one whichever shard or thread runs it.
    let decodings = Dictionary(
      uniqueKeysWithValues: estimator.map { estimator in
        points.map { ($0, Calibrator.decoding(for: sweep.points[$0].scenario, estimator: estimator)) }
      } ?? [])
    return OrderedWork.run(
      count: rows.count, jobs: jobs, users: { sweep.points[$0.point].scenario.userCount }, progress: progress
    ) { offset in
      let row = rows.lowerBound + offset
      return run(sweep, row: row, decoding: decodings[row / sweep.replicates])
    }
  }

  /// Runs one row: its point's scenario with its replicate's seed, a hash of the scenario's
  /// seed and the replicate (``ReplicateSeeds``), so replicate 0 is the scenario's own seed;
  /// postbacks valued by `decoding` (midpoints when nil).
  public static func run(_ sweep: Sweep, row: Int, decoding: CalibratedDecoding? = nil) -> SweepRow {
    let point = sweep.points[row / sweep.replicates]
    let replicate = row % sweep.replicates
    var scenario = point.scenario
    scenario.seed = ReplicateSeeds.seed(base: scenario.seed, replicate: replicate)
    var sink = DiscardingSink()
    let summary = ScenarioRunner.run(scenario, sink: &sink, decoding: decoding)
    let metrics = SweepMetrics(summary: summary, scenario: scenario)
    return SweepRow(
      point: point.index, replicate: replicate, seed: scenario.seed, settings: point.settings, metrics: metrics,
      figures: SweepFigure.figures(metrics: metrics, summary: summary))
  }
}
