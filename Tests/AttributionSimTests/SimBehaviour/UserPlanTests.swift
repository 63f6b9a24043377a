import AttributionSim
import AttributionTestSupport
import SimEngine
import SimModel
import Testing

/// A cohort user's days after the first launch are drawn as the run reaches them, not up front.
@Suite("User plan")
struct UserPlanTests {
  /// 2,000 users over 30 active days, five sessions a day spread over the whole day, events up to
  /// ten minutes after their session (so some spill into the next day), ad revenue per session
  /// and a re-engagement: every day's own stream, drawn when its day comes.
  static let scenario = """
    {
      version: 1, name: "p", seed: 11, epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "adattributionkit", iosVersion: "18.4" },
      app: { appId: 111 },
      adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1234, eligibleForReengagement: true }] }],
      publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
      cohorts: [{
        name: "co", count: 2000, exposures: [], arrivals: { from: "0d", to: "1d" },
        install: { organic: 1, delay: "1h" }, firstLaunch: { probability: 1, delay: "10m" },
        activeDays: 30, retention: [0.9], sessionsPerActiveDay: 5,
        events: [
          { name: "level", perDay: 0.9, count: { poisson: { mean: 1.5 } }, per: "session" },
          { name: "purchase", perDay: 0.3, revenue: 2 },
        ],
        adRevenue: { impressionsPerSession: 4, ecpm: { "*": 10 } },
        // The second taps at the first launch itself: the same instant as day 0's first session,
        // which must stay after it (drawn first), though day 0 is drawn later.
        reengagements: [
          { network: "alpha", campaign: "c1", publisher: "pub", reach: 0.5, delay: "5d12h", url: "https://e.example/r" },
          { network: "alpha", campaign: "c1", publisher: "pub", reach: 1, delay: "0s", url: "https://e.example/now" },
        ],
      }],
    }
    """

  /// Taken one by one, a plan gives exactly the actions, in exactly the order, of the same plan
  /// with all its days drawn at once and sorted (ties in draw order): drawing a day late changes
  /// neither a draw nor the order, even where a day's late events fall after the next day starts.
  @Test("a plan drawn a day at a time gives the actions and order of one drawn at once")
  func drawnADayAtATimeMatchesDrawnAtOnce() throws {
    let scenario = try TestScenarios.load(Self.scenario)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: scenario.seed))
    var spills = 0
    var ties = 0
    for index in 0..<scenario.cohorts[0].count {
      var plan = behaviour.plan(of: index, arrival: behaviour.arrival(of: index))
      let atOnce = plan.actionsDrawnAtOnce
      var taken: [TimedAction] = []
      while plan.next != nil { taken.append(plan.take()) }
      // The first difference, not two arrays of hundreds of actions, when they differ.
      let difference = zip(taken, atOnce).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(
        taken.count == atOnce.count && difference == nil,
        "user \(index): \(taken.count) against \(atOnce.count) actions, first difference \(String(describing: difference))")
      #expect(plan.isDone)
      spills += Self.spills(atOnce)
      // The tap at the first launch and the launch itself share an instant, tap first.
      if let launch = atOnce.firstIndex(where: { $0.action == .launch }), launch > 0,
        atOnce[launch - 1].at == atOnce[launch].at, case .impression = atOnce[launch - 1].action
      {
        ties += 1
      }
    }
    // The merge is exercised: many days' events fall after the next day has started.
    #expect(spills > 50)
    #expect(ties == scenario.cohorts[0].count)
  }

  /// Actions in the first ten minutes of a day (counted from the first launch) before any launch
  /// of that day: they belong to the day before, whose last session was late.
  static func spills(_ actions: [TimedAction]) -> Int {
    guard let first = actions.first(where: { $0.action == .launch })?.at.milliseconds else { return 0 }
    let day: Int64 = 86_400_000
    var count = 0
    var launchedToday = -1
    for step in actions where step.at.milliseconds >= first + day {
      let dayIndex = Int((step.at.milliseconds - first) / day)
      if step.action == .launch {
        launchedToday = dayIndex
      } else if launchedToday != dayIndex, (step.at.milliseconds - first) % day < 600_000 {
        count += 1
      }
    }
    return count
  }

  /// An installer with 30 active days holds about a day of actions at a time, not all of them.
  @Test("an installer's plan holds a day or so of actions, not every day's")
  func holdsADayAtATime() throws {
    let scenario = try TestScenarios.load(Self.scenario)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: scenario.seed))
    var plan = behaviour.plan(of: 0, arrival: behaviour.arrival(of: 0))
    let total = plan.remainingActions().count
    var most = 0
    while plan.next != nil {
      _ = plan.take()
      most = max(most, plan.heldActions)
    }
    #expect(total > 300)
    #expect(most < total / 10)
  }
}
