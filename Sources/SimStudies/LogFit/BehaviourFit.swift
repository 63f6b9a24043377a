import Foundation
import SimEngine
import SimModel

/// The cohort behaviour model fitted to an event log's users: retention, sessions per active
/// day, events per day with their counts and revenue, and ad revenue per session.
///
/// Users differ: some never come back, some come back daily; a few pay, most never do. One
/// cohort of independent days would spread returns and purchases over everyone and overstate
/// the users who return or pay at all, so the fit is a mixture of segments: payers (in-app
/// revenue within the horizon) and the others, each by the day of a user's first return (each
/// day of the horizon, or never). A segment's users open the app on that day, then
/// return with the retention its own users showed after their first return (all of its group's
/// returners' where fewer than 10 were watched). The shares are Kaplan–Meier estimates within
/// each group, so users the log stopped watching early count for the days it saw. Days no user
/// was watched through are extrapolated (a power law in the day, fitted to the watched days)
/// and listed in ``extrapolatedDays``. Sessions, events and revenue are fitted per group.
public struct BehaviourFit: Sendable {
  /// Users of one group who first come back on the same day, or never.
  public struct Segment: Sendable, Equatable {
    /// `payers-day3`, `others-never`.
    public var name: String
    /// Their share of the users.
    public var share: Double
    /// The day they first come back; nil for never.
    public var firstReturn: Int?
    /// Probability of a session on day 1, 2, 3 … (index 0 is day 1), as a cohort's `retention`.
    public var retention: [Double]
    /// The group's sessions, events and ad revenue.
    public var behaviour: Behaviour
  }

  /// What a group's users do on an active day.
  public struct Behaviour: Sendable, Equatable {
    /// Sessions on an active day.
    public var sessionsPerActiveDay: Distribution = .fixed(1)
    /// In-app events, their days, counts and revenue.
    public var events: [CohortEvent] = []
    /// Ads in sessions; nil when the group earns no ad revenue.
    public var adRevenue: CohortAdRevenue?
  }

  /// The days a fit is made to (the log's horizon).
  public let horizonDays: Int
  /// The segments, with shares summing to 1.
  public var segments: [Segment] = []
  /// Days of the first-return curve or of the retention after it that no user of the log was
  /// watched through, and were extrapolated.
  public var extrapolatedDays: [Int] = []
  /// Logged users the fit was made from.
  public var users = 0
  /// The currency revenue is in: the log's, converted.
  public let currency: String
  /// Refunds the fit left out (the model's events carry no negative revenue).
  public var refundsLeftOut = 0

  private static let day: Int64 = 86_400_000
  /// Below this many users watched, a segment's own retention gives way to all returners'.
  private static let fewestWatched = 10

  /// Fits `users`, kept to `horizonDays` after their first launch.
  public init(_ users: LoggedUsers, horizonDays: Int = 35) {
    self.horizonDays = horizonDays
    self.users = users.count
    currency = users.currency
    let lastDay = horizonDays - 1
    let lives = (0..<users.count).map { (life: LifeEvent.life(of: $0, in: users), watched: Int(users.observed($0).milliseconds / Self.day)) }
    let end = Int64(horizonDays) * Self.day
    let payers = lives.map { user in user.life.contains { $0.kind == .purchase && $0.revenue > 0 && $0.offset < end } }
    var extrapolated = Set<Int>()
    for (group, isPayer) in [("payers", true), ("others", false)] {
      let members = lives.indices.filter { payers[$0] == isPayer }
      guard !members.isEmpty else { continue }
      let share = Double(members.count) / Double(lives.count)
      let days = members.map { LifeEvent.activeDays(lives[$0].life, lastDay: lastDay) }
      let firstReturns = days.map { active in lastDay >= 1 ? (1...lastDay).first { active[$0] } : nil }
      let behaviour = Self.behaviour(members.map { lives[$0].life }, days: days, lastDay: lastDay, currency: currency, refunds: &refundsLeftOut)
      segments += Self.segments(
        group: group, share: share, days: days, watched: members.map { lives[$0].watched }, firstReturns: firstReturns,
        lastDay: lastDay, behaviour: behaviour, extrapolated: &extrapolated)
    }
    extrapolatedDays = extrapolated.sorted()
  }

  /// The fitted share of users active on `day` (1 or more): each segment's chance, weighted by
  /// its share — what a cohort's `retention` for that day would be.
  public func retention(day: Int) -> Double {
    segments.reduce(0) { total, segment in
      guard let first = segment.firstReturn, day >= first, day - 1 < segment.retention.count else { return total }
      return total + segment.share * segment.retention[day - 1]
    }
  }

  // MARK: - Segments

