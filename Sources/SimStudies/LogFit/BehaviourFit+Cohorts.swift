import SimEngine
import SimJSON
import SimModel

extension BehaviourFit {
  /// Cohorts of the fitted behaviour, one per segment, each with `base`'s name (and the
  /// segment's), countries and ad side: `count` users shared by largest remainders, or, with a
  /// seed, each user's segment drawn by its share, as a log of that many users would have them
  /// (what a check against another sample needs).
  public func cohorts(like base: Cohort, count: Int, drawnWith seed: UInt64? = nil) -> [Cohort] {
    var counts: [Int]
    if let seed {
      var stream = RandomStream(seed: seed).child("segments")
      counts = Array(repeating: 0, count: segments.count)
      let cumulative = segments.reduce(into: [Double]()) { $0.append(($0.last ?? 0) + $1.share) }
      for _ in 0..<count {
        let draw = stream.nextUnit() * (cumulative.last ?? 1)
        counts[cumulative.firstIndex { draw < $0 } ?? segments.count - 1] += 1
      }
    } else {
      let exact = segments.map { $0.share * Double(count) }
      counts = exact.map { Int($0) }
      let order = exact.indices.sorted { (exact[$0] - Double(counts[$0]), -$0) > (exact[$1] - Double(counts[$1]), -$1) }
      for index in order.prefix(count - counts.reduce(0, +)) { counts[index] += 1 }
    }
    return zip(segments, counts).map { segment, users in
      var cohort = Cohort(
        name: "\(base.name)-\(segment.name)", count: users, country: base.country, arrivalStart: base.arrivalStart,
        arrivalSpread: base.arrivalSpread, exposures: base.exposures, install: base.install, firstLaunch: base.firstLaunch,
        retention: segment.retention, sessionsPerActiveDay: segment.behaviour.sessionsPerActiveDay,
        events: segment.behaviour.events, activeDays: horizonDays,
        reengagements: base.reengagements, appleAds: base.appleAds, trackingConsent: base.trackingConsent,
        adRevenue: segment.behaviour.adRevenue, seasonality: base.seasonality)
      cohort.log = nil
      return cohort
    }
  }

  /// The behaviour keys of segment `index`'s cohort as a scenario writes them: `retention`,
  /// `sessionsPerActiveDay`, `events`, `activeDays` and `adRevenue`.
  public func behaviourKeys(segment index: Int) -> [String: JSONValue] {
    let behaviour = segments[index].behaviour
    var keys: [String: JSONValue] = [
      "retention": .array(segments[index].retention.map { .double(Self.rounded($0)) }),
      "sessionsPerActiveDay": Self.json(behaviour.sessionsPerActiveDay),
      "activeDays": .int(Int64(horizonDays)),
      "events": .array(
        behaviour.events.map { event in
          var object: [String: JSONValue] = [
            "name": .string(event.name), "perDay": .array(event.perDay.map { .double(Self.rounded($0)) }),
          ]
          if let count = event.count { object["count"] = Self.json(count) }
          if let revenue = event.revenue {
            object["revenue"] = Self.json(revenue)
            object["currency"] = .string(event.currency)
          }
          return .object(object)
        }),
    ]
    if let ads = behaviour.adRevenue, let ecpm = ads.defaultECPM {
      keys["adRevenue"] = .object([
        "impressionsPerSession": Self.json(ads.impressionsPerSession), "ecpm": Self.json(ecpm), "currency": .string(ads.currency),
      ])
    }
    return keys
  }

  /// A distribution as a scenario writes it (the fit makes fixed values and choices only).
  static func json(_ distribution: Distribution) -> JSONValue {
    switch distribution {
    case .choice(let choice):
      return .object([
        "choice": .array(
          zip(choice.values, choice.weights).map { .object(["value": number($0), "weight": number($1)]) })
      ])
    case .fixed(let value): return number(value)
    default: return .object(["fixed": number(distribution.mean)])
    }
  }

  private static func number(_ value: Double) -> JSONValue {
    value == value.rounded() && abs(value) < 1e15 ? .int(Int64(value)) : .double(value)
  }

  /// Probabilities to six decimals: what a sampled log can tell apart.
  static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
