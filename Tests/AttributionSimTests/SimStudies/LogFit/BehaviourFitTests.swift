import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import SimJSON
import Testing

@testable import SimStudies

/// The behaviour fit on logs small enough to work out by hand, the figures it is checked on,
/// and `attrsim fit` from the command line.
@Suite("Event logs: fitting the behaviour model")
struct BehaviourFitTests {
  private static let day = SimDuration.days(1)

  /// Four users watched 10 days, a 5-day horizon (days 0–4). u0 buys for 2.00 at the launch and
  /// opens the app on days 1 and 3; u1 never comes back; u2 comes back on day 2; u3 on days 1
  /// and 2.
  private static var log: LoggedUsers {
    var users = LoggedUsers(currency: "USD")
    let (open, session, purchase) = (users.eventName("first_open"), users.eventName("session_start"), users.eventName("in_app_purchase"))
    func at(_ days: Int64, _ kind: LogRow.Kind, _ name: Int, _ revenue: Double = 0) -> LoggedUsers.Event {
      .init(offset: .days(days) + .minutes(1), kind: kind, name: name, revenue: revenue)
    }
    let launch = LoggedUsers.Event(offset: .zero, kind: .firstLaunch, name: open)
    users.append(country: "US", observed: .days(10), events: [launch, at(0, .purchase, purchase, 2), at(1, .session, session), at(3, .session, session)])
    users.append(country: "US", observed: .days(10), events: [launch])
    users.append(country: "US", observed: .days(10), events: [launch, at(2, .session, session)])
    users.append(country: "US", observed: .days(10), events: [launch, at(1, .session, session), at(2, .session, session)])
    return users
  }

  @Test("Payers and others, each a Kaplan–Meier mixture by first-return day, with retention after it (hand-worked)")
  func segments() {
    let fit = BehaviourFit(Self.log, horizonDays: 5)
    #expect(fit.segments.map(\.name) == ["payers-day1", "others-day1", "others-day2", "others-never"])
    #expect(fit.segments.map(\.share) == [0.25, 0.25, 0.25, 0.25])
    // u0 alone: back on day 3 of days 2–4 after day 1 (fewer than 10 watched: the group's returners, u0 again).
    #expect(fit.segments[0].retention == [1, 0, 1, 0])
    // Others' returners u2 and u3: one of two back the day after their first return, none later.
    #expect(fit.segments[1].retention == [1, 0.5, 0, 0])
    #expect(fit.segments[2].retention == [0, 1, 0.5, 0])
    #expect(fit.segments[3].retention == [0])
    #expect(fit.extrapolatedDays.isEmpty)
    // Payers buy on day 0, always for 2.00, and never later; others never buy.
    let payerEvents = fit.segments[0].behaviour.events
    #expect(payerEvents.map(\.name) == ["in_app_purchase"])
    #expect(payerEvents.first?.perDay == [1, 0])
    #expect(payerEvents.first?.revenue == .fixed(2))
    #expect(fit.segments[1].behaviour.events.isEmpty)
    #expect(fit.segments[1].behaviour.sessionsPerActiveDay == .fixed(1))
  }

  @Test("A user watched fewer days stays at risk only while watched; days nobody was watched through are extrapolated and named")
  func censoring() {
    var users = LoggedUsers(currency: "USD")
    let open = users.eventName("first_open")
    let session = users.eventName("session_start")
    // Back on day 1; never back but watched 2 days only; never back, watched 10.
    users.append(country: nil, observed: .days(10), events: [.init(offset: .zero, kind: .firstLaunch, name: open), .init(offset: .days(1), kind: .session, name: session)])
    users.append(country: nil, observed: .days(2), events: [.init(offset: .zero, kind: .firstLaunch, name: open)])
    users.append(country: nil, observed: .days(3), events: [.init(offset: .zero, kind: .firstLaunch, name: open)])
    let fit = BehaviourFit(users, horizonDays: 5)
    // Day 1: 3 at risk, 1 back: hazard 1/3. Day 2: only the user watched 3 days is still out and
    // watched: 0. Days 3 and 4: the two still out are no longer watched: extrapolated from the
    // watched days with a return (day 1 alone: its 1/3). Shares: 1/3 on day 1, (2/3)(1/3) = 2/9 on
    // day 3, (4/9)(1/3) = 4/27 on day 4, and 8/27 never.
    #expect(fit.segments.map(\.name) == ["others-day1", "others-day3", "others-day4", "others-never"])
    let expected = [1.0 / 3, 2.0 / 9, 4.0 / 27, 8.0 / 27]
    #expect(zip(fit.segments.map(\.share), expected).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(fit.extrapolatedDays == [3, 4])
  }

