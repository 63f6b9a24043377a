/// The figures a log's users and a simulation's are compared on: retention by day, and by days
/// 2, 7 and 35 the payer share, the repeat-purchase share and revenue per user.
///
/// A figure counts only the users watched long enough to know it: retention on day d those the
/// log watched through day d, a figure by day N those watched N days (a simulation watches
/// everyone). Day d is the d-th 24 hours after the first launch; "by day N" is the first N × 24 h.
/// A payer has in-app revenue above zero; a repeat purchase is one on a later day than the first
/// launch's (day 0); revenue is in-app and ad revenue, refunds taken off.
public struct LifeFigures: Sendable, Equatable {
  /// The days the figures are taken by.
  public static let checkpoints = [2, 7, 35]
  private static let day: Int64 = 86_400_000

  /// Days counted after the first launch: days 0 to `horizonDays` − 1 (35: the last conversion
  /// window ends at the end of day 34).
  public let horizonDays: Int
  private var lastDay: Int { horizonDays - 1 }
  /// Users added.
  public private(set) var users = 0
  // Per day 0...lastDay: users watched through the day, and of them those active that day.
  private var watchedOnDay: [Int]
  private var activeOnDay: [Int]
  // Per checkpoint.
  private var watchedBy: [Int]
  private var payersBy: [Int]
  private var repeatersBy: [Int]
  private var revenueBy: [Double]
  private var revenueSquaresBy: [Double]

  /// Empty figures counting retention to `horizonDays`.
  public init(horizonDays: Int = 35) {
    self.horizonDays = horizonDays
    watchedOnDay = Array(repeating: 0, count: max(1, horizonDays))
    activeOnDay = watchedOnDay
    watchedBy = Array(repeating: 0, count: Self.checkpoints.count)
    payersBy = watchedBy
    repeatersBy = watchedBy
    revenueBy = Array(repeating: 0, count: Self.checkpoints.count)
    revenueSquaresBy = revenueBy
  }

  /// Adds a user's life, watched for `watchedMilliseconds` after their first launch (nil: to the end).
  package mutating func add(_ life: [LifeEvent], watchedMilliseconds: Int64? = nil) {
    users += 1
    let watched = watchedMilliseconds ?? .max
    let active = LifeEvent.activeDays(life, lastDay: max(0, lastDay))
    for day in 0...max(0, lastDay) where watched >= Int64(day + 1) * Self.day {
      watchedOnDay[day] += 1
      if active[day] { activeOnDay[day] += 1 }
    }
    for (index, checkpoint) in Self.checkpoints.enumerated() where watched >= Int64(checkpoint) * Self.day {
      let end = Int64(checkpoint) * Self.day
      var purchases = 0.0
      var revenue = 0.0
      var repeated = false
      for event in life where event.offset < end {
        switch event.kind {
        case .purchase:
          purchases += event.revenue
          revenue += event.revenue
          if event.offset >= Self.day { repeated = true }
        case .ad: revenue += event.revenue
        case .session, .event: break
        }
      }
      watchedBy[index] += 1
      if purchases > 0 { payersBy[index] += 1 }
      if repeated { repeatersBy[index] += 1 }
      revenueBy[index] += revenue
      revenueSquaresBy[index] += revenue * revenue
    }
  }

  /// The share of users active on `day` (1 or more) among those watched through it; nil when none was.
  public func retention(day: Int) -> Share? {
    guard day >= 0, day <= lastDay, watchedOnDay[day] > 0 else { return nil }
    return Share(count: activeOnDay[day], of: watchedOnDay[day])
  }

  /// Users watched through `day`.
  public func watched(day: Int) -> Int { day >= 0 && day <= lastDay ? watchedOnDay[day] : 0 }

  /// The share of users with in-app revenue by `checkpoint` (one of ``checkpoints``, within the
  /// horizon; nil otherwise).
  public func payerShare(by checkpoint: Int) -> Share? { share(payersBy, checkpoint) }

  /// The share of users with a purchase after day 0 by `checkpoint`.
  public func repeatShare(by checkpoint: Int) -> Share? { share(repeatersBy, checkpoint) }

  /// Mean revenue per user by `checkpoint`, with its sample standard deviation.
  public func revenuePerUser(by checkpoint: Int) -> (mean: Double, standardDeviation: Double, users: Int)? {
    guard checkpoint <= horizonDays, let index = Self.checkpoints.firstIndex(of: checkpoint), watchedBy[index] > 0 else { return nil }
    let count = Double(watchedBy[index])
    let mean = revenueBy[index] / count
    let variance = count > 1 ? max(0, (revenueSquaresBy[index] - count * mean * mean) / (count - 1)) : 0
    return (mean, variance.squareRoot(), watchedBy[index])
  }

  private func share(_ counts: [Int], _ checkpoint: Int) -> Share? {
    guard checkpoint <= horizonDays, let index = Self.checkpoints.firstIndex(of: checkpoint), watchedBy[index] > 0 else { return nil }
    return Share(count: counts[index], of: watchedBy[index])
  }

  /// A count out of a total.
  public struct Share: Sendable, Equatable {
    public var count: Int
    public var total: Int
    /// `count` of `total`.
    public init(count: Int, of total: Int) {
      self.count = count
      self.total = total
    }
    /// The share, in [0, 1].
    public var value: Double { Double(count) / Double(total) }
  }
}
