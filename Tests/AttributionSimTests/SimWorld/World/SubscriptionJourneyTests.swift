import AttributionSim
import AttributionTestSupport
import SimEngine
import Testing

/// One subscriber, all of whose choices are certain, through the world: what the app's
/// measurements hold in each conversion window, worked out by hand.
@Suite("Subscription journeys")
struct SubscriptionJourneyTests {
  /// The user arrives at 0, taps the ad at once, installs 1h later and opens the app 10m after
  /// that (first launch 1h10m), starting the 3-day trial of a 4.99 USD weekly plan in that
  /// session. They open the app again on days 3 and 10 after the first launch (one session a
  /// day, at a random time within the day) and never after. The trial converts at 3d1h10m and
  /// the week renews at 10d1h10m; the second renewal does not come (17d1h10m).
  static func scenario(seenBy: String) -> String {
    """
    {
      version: 1, name: "sub", seed: 5, epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "4.0" },
      app: { appId: 111 },
      products: [{ id: "weekly", period: "week", prices: { USD: 4.99 }, trial: { duration: "3d" } }],
      adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1234 }] }],
      publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
      schema: { version: 1, coarseValue: [{ value: "high", event: "renew" }, { value: "medium", event: "subscribe" }] },
      cohorts: [{
        name: "co", count: 1, arrivals: { from: "0d", to: "0d" },
        exposures: [{ network: "alpha", campaign: "c1", publisher: "pub", click: 1 }],
        install: { afterClick: 1, delay: "1h" }, firstLaunch: { probability: 1, delay: "10m" },
        retention: [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0], sessionsPerActiveDay: 1,
        subscription: { product: "weekly", start: 1, trialToPaid: 1, renewal: [1, 0], \(seenBy) },
      }],
    }
    """
  }

  static func truth(_ text: String) throws -> [Measures] {
    let (_, outputs) = ScenarioRunner.collect(try TestScenarios.load(text))
    let conversion = try #require(outputs.conversions.first)
    return conversion.truth.windows
  }

  /// Windows run from the first launch: [0, 2d), [2d, 7d), [7d, 35d). The charge at 3d1h10m is
  /// seen at the day-3 session (window 2), the renewal at 10d1h10m at the day-10 session
  /// (window 3). The expiry at 17d1h10m has no launch after it: the app never learns of it.
  @Test("a renewal while the app is closed is measured at the next launch, in that launch's window")
  func nextLaunchPath() throws {
    let text = Self.scenario(seenBy: #"seenBy: "nextLaunch""#)
    let scenario = try TestScenarios.load(text)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: 5))
    let plan = behaviour.plan(of: 0, arrival: .zero)
    let launches = plan.remainingActions().filter { $0.action == .launch }.map(\.at)
    try #require(launches.count == 3)
    #expect(launches[0] == .hours(1) + .minutes(10))
    let events = plan.remainingActions().compactMap { step -> (SimDuration, String, Double?)? in
      guard case .event(let name, let revenue, _) = step.action else { return nil }
      return (step.at, name, revenue)
    }
    #expect(events.map(\.1) == ["trial_start", "subscribe", "renew"])
    #expect(events.map(\.0) == launches)
    #expect(events.map(\.2) == [nil, 4.99, 4.99])
    #expect(launches[1] > .days(3) + .minutes(70) && launches[2] > .days(10) + .minutes(70))

    let windows = try Self.truth(text)
    let names = scenario.schema.eventNames
    func count(_ name: String, _ window: Int) -> Int { windows[window].eventCounts[names.firstIndex(of: name)!] }
    #expect(windows.map(\.purchaseRevenue) == [[0], [4.99], [4.99]])
    #expect(count("subscribe", 1) == 1 && count("renew", 2) == 1 && count("renew", 1) == 0)
    #expect(windows.map(\.sessions) == [1, 1, 1])
  }

  /// On the server path each step is seen 2 minutes after it happens, app closed or not:
  /// the charge at 3d1h12m (window 2), the renewal at 10d1h12m (window 3), and the expiry at
  /// 17d1h12m, which the app now learns of (window 3).
  @Test("the server path measures each step its delay after it happens, the expiry included")
  func serverPath() throws {
    let text = Self.scenario(seenBy: #"seenBy: "server", serverDelay: "2m""#)
    let scenario = try TestScenarios.load(text)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: 5))
    let events = behaviour.plan(of: 0, arrival: .zero).remainingActions().compactMap { step -> (SimDuration, String)? in
      guard case .event(let name, _, _) = step.action else { return nil }
      return (step.at, name)
    }
    #expect(events.map(\.1) == ["trial_start", "subscribe", "renew", "subscription_expired"])
    let expected: [SimDuration] = [
      .minutes(70), SimDuration.days(3) + .minutes(72), SimDuration.days(10) + .minutes(72), SimDuration.days(17) + .minutes(72),
    ]
    #expect(events.map(\.0) == expected)
    let windows = try Self.truth(text)
    #expect(windows.map(\.purchaseRevenue) == [[0], [4.99], [4.99]])
  }
}
