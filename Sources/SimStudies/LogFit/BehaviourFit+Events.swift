import Foundation
import SimEngine
import SimModel

extension BehaviourFit {
  /// Days whose event probabilities are fitted one by one; later days share one (a cohort
  /// event's `perDay` repeats its last value).
  static let separateDays = 7
  /// Distinct values up to which a distribution is the values with their weights; above, a
  /// table of 21 quantiles.
  static let choiceLimit = 20

  /// Sessions, events and ad revenue of a group of users: per active day the sessions (the first
  /// launch is day 0's first; a session logged at the launch is the launch itself), per event
  /// name the days it happens on, how often on such a day and what it earns; per session the ads
  /// shown and their eCPM.
  static func behaviour(
    _ lives: [[LifeEvent]], days: [[Bool]], lastDay: Int, currency: String, refunds refundsLeftOut: inout Int
  ) -> Behaviour {
    var sessionCounts: [Int: Int] = [:]
    var activeDays = Array(repeating: 0, count: Self.separateDays + 1)
    struct EventTally {
      var daysWith = Array(repeating: 0, count: BehaviourFit.separateDays + 1)
      // Day 0's and later days' counts and revenue apart: a first day's purchases often differ.
      var counts: [[Int: Int]] = [[:], [:]]
      var revenues: [[Double]] = [[], []]
      var purchases = 0
      var occurrences = 0
    }
    var tallies: [String: EventTally] = [:]
    var impressionsPerSession: [Int: Int] = [:]
    var ecpms: [Double] = []
    let horizon = Int64(lastDay)
    for (user, life) in lives.enumerated() {
      var byDay: [Int: [LifeEvent]] = [:]
      for event in life where event.offset >= 0 && event.offset / Self.dayLength <= horizon {
        byDay[Int(event.offset / Self.dayLength), default: []].append(event)
      }
      for (day, active) in days[user].enumerated() where active {
        let events = byDay[day] ?? []
        let slot = min(day, Self.separateDays)
        activeDays[slot] += 1
        let sessions = events.filter { $0.kind == .session && !(day == 0 && $0.offset == 0) }.count + (day == 0 ? 1 : 0)
        sessionCounts[max(1, sessions), default: 0] += 1
        var perName: [String: Int] = [:]
        for event in events where event.kind != .session {
          guard let name = event.name else { continue }
          perName[name, default: 0] += 1
          var tally = tallies[name] ?? EventTally()
          tally.occurrences += 1
          if event.kind == .purchase {
            tally.purchases += 1
            if event.revenue > 0 {
              tally.revenues[day == 0 ? 0 : 1].append(event.revenue)
            } else if event.revenue < 0 {
              refundsLeftOut += 1
            }
          }
          if event.kind == .ad, event.revenue > 0 { ecpms.append(event.revenue * 1_000) }
          tallies[name] = tally
        }
        for (name, count) in perName {
          tallies[name]?.daysWith[slot] += 1
          tallies[name]?.counts[day == 0 ? 0 : 1][count, default: 0] += 1
        }
        // Ads by session: each ad belongs to the latest session started before it.
        var sessionAds = day == 0 ? [0] : []
        for event in events.sorted(by: { $0.offset < $1.offset }) {
          if event.kind == .session, !(day == 0 && event.offset == 0) { sessionAds.append(0) }
          if event.kind == .ad {
            if sessionAds.isEmpty { sessionAds.append(0) }
            sessionAds[sessionAds.count - 1] += 1
          }
        }
        if !ecpms.isEmpty || events.contains(where: { $0.kind == .ad }) {
          for ads in sessionAds { impressionsPerSession[ads, default: 0] += 1 }
        }
      }
    }
    var behaviour = Behaviour()
    behaviour.sessionsPerActiveDay = Self.discrete(sessionCounts)
    behaviour.events = tallies.keys.sorted().flatMap { name -> [CohortEvent] in
      guard let tally = tallies[name] else { return [] }
      let perDay = (0...Self.separateDays).map { activeDays[$0] > 0 ? Double(tally.daysWith[$0]) / Double(activeDays[$0]) : 0 }
      // A name that mostly came with in-app revenue is a purchase; ad revenue goes to `adRevenue`.
      let isPurchase = tally.purchases * 2 > tally.occurrences && !tally.revenues.allSatisfy(\.isEmpty)
      func event(perDay: [Double], counts: [Int: Int], revenues: [Double]) -> CohortEvent {
        CohortEvent(
          name: name, perDay: Self.trimmed(perDay), revenue: isPurchase && !revenues.isEmpty ? Self.amounts(revenues) : nil,
          revenueKind: .inAppPurchase, currency: currency, count: counts.keys.contains { $0 > 1 } ? Self.discrete(counts) : nil,
          countPer: .day)
      }
      // A purchase made on both the first day and later ones is two events of one name, each
      // with its days' counts and amounts; the days do not overlap, so neither changes the other.
      guard isPurchase, !tally.revenues[0].isEmpty, !tally.revenues[1].isEmpty else {
        return [event(perDay: perDay, counts: tally.counts[0].merging(tally.counts[1], uniquingKeysWith: +), revenues: tally.revenues[0] + tally.revenues[1])]
      }
      return [
        event(perDay: [perDay[0], 0], counts: tally.counts[0], revenues: tally.revenues[0]),
        event(perDay: [0] + perDay.dropFirst(), counts: tally.counts[1], revenues: tally.revenues[1]),
      ]
    }
    if !ecpms.isEmpty {
      behaviour.adRevenue = CohortAdRevenue(
        impressionsPerSession: Self.discrete(impressionsPerSession), ecpmByCountry: [:], defaultECPM: Self.amounts(ecpms),
        currency: currency)
    }
    return behaviour
  }