  @Test("Figures by day: retention among users watched through the day; payer, repeat and revenue by days 2, 7, 35")
  func figures() {
    let figures = LogFitStudy.figures(of: Self.log, horizonDays: 5)
    #expect(figures.retention(day: 1) == LifeFigures.Share(count: 2, of: 4))
    #expect(figures.retention(day: 2) == LifeFigures.Share(count: 2, of: 4))
    #expect(figures.retention(day: 4) == LifeFigures.Share(count: 0, of: 4))
    #expect(figures.retention(day: 5) == nil, "day 5 is past the 5-day horizon")
    #expect(figures.payerShare(by: 2) == LifeFigures.Share(count: 1, of: 4))
    #expect(figures.repeatShare(by: 2) == LifeFigures.Share(count: 0, of: 4), "the one purchase is on day 0")
    #expect(figures.revenuePerUser(by: 2)?.mean == 0.5)
    #expect(figures.revenuePerUser(by: 7) == nil, "a user watched 10 days is counted by day 7 only within a 7-day horizon")
  }

  @Test("`attrsim fit` on the sample: a fragment whose cohorts load in place of the logged one, and every figure inside the fit's range")
  func command() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("fit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("fit.json5").path
    let result = try ChildProcess.run(binary, ["fit", TestPaths.scenarios + "/logged-users.json", "-o", out, "--replicates", "10"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("17 of 17 figures inside the fit's range over 10 replicates"), "\(result.output)")
    let fragment = try String(contentsOfFile: out, encoding: .utf8)
    #expect(fragment.hasPrefix("// attrsim fit: cohort 'launch' of "))
    #expect(fragment.contains("//   revenue per user by day 35 "), "the goodness of fit is in the fragment too")
    let node = try JSONParser.parse(fragment)
    guard case .object(let members) = node.value, let cohorts = members.first(where: { $0.key == "cohorts" }) else {
      Issue.record("no cohorts in the fragment")
      return
    }
    var cohortsText = ""
    JSONValue(cohorts.value).write(to: &cohortsText)
    let scenario = try String(contentsOfFile: TestPaths.scenarios + "/logged-users.json", encoding: .utf8)
    let start = try #require(scenario.range(of: "  cohorts: ["))
    let end = try #require(scenario.range(of: "  expect: {"))
    let fitted = scenario.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "  cohorts: \(cohortsText),\n")
    let loaded = try ScenarioLoader.parse(fitted, file: "fitted.json", baseDirectory: TestPaths.scenarios)
    #expect(loaded.cohorts.reduce(0) { $0 + $1.count } == 20_000)
    #expect(loaded.cohorts.allSatisfy { $0.log == nil && $0.exposures.count == 3 })
    // No identifier of the log reaches the fragment or the table.
    let log = try String(contentsOfFile: TestPaths.scenarios + "/logs/puzzle-soft-launch.ga4.jsonl", encoding: .utf8)
    let firstUser = try #require(log.range(of: #""user_pseudo_id":""#).map { log[$0.upperBound...].prefix(19) })
    #expect(!fragment.contains(firstUser) && !result.output.contains(firstUser))
  }
}