  /// A group's segments by first return, their shares summing to `share`.
  private static func segments(
    group: String, share groupShare: Double, days: [[Bool]], watched: [Int], firstReturns: [Int?], lastDay: Int,
    behaviour: Behaviour, extrapolated: inout Set<Int>
  ) -> [Segment] {
    guard lastDay >= 1 else {
      return [Segment(name: "\(group)-never", share: groupShare, firstReturn: nil, retention: [0], behaviour: behaviour)]
    }
    // Kaplan–Meier: the hazard of a first return on day d among users still out and watched.
    var hazard = Array(repeating: 0.0, count: lastDay + 1)
    var atRisk = Array(repeating: 0, count: lastDay + 1)
    for d in 1...lastDay {
      var returns = 0
      for (user, first) in firstReturns.enumerated() {
        if first == d {
          returns += 1
          atRisk[d] += 1
        } else if watched[user] >= d + 1, first.map({ $0 > d }) ?? true {
          atRisk[d] += 1
        }
      }
      hazard[d] = atRisk[d] > 0 ? Double(returns) / Double(atRisk[d]) : 0
    }
    // Days whose hazard nobody shows: no user still out was watched through them, yet some were
    // still out when the log stopped watching them. (When everyone has come back, none is needed.)
    let unwatched = (1...lastDay).filter { d in
      atRisk[d] == 0 && firstReturns.indices.contains { firstReturns[$0] == nil && watched[$0] < d + 1 }
    }
    if !unwatched.isEmpty {
      let curve = powerLaw(points: (1...lastDay).filter { atRisk[$0] > 0 }.map { (Double($0), hazard[$0], Double(atRisk[$0])) })
      for d in unwatched { hazard[d] = curve(Double(d)) }
      extrapolated.formUnion(unwatched)
    }
    var firstReturnShare = Array(repeating: 0.0, count: lastDay + 1)
    var surviving = 1.0
    for d in 1...lastDay {
      firstReturnShare[d] = surviving * hazard[d]
      surviving *= 1 - hazard[d]
    }
    // Retention after the first return, by days since it: the group's returners', then each segment's.
    let returners = firstReturns.indices.filter { firstReturns[$0] != nil }
    let pooledTable = conditionalRetention(users: returners, days: days, watched: watched, firstReturns: firstReturns, lastDay: lastDay)
    let pooled = filled(pooledTable)
    var segments: [Segment] = []
    // A segment per first-return day: weeks would put a week's first returns on one day and
    // leave the other days' retention short.
    for first in 1...lastDay {
      let share = firstReturnShare[first]
      guard share > 0 else { continue }
      let members = firstReturns.indices.filter { firstReturns[$0] == first }
      let own = conditionalRetention(users: members, days: days, watched: watched, firstReturns: firstReturns, lastDay: lastDay)
      var retention = Array(repeating: 0.0, count: lastDay)
      retention[first - 1] = 1
      for k in 1..<max(1, lastDay - first + 1) {
        let (active, count) = own[k]
        if count >= fewestWatched {
          retention[first - 1 + k] = Double(active) / Double(count)
        } else {
          retention[first - 1 + k] = pooled[k]
          // No returner of the group was watched this long after their first return.
          if pooledTable[k].1 == 0 { extrapolated.insert(first + k) }
        }
      }
      segments.append(
        Segment(name: "\(group)-day\(first)", share: groupShare * share, firstReturn: first, retention: retention, behaviour: behaviour))
    }
    if surviving > 0 {
      segments.append(
        Segment(name: "\(group)-never", share: groupShare * surviving, firstReturn: nil, retention: [0], behaviour: behaviour))
    }
    return segments
  }

  /// Per day k since the first return (index k, 1…lastDay − 1): users active that day, and users watched through it.
  private static func conditionalRetention(
    users: [Int], days: [[Bool]], watched: [Int], firstReturns: [Int?], lastDay: Int
  ) -> [(Int, Int)] {
    var table = Array(repeating: (0, 0), count: lastDay)
    for user in users {
      guard let first = firstReturns[user] else { continue }
      for k in 1..<max(1, lastDay) where first + k <= lastDay && watched[user] >= first + k + 1 {
        table[k].1 += 1
        if days[user][first + k] { table[k].0 += 1 }
      }
    }
    return table
  }

  /// A curve over days since the first return from the pooled table: each day's share where
  /// someone was watched, a power law through them where no one was.
  private static func filled(_ table: [(Int, Int)]) -> [Double] {
    let points = table.indices.dropFirst().filter { table[$0].1 > 0 }.map {
      (Double($0), Double(table[$0].0) / Double(table[$0].1), Double(table[$0].1))
    }
    let curve = powerLaw(points: points)
    return table.indices.map { k in
      guard k > 0 else { return 0 }
      if table[k].1 > 0 { return Double(table[k].0) / Double(table[k].1) }
      return curve(Double(k))
    }
  }

  /// Least squares of log y on log x, weighted, through points with y above zero: a·x^b, within
  /// [0, 1]; the last point's y when fewer than two points are usable, 0 when none is.
  static func powerLaw(points: [(x: Double, y: Double, weight: Double)]) -> (Double) -> Double {
    let usable = points.filter { $0.y > 0 && $0.x > 0 }
    guard usable.count >= 2 else {
      let last = usable.last?.y ?? 0
      return { _ in last }
    }
    let total = usable.reduce(0) { $0 + $1.weight }
    let meanX = usable.reduce(0) { $0 + $1.weight * Foundation.log($1.x) } / total
    let meanY = usable.reduce(0) { $0 + $1.weight * Foundation.log($1.y) } / total
    let sxy = usable.reduce(0) { $0 + $1.weight * (Foundation.log($1.x) - meanX) * (Foundation.log($1.y) - meanY) }
    let sxx = usable.reduce(0) { $0 + $1.weight * (Foundation.log($1.x) - meanX) * (Foundation.log($1.x) - meanX) }
    let slope = sxx > 0 ? min(0, sxy / sxx) : 0
    let intercept = meanY - slope * meanX
    return { x in min(1, max(0, Foundation.exp(intercept + slope * Foundation.log(x)))) }
  }
}
