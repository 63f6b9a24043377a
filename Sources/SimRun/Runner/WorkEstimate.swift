import SimEngine
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

  /// Bytes one arrival takes in the list every run draws and sorts up front (time, cohort,
  /// index, ordinal): the part of a run's memory that grows with its users.
  public static let bytesPerArrival = MemoryLayout<(SimTime, Int32, Int32, Int)>.stride

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

  /// Memory the largest run's arrival list alone takes, in bytes.
  public var arrivalBytes: Int { largestRun * Self.bytesPerArrival }

  /// Whether the work goes beyond `limits` (the standard ones: then it was allowed explicitly).
  public func exceeds(_ limits: WorkLimits) -> Bool {
    largestRun > limits.users || runs > limits.sweepRuns || users > limits.sweepUsers
  }

  /// "100,000,000 users in one run; the arrival list alone takes 2.2 GiB", or the same for a
  /// sweep's runs.
  public var description: String {
    let memory = "the arrival list alone takes \(SVGWriter.number(Double(arrivalBytes) / Double(1 << 30), decimals: 1)) GiB"
    let count = ReportFormat.count
    guard runs > 1 else { return "\(count(users)) users in one run; \(memory)" }
    return "\(count(runs)) runs, \(count(users)) users in all, up to \(count(largestRun)) a run; \(memory) for each run in flight"
  }
}
