@testable import AttributionSim
import AttributionTestSupport
import SimEngine
import Testing

/// Each dashboard quirk (Docs/dashboards.md) worked out by hand on a handful of users.
@Suite("What each network's dashboard shows")
struct DashboardTests {
  /// Fine 10 means revenue ≥ 5 (read as 8), fine 0 revenue below 5 (read as 1).
  private static let schema = """
    { version: 1,
      fineValue: { values: [{ value: 10, revenueAtLeast: 5, revenueEstimate: 8 }, { value: 0, revenueBelow: 5, revenueEstimate: 1 }] },
      coarseValue: [{ value: "high", revenueAtLeast: 5, revenueEstimate: 8 }, { value: "low", revenueEstimate: 1 }] }
    """

  private static func user(_ name: String, campaign: String, purchase: Double?) -> String {
    let buys = purchase.map { #", { at: "4h", action: "event", name: "purchase", revenue: \#($0) }"# } ?? ""
    return """
      { name: "\(name)", timeline: [
        { at: "1h", action: "click", network: "alpha", campaign: "\(campaign)", publisher: "garden" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" }\(buys)] }
      """
  }

  /// Alice (6.00) and Bob (nothing) on `broad` at tier 2: fine values 10 and 0; Carol (20.00) on
  /// `eu` at tier 0: postback 1 without a value.
  private func run(_ dashboard: DashboardSettings, text: String? = nil) throws -> (figures: [DashboardFigures], times: [SimTime]) {
    let users = [
      Self.user("alice", campaign: "broad", purchase: 6), Self.user("bob", campaign: "broad", purchase: nil),
      Self.user("carol", campaign: "eu", purchase: 20),
    ].joined(separator: ",\n")
    var scenario = try TestScenarios.load(text ?? TestScenarios.scripted(users: users))
    scenario.schema = try TestScenarios.schema(Self.schema)
    scenario.adNetworks[0].campaigns[1].forceTier = 0
    scenario.adNetworks[0].dashboard = dashboard
    let (summary, outputs) = ScenarioRunner.collect(scenario)
    let figures = try #require(summary.decoding).dashboardFigures
    return (figures, outputs.postbacks.filter { $0.recipient == .adNetwork }.map(\.time))
  }

  private func campaign(_ figures: [DashboardFigures], _ name: String) throws -> DashboardFigures {
    try #require(figures.first { $0.campaign == name })
  }

  @Test("Raw: every postback as it arrives; a postback without a value adds an install and no revenue")
  func raw() throws {
    let (figures, _) = try run(.raw)
    let broad = try campaign(figures, "broad"), eu = try campaign(figures, "eu")
    #expect(broad.installs == 2 && broad.revenue == 9 && broad.trueRevenue == 6 && broad.nullShare == 0)
    #expect(broad.errorRatio == 0.5)
    #expect(eu.installs == 1 && eu.revenue == 0 && eu.trueRevenue == 20 && eu.nullShare == 1 && eu.errorRatio == -1)
  }

  @Test("Google (per Singular): a withheld value is shown as value 0, which the schema reads as 1.00")
  func nullsAsZero() throws {
    let (figures, _) = try run(DashboardSettings(nulls: .zero))
    #expect(try campaign(figures, "eu").revenue == 1)
    #expect(try campaign(figures, "broad").revenue == 9)
  }

  @Test("Modelled (Singular): revenue ÷ the share with a value, per campaign; nothing to model from when none has one")
  func modelled() throws {
    let (figures, _) = try run(DashboardSettings(nulls: .modelled))
    #expect(try campaign(figures, "broad").revenue == 9)
    #expect(try campaign(figures, "eu").revenue == 0)
    // Singular's worked example: 50 installs, 25 with a value, 30 observed → 60 modelled.
    var cell = DashboardCell()
    cell.valued = 25
    cell.nulls = 25
    cell.valuedRevenue = 30
    #expect(DashboardFigures.revenue([cell], nulls: .modelled) == 60)
    #expect(DashboardFigures.revenue([cell], nulls: .null) == 30)
  }

  @Test("Daily batches at 04:00 UTC (Airbridge): a postback is shown from the first batch after it arrives")
  func dailyBatches() throws {
    let epoch = try #require(Epoch(iso8601: "2026-03-02T00:00:00Z"))
    let first = DashboardSettings.firstBatch(hourUTC: 4, epoch: epoch)
    #expect(first == .hours(4))
    let daily = DashboardSettings(delivery: .daily(firstBatch: first))
    #expect(daily.shownAt(SimTime.zero + .hours(3)) == SimTime.zero + .hours(4))
    #expect(daily.shownAt(SimTime.zero + .hours(4)) == SimTime.zero + .hours(28))
    #expect(daily.shownAt(SimTime.zero + .hours(77)) == SimTime.zero + .hours(100))
    // In a run: Alice's postback 1 waits for its batch; looked at a minute before, it is not shown.
    let (_, times) = try run(.raw)
    let arrival = try #require(times.min())
    let batch = daily.shownAt(arrival)
    var early = daily
    early.viewedAt = batch - .minutes(1) - SimTime.zero
    let (before, _) = try run(early)
    let notShown = before.reduce(0) { $0 + $1.postbacksNotYetShown }
    var onTime = daily
    onTime.viewedAt = batch - SimTime.zero
    let (after, _) = try run(onTime)
    // Every postback the batch carries (the earliest and any arriving with it) is shown at it.
    #expect(notShown == times.filter { daily.shownAt($0) >= batch }.count)
    #expect(after.reduce(0) { $0 + $1.postbacksNotYetShown } == times.filter { daily.shownAt($0) > batch }.count)
    let (all, _) = try run(daily)
    let delays = times.map { (daily.shownAt($0) - $0).milliseconds }
    let shown = all.reduce(0) { $0 + $1.postbacksShown }
    #expect(shown == times.count)
    let mean = all.compactMap { figure in figure.meanDelayHours.map { $0 * Double(figure.postbacksShown) } }.reduce(0, +) / Double(shown)
    #expect(abs(mean - Double(delays.reduce(0, +)) / Double(delays.count) / 3_600_000) < 1e-9)
  }

  @Test("A scenario names a network's dashboard by preset, or by settings over one")
  func readsSettings() throws {
    let text = TestScenarios.scripted(users: Self.user("alice", campaign: "broad", purchase: 6))
      .replacing(
        required: #"{ name: "alpha", identifier: "alpha1234.skadnetwork","#,
        with: #"{ name: "alpha", identifier: "alpha1234.skadnetwork", dashboard: "google","#)
      .replacing(
        required: #"{ name: "beta", identifier: "beta5678.skadnetwork","#,
        with: #"{ name: "beta", identifier: "beta5678.skadnetwork", dashboard: { preset: "meta", viewedAt: "10d", nulls: "modelled" },"#)
    let scenario = try TestScenarios.load(text)
    let google = scenario.adNetworks[0].dashboard, beta = scenario.adNetworks[1].dashboard
    #expect(google.name == "google" && google.nulls == .zero && google.delivery == .daily(firstBatch: .hours(4)))
    #expect(beta.name == "custom" && beta.nulls == .modelled && beta.delivery == .daily(firstBatch: .hours(4)))
    #expect(beta.viewedAt == .days(10))
    #expect(TestScenarios.diagnostics(text.replacing(required: #"dashboard: "google""#, with: #"dashboard: "gogle""#))
      .contains { $0.contains("expected one of 'google', 'meta', 'modelled', 'raw'") || $0.contains("did you mean 'google'") })
  }
}
