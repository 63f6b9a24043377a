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
    let state = SharedState(count: rows.count)
    let workers = max(1, min(jobs, rows.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let offset = state.claim() {
        let row = run(sweep, row: rows.lowerBound + offset)
        let done = state.finish(row, at: offset, users: sweep.points[row.point].scenario.userCount)
        progress?(Progress(done: done.rows, total: rows.count, users: done.users))
      }
    }
    return state.rows()
  }

  /// Runs one row: its point's scenario with its replicate's seed.
  public static func run(_ sweep: Sweep, row: Int) -> SweepRow {
    let point = sweep.points[row / sweep.replicates]
    let replicate = row % sweep.replicates
    var scenario = point.scenario
    scenario.seed &+= UInt64(replicate)
    var sink = DiscardingSink()
    let summary = ScenarioRunner.run(scenario, sink: &sink)
    return SweepRow(
      point: point.index, replicate: replicate, seed: scenario.seed, settings: point.settings,
      metrics: SweepMetrics(summary: summary, scenario: scenario))
  }

  /// The work queue and results, shared by the workers under a lock.
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var users = 0
    private var results: [SweepRow?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func claim() -> Int? {
      lock.withLock {
        guard next < results.count else { return nil }
        next += 1
        return next - 1
      }
    }

    func finish(_ row: SweepRow, at offset: Int, users count: Int) -> (rows: Int, users: Int) {
      lock.withLock {
        results[offset] = row
        finished += 1
        users += count
        return (finished, users)
      }
    }

    func rows() -> [SweepRow] { lock.withLock { results.map { $0! } } }
  }
}
