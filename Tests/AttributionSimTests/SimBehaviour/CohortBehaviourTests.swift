import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// Cohort plans drawn from counted events, ad revenue, seasonal arrivals and campaign flights.
@Suite("Cohort behaviour")
struct CohortBehaviourTests {
  /// A cohort of `count` users who all install organically within the hour of arriving and open
  /// the app; day 0 only, unless `extra` says otherwise.
  static func scenario(count: Int, cohort extra: String, top: String = "") -> String {
    """
    {
      version: 1, name: "b", seed: 11, epoch: "2026-03-02T00:00:00Z", \(top)
      platform: { framework: "skadnetwork", version: "4.0" },
      app: { appId: 111 },
      adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1234 }] }],
      publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
      cohorts: [{
        name: "co", count: \(count), exposures: [],
        install: { organic: 1, delay: "1h" }, firstLaunch: { probability: 1, delay: "10m" },
        activeDays: 1, \(extra)
      }],
    }
    """
  }

  static func plans(_ text: String) throws -> [UserPlan] {
    let scenario = try TestScenarios.load(text)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: scenario.seed))
    return (0..<scenario.cohorts[0].count).map { behaviour.plan(of: $0, arrival: behaviour.arrival(of: $0)) }
  }

  static func meanAndVariance(_ values: [Double]) -> (mean: Double, variance: Double) {
    let mean = values.reduce(0, +) / Double(values.count)
    return (mean, values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1))
  }

  /// 20,000 users, seed 11. Per day: Poisson(2.5) purchases of 1.00 each. Per session (3 a
  /// day): Poisson(1.5) levels, 4.5 a day. Per session: Poisson(6) impressions at a 10 USD eCPM,
  /// 0.18 USD a day. A Poisson count's mean and variance are both its mean; the tolerance is
  /// four standard errors of the mean (sqrt(variance / n)), and 10 % for the variance (whose
  /// standard error at n = 20,000 is about 1 %).
  @Test("event counts per day and per session, and ad revenue per session, match their distributions")
  func countsMatchTheirDistributions() throws {
    let users = 20_000
    let plans = try Self.plans(
      Self.scenario(
        count: users,
        cohort: """
          arrivals: { from: "0d", to: "1d" }, sessionsPerActiveDay: 3,
          events: [
            { name: "purchase", count: { poisson: { mean: 2.5 } }, revenue: 1 },
            { name: "level", perDay: 1, count: { poisson: { mean: 1.5 } }, per: "session" },
          ],
          adRevenue: { impressionsPerSession: { poisson: { mean: 6 } }, ecpm: { US: 10, "*": 1 } },
          """))
    var purchases: [Double] = [], levels: [Double] = [], purchaseRevenue: [Double] = [], adRevenue: [Double] = []
    for plan in plans {
      var counts = (purchase: 0.0, level: 0.0, revenue: 0.0, ad: 0.0)
      for step in plan.remainingActions() {
        switch step.action {
        case .event("purchase", let revenue, _): counts.purchase += 1; counts.revenue += revenue ?? 0
        case .event("level", _, _): counts.level += 1
        case .revenue(let amount, .ad, _): counts.ad += amount
        default: break
        }
      }
      #expect(plan.remainingActions().filter { $0.action == .launch }.count == 3)
      purchases.append(counts.purchase)
      levels.append(counts.level)
      purchaseRevenue.append(counts.revenue)
      adRevenue.append(counts.ad)
    }
    #expect(plans.count == users)
    let purchase = Self.meanAndVariance(purchases)
    #expect(abs(purchase.mean - 2.5) < 4 * (2.5 / Double(users)).squareRoot())
    #expect(abs(purchase.variance / 2.5 - 1) < 0.1)
    // Revenue per occurrence: 1.00 each, so revenue is the count.
    #expect(purchaseRevenue == purchases)
    let level = Self.meanAndVariance(levels)
    #expect(abs(level.mean - 4.5) < 4 * (4.5 / Double(users)).squareRoot())
    #expect(abs(level.variance / 4.5 - 1) < 0.1)
    // 18 impressions a day at 10 USD per thousand: 0.18 USD, sd 0.01 × sqrt(18) a user.
    let ads = Self.meanAndVariance(adRevenue)
    #expect(abs(ads.mean - 0.18) < 4 * 0.01 * (18 / Double(users)).squareRoot())
  }

  @Test("a Poisson distribution's draws have its mean, its variance and its chance of zero")
  func poissonDraws() {
    var stream = RandomStream(seed: 3)
    let n = 100_000
    let draws = (0..<n).map { _ in Distribution.poisson(mean: 3).sample(using: &stream) }
    let (mean, variance) = Self.meanAndVariance(draws)
    #expect(abs(mean - 3) < 4 * (3 / Double(n)).squareRoot())
    #expect(abs(variance / 3 - 1) < 0.05)
    let zeros = Double(draws.filter { $0 == 0 }.count) / Double(n)
    let p0 = exp(-3.0)
    #expect(abs(zeros - p0) < 4 * (p0 * (1 - p0) / Double(n)).squareRoot())
    #expect(draws.allSatisfy { $0 == $0.rounded() && $0 >= 0 })
  }

  /// Arrivals over 14 days from Monday 2 March 2026, weighted 1 on weekdays and 3 at weekends:
  /// weekends hold 2 × 2 × 3 = 12 of 10 × 1 + 12 = 22 parts, 54.5 %; with no weekday weight
  /// they are uniform, 4 / 14 = 28.6 %. `daily` weighs the first calendar day 0: nobody comes.
  @Test("seasonality shapes arrivals by weekday and by day")
  func seasonalityShapesArrivals() throws {
    func weekendShare(_ arrivals: String) throws -> Double {
      let text = Self.scenario(count: 20_000, cohort: "arrivals: \(arrivals),")
      let scenario = try TestScenarios.load(text)
      let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: 11))
      let days = (0..<20_000).map { (behaviour.arrival(of: $0) - SimTime.zero).milliseconds / 86_400_000 }
      // Day 0 is a Monday: days 5, 6, 12, 13 are the weekend.
      return Double(days.filter { [5, 6, 12, 13].contains($0) }.count) / 20_000
    }
    let seasonal = try weekendShare(#"{ from: "0d", to: "14d", dayOfWeek: [1, 1, 1, 1, 1, 3, 3] }"#)
    #expect(abs(seasonal - 12.0 / 22) < 0.015)
    let uniform = try weekendShare(#"{ from: "0d", to: "14d" }"#)
    #expect(abs(uniform - 4.0 / 14) < 0.015)
    let text = Self.scenario(count: 2_000, cohort: #"arrivals: { from: "0d", to: "3d", daily: [0, 1, 2] },"#)
    let scenario = try TestScenarios.load(text)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: 11))
    let days = (0..<2_000).map { (behaviour.arrival(of: $0) - SimTime.zero).milliseconds / 86_400_000 }
    #expect(!days.contains(0))
    // Day 2 weighs twice day 1: 2/3 of arrivals, within four standard errors (0.0105 each).
    let dayTwo = Double(days.filter { $0 == 2 }.count) / 2_000
    #expect(abs(dayTwo - 2.0 / 3) < 0.045)
  }

  /// The epoch is 2 March 2026: "2026-03-03" is "1d", and "2026-03-02T06:00:00Z" is "6h".
  @Test("calendar dates equal the same offsets from the epoch")
  func calendarDatesEqualOffsets() throws {
    let cohort = { (from: String, to: String) in
      """
      arrivals: { from: "\(from)", to: "\(to)" },
      exposures: [{ network: "alpha", campaign: "c1", publisher: "pub", click: 1 }],
      """
    }
    func variant(_ from: String, _ to: String, flight: (String, String), horizon: String) -> String {
      Self.scenario(count: 50, cohort: cohort(from, to), top: "horizon: \"\(horizon)\",")
        .replacing(required: "exposures: [],", with: "")
        .replacing(
          required: #"sourceIdentifier: 1234 }"#,
          with: #"sourceIdentifier: 1234, flight: { start: "\#(flight.0)", end: "\#(flight.1)" } }"#)
        .replacing(required: "install: { organic: 1,", with: "install: { afterClick: 0.5, organic: 0.1,")
    }
    let dated = variant("2026-03-03", "2026-03-05T12:00:00Z", flight: ("2026-03-03T06:00:00Z", "2026-03-04"), horizon: "2026-05-01")
    let offsets = variant("1d", "3d12h", flight: ("1d6h", "2d"), horizon: "60d")
    let a = try TestScenarios.load(dated), b = try TestScenarios.load(offsets)
    #expect(a.cohorts == b.cohorts)
    #expect(a.adNetworks == b.adNetworks)
    #expect(a.horizon == b.horizon)
    #expect(a.adNetworks[0].campaigns[0].flight == CampaignFlight(start: .hours(30), end: .days(2)))
    let (runA, runB) = (try TestScenarios.run(dated), try TestScenarios.run(offsets))
    #expect(runA.postbacks.map(\.payload) == runB.postbacks.map(\.payload))
    #expect(runA.summary.installs == runB.summary.installs)
  }

  /// A flight from day 1 to day 2 against arrivals over days 0–3 with no delay: only users who
  /// arrive inside it see the ad, so every impression falls in it.
  @Test("campaign flights limit exposures to their dates")
  func flightsLimitExposures() throws {
    let text = Self.scenario(
      count: 400,
      cohort: #"arrivals: { from: "0d", to: "3d" }, exposures: [{ network: "alpha", campaign: "c1", publisher: "pub", click: 1 }],"#
    )
    .replacing(required: "exposures: [],", with: "")
    .replacing(required: #"sourceIdentifier: 1234 }"#, with: #"sourceIdentifier: 1234, flight: { start: "1d", end: "2d" } }"#)
    let impressions = try Self.plans(text).flatMap { plan in
      plan.remainingActions().filter { if case .impression = $0.action { true } else { false } }.map(\.at)
    }
    #expect(!impressions.isEmpty)
    #expect(impressions.allSatisfy { $0 >= .days(1) && $0 < .days(2) })
    // About a third of the 400 arrive in the flight (sd about 9.4).
    #expect(abs(impressions.count - 133) < 40)
  }
}