  static let dayLength: Int64 = 86_400_000

  /// Whole counts with their frequencies as a choice (one value: fixed).
  static func discrete(_ counts: [Int: Int]) -> Distribution {
    let entries = counts.keys.sorted().map { (value: Double($0), weight: Double(counts[$0] ?? 0)) }
    if entries.count == 1 { return .fixed(entries[0].value) }
    guard entries.count <= choiceLimit * 5 else {
      return amounts(counts.flatMap { Array(repeating: Double($0.key), count: $0.value) })
    }
    return entries.isEmpty ? .fixed(1) : .choice(WeightedChoice(entries))
  }

  /// Amounts as their values and weights when few; else grouped to two significant digits, each
  /// group its values' mean with their count as weight, so the mean is kept exactly.
  static func amounts(_ values: [Double]) -> Distribution {
    var exact: [Double: Int] = [:]
    for value in values { exact[value, default: 0] += 1 }
    if exact.count == 1, let only = exact.keys.first { return .fixed(only) }
    if exact.count <= choiceLimit {
      return .choice(WeightedChoice(exact.keys.sorted().map { (value: $0, weight: Double(exact[$0] ?? 0)) }))
    }
    var groups: [Double: (sum: Double, count: Int)] = [:]
    for value in values {
      let scale = value > 0 ? Foundation.pow(10, Foundation.floor(Foundation.log10(value)) - 1) : 1
      let key = (value / scale).rounded() * scale
      groups[key, default: (0, 0)].sum += value
      groups[key, default: (0, 0)].count += 1
    }
    return .choice(
      WeightedChoice(groups.keys.sorted().compactMap { key in
        groups[key].map { (value: ($0.sum / Double($0.count) * 10_000).rounded() / 10_000, weight: Double($0.count)) }
      }))
  }

  /// Probabilities per day with trailing repeats of the last dropped (it repeats anyway).
  static func trimmed(_ perDay: [Double]) -> [Double] {
    var result = perDay
    while result.count > 1, result[result.count - 1] == result[result.count - 2] { result.removeLast() }
    return result
  }
}
