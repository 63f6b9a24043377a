import SimInput
import SimModel
import SimOutput

/// What a run or sweep will cost, known before it starts, so that a long one can be announced.
public struct WorkEstimate: Sendable, Equatable, CustomStringConvertible {
  /// Runs to make: 1 for a scenario, points times replicates for a sweep.
  public var runs: Int
  /// Users simulated over all the runs.
  public var users: Int
  /// Users in the largest single run.
  public var largestRun: Int

  /// Peak memory a run takes per user, as the quickstart measures it at 10,000,000 users
  /// (962 MiB with one job, `attrsim-bench --users 10000000 --jobs 1`): arrivals are drawn as
  /// the run advances, so what grows is the users in flight at once, about a tenth of them.
  /// Scenarios whose users install more, or stay longer, take more.
  public static let bytesPerUser = 100

  /// The estimate for one run of `scenario`.
  public init(scenario: Scenario) {
    runs = 1
    users = scenario.userCount
    largestRun = users
  }

  /// The estimate for every run of `sweep`.
  public init(sweep: Sweep) {
    runs = sweep.rowCount
    users = sweep.points.reduce(0) { $0 + $1.scenario.userCount } * sweep.replicates
    largestRun = sweep.points.map(\.scenario.userCount).max() ?? 0
  }

  /// Memory the largest run takes at the quickstart's rate, in bytes.
  public var memoryBytes: Int { largestRun * Self.bytesPerUser }

  /// Whether the work goes beyond `limits` (the standard ones: then it was allowed explicitly).
  public func exceeds(_ limits: WorkLimits) -> Bool {
    largestRun > limits.users || runs > limits.sweepRuns || users > limits.sweepUsers
  }

  /// "100,000,000 users in one run; about 9.3 GiB of memory at the quickstart's 100 bytes a
  /// user", or the same for a sweep's runs.
  public var description: String {
    let gibibytes = SVGWriter.number(Double(memoryBytes) / Double(1 << 30), decimals: 1)
    let memory = "about \(gibibytes) GiB of memory at the quickstart's \(Self.bytesPerUser) bytes a user"
    let count = ReportFormat.count
    guard runs > 1 else { return "\(count(users)) users in one run; \(memory)" }
    return "\(count(runs)) runs, \(count(users)) users in all, up to \(count(largestRun)) a run; \(memory) for each run in flight"
  }
}
