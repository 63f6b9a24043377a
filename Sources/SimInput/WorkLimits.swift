import SimModel
import SimEngine

/// How much work a scenario or sweep may ask for, checked when it is read.
///
/// A file of a few kilobytes can name a billion users or a grid of a billion points. The
/// ``standard`` limits keep every run of such a file short and small; ``large`` ones are there
/// for the runs that really are that big, and the user asks for them (`attrsim … --allow-large`).
/// The ranges of single settings (durations, probabilities, amounts) hold whatever the limits.
public struct WorkLimits: Sendable, Equatable {
  /// Users in one run: the cohorts' counts plus the scripted users.
  public var users: Int
  /// Runs in one sweep: points times replicates.
  public var sweepRuns: Int
  /// Users simulated over a whole sweep: every run's users, added up.
  public var sweepUsers: Int
  /// The command-line option that lifts the standard limits, named in their errors; nil when
  /// they are lifted already.
  public var liftedBy: String?

  /// A set of limits.
  public init(users: Int, sweepRuns: Int, sweepUsers: Int, liftedBy: String? = nil) {
    self.users = users
    self.sweepRuns = sweepRuns
    self.sweepUsers = sweepUsers
    self.liftedBy = liftedBy
  }

  /// The documented defaults: 10 million users a run, 1,000 runs and 100 million users a sweep.
  public static let standard = WorkLimits(
    users: 10_000_000, sweepRuns: 1_000, sweepUsers: 100_000_000, liftedBy: "--allow-large")
  /// What memory can hold at all: 1 billion users a run (24 GB of arrival times alone),
  /// 100,000 runs and 100 billion users a sweep.
  public static let large = WorkLimits(users: 1_000_000_000, sweepRuns: 100_000, sweepUsers: 100_000_000_000)

  /// The longest duration a scenario may write anywhere (10 years): longer than any window,
  /// delay or campaign, and short enough that no sum of durations comes near integer time's end.
  public static let longestDuration = SimDuration.days(3_650)
  /// The largest amount a scenario or schema may write (revenue, bounds, rates, weights).
  public static let largestAmount = 1_000_000_000.0

  /// "the limit of N what", with how to lift it when it can be: `limit` picks the limit.
  package func describe(_ limit: KeyPath<WorkLimits, Int>, _ what: String) -> String {
    let text = "the limit of \(DigitGrouping.text(self[keyPath: limit])) \(what)"
    return liftedBy.map { "\(text); \($0) raises it to \(DigitGrouping.text(Self.large[keyPath: limit]))" } ?? text
  }
}
