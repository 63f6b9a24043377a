import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// Cohorts whose users live logged timelines after their first launch: replayed once each, or
/// resampled whole, within a country when stratified.
@Suite("Cohort behaviour: logged users")
struct LoggedCohortTests {
  private static let minute = SimDuration.minutes(1)

  /// Logged user 0 (Japan): a purchase a minute in, a session and an ad a day later, a level on
  /// day 2 and a refund on day 3. Logged user 1 (United States): one session two hours in.
  private static var log: LoggedUsers {
    var users = LoggedUsers(currency: "USD")
    let (purchase, session, ad, level, open) = (
      users.eventName("in_app_purchase"), users.eventName("session_start"), users.eventName("ad_impression"),
      users.eventName("level_up"), users.eventName("first_open")
    )
    users.append(
      country: "JP", observed: .days(10),
      events: [
        .init(offset: .zero, kind: .firstLaunch, name: open), .init(offset: .zero, kind: .session, name: session),
        .init(offset: minute, kind: .purchase, name: purchase, revenue: 4.99),
        .init(offset: .days(1) + minute * 5, kind: .session, name: session),
        .init(offset: .days(1) + minute * 6, kind: .adRevenue, name: ad, revenue: 0.01),
        .init(offset: .days(2), kind: .event, name: level),
        .init(offset: .days(3), kind: .purchase, name: purchase, revenue: -4.99),
      ])
    users.append(country: "US", observed: .days(10), events: [.init(offset: .hours(2), kind: .session, name: session)])
    return users
  }

  private func plans(count: Int, use: CohortLog.Use, countries: String = "") throws -> [UserPlan] {
    let cohort = #"arrivals: { from: "0d", to: "1d" }, "# + countries
    var scenario = try TestScenarios.load(CohortBehaviourTests.scenario(count: count, cohort: cohort))
    scenario.cohorts[0].log = CohortLog(
      source: EventLogSource(path: "log.ndjson", format: .ga4), use: use, users: Self.log)
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: scenario.seed))
    return (0..<count).map { behaviour.plan(of: $0, arrival: behaviour.arrival(of: $0)) }
  }

  /// What a plan does from its first launch on, with times from that launch.
  private func life(_ plan: UserPlan) -> [(SimDuration, UserAction)] {
    let actions = plan.remainingActions()
    guard let launch = actions.first(where: { $0.action == .launch })?.at else { return [] }
    return actions.filter { $0.at >= launch }.map { ($0.at - launch, $0.action) }
  }

  @Test("Replay: user i lives logged user i's timeline from their own first launch; a session at the launch is the launch")
  func replay() throws {
    let plans = try plans(count: 2, use: .replay)
    let first = life(plans[0])
    #expect(first.map(\.0) == [.zero, Self.minute, .days(1) + Self.minute * 5, .days(1) + Self.minute * 6, .days(1) + Self.minute * 6, .days(2), .days(3)])
    #expect(first.map(\.1) == [
      .launch, .event(name: "in_app_purchase", revenue: 4.99, currency: "USD"), .launch,
      .event(name: "ad_impression", revenue: nil), .revenue(amount: 0.01, kind: .ad, currency: "USD"),
      .event(name: "level_up", revenue: nil), .event(name: "in_app_purchase", revenue: -4.99, currency: "USD"),
    ])
    #expect(life(plans[1]).map(\.0) == [.zero, .hours(2)])
    // Replay keeps the logged country; the cohort's own would be the default, US.
    #expect(plans.map(\.country) == ["JP", "US"])
  }

  @Test("Replay past the log's end: the user only launches the app")
  func replayPastTheEnd() throws {
    let plans = try plans(count: 3, use: .replay)
    #expect(life(plans[2]).map(\.1) == [.launch])
  }

  @Test("Resampling draws whole timelines, each about as often as the other; stratified, only the user's own country's")
  func resample() throws {
    let count = 2_000
    let drawn = try plans(count: count, use: .resample(stratifyByCountry: false)).map { life($0).count }
    // Logged user 0 gives 7 actions, user 1 two: each timeline whole, never a mix.
    #expect(Set(drawn) == [7, 2])
    let fromFirst = Double(drawn.filter { $0 == 7 }.count)
    // Binomial(2,000, ½): four standard errors are 89 users.
    #expect(abs(fromFirst - 1_000) < 4 * (Double(count) * 0.25).squareRoot())
    let stratified = try plans(count: 200, use: .resample(stratifyByCountry: true)).map { life($0).count }
    #expect(Set(stratified) == [2])
  }

  @Test("A user's draw of a timeline comes from their own stream: the same seed gives the same plans, more users change none")
  func commonRandomNumbers() throws {
    let few = try plans(count: 50, use: .resample(stratifyByCountry: false)).map { life($0).map(\.1) }
    let more = try plans(count: 80, use: .resample(stratifyByCountry: false)).map { life($0).map(\.1) }
    #expect(Array(more.prefix(50)) == few)
  }

  @Test("A whole run with replayed users installs, launches and counts their logged sessions")
  func run() throws {
    var scenario = try TestScenarios.load(
      CohortBehaviourTests.scenario(count: 2, cohort: #"arrivals: { from: "0d", to: "1d" }, "#))
    scenario.cohorts[0].log = CohortLog(source: EventLogSource(path: "log.ndjson", format: .ga4), use: .replay, users: Self.log)
    var sink = DiscardingSink()
    let summary = ScenarioRunner.run(scenario, sink: &sink, receive: false)
    #expect(summary.installs == 2 && summary.firstLaunches == 2)
    // User 0: the launch and day 1's session; user 1: the launch and a session two hours in.
    #expect(summary.sessions == 4)
  }
}
