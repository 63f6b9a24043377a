@testable import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// Platform rules of the rulebook, each checked by a scripted case worked out by hand.
@Suite("SKAdNetwork 4 platform rules")
struct PlatformRuleTests {
  private func run(_ users: String, developerMode: Bool = false) throws -> (RunSummary, [PostbackRecord]) {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: users, developerMode: developerMode))
    let (summary, outputs) = ScenarioRunner.collect(scenario)
    return (summary, outputs.postbacks.filter { $0.recipient == .adNetwork })
  }

  private func at(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  private static let clickAndInstall = """
    { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
    { at: "2h", action: "install" },
    """

  @Test("§2.3: at most 15 view-through impressions are kept per publisher; the oldest is dropped")
  func fifteenViewsPerPublisher() {
    var store = ImpressionStore()
    for minute in 0..<16 {
      let view = AdExposure(network: 1, campaign: 0, publisher: 0, kind: .view(duration: .seconds(5)))
      let result = store.record(
        view, at: SimTime.zero + .minutes(Int64(minute)), publisherListsNetwork: true, minimumViewDuration: .seconds(2))
      #expect(result.outcome == .accepted && result.replaced == 0)
    }
    let click = AdExposure(network: 0, campaign: 0, publisher: 0, kind: .click)
    _ = store.record(click, at: SimTime.zero + .minutes(20), publisherListsNetwork: true, minimumViewDuration: .seconds(2))
    let views = store.impressions.filter { $0.fidelityType == 0 }
    #expect(views.count == 15)
    #expect(views.map(\.time.milliseconds).min() == SimDuration.minutes(1).milliseconds)
    #expect(store.impressions.count == 16, "clicks do not count towards the view limit")
  }

  @Test("§3.1: an impression from a publisher that does not list the network is not eligible")
  func publisherMustListNetwork() throws {
    let (summary, postbacks) = try run("""
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "runner" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" },
      ] }
      """)
    #expect(summary.impressionsIneligible == 1 && summary.clicks == 0)
    #expect(summary.attributedInstalls == 0 && postbacks.isEmpty)
  }

  @Test("§2.2: no postback when the first launch comes more than 60 days after install")
  func firstLaunchWithin60Days() throws {
    let late = try run("""
      { name: "u", timeline: [\(Self.clickAndInstall) { at: "60d2h1m", action: "launch" }] }
      """)
    #expect(late.1.isEmpty && late.0.noLaunchWithin60Days == 1)
    let inTime = try run("""
      { name: "u", timeline: [\(Self.clickAndInstall) { at: "60d2h", action: "launch" }] }
      """)
    #expect(inTime.1.count == 1 && inTime.0.noLaunchWithin60Days == 0)
  }

  @Test("§4: SKAdNetwork 4 values may go down; the last value in the window is sent")
  func valuesMayGoDown() throws {
    let (_, postbacks) = try run("""
      { name: "u", timeline: [\(Self.clickAndInstall) { at: "3h", action: "launch" },
        { at: "4h", action: "update", fine: 40 }, { at: "5h", action: "update", fine: 3 }] }
      """)
    #expect(postbacks.first?.payload.objectValue?["conversion-value"] == 3)
  }

  @Test("§4: fine values are ignored after window 1; postback 2 carries only the coarse value")
  func fineIgnoredAfterFirstWindow() throws {
    let (summary, postbacks) = try run("""
      { name: "u", timeline: [\(Self.clickAndInstall) { at: "3h", action: "launch" },
        { at: "4d", action: "update", fine: 5, coarse: "high" }] }
      """)
    #expect(summary.fineValuesIgnoredAfterFirstWindow == 1)
    let second = try #require(postbacks.first { $0.sequenceIndex == 1 }?.payload.objectValue)
    #expect(second["coarse-conversion-value"] == "high")
    #expect(second["conversion-value"] == nil)
  }

  @Test("§5.2: postbacks 2 and 3 are sent only when the app updated during their window")
  func laterPostbacksNeedAnUpdate() throws {
    let (summary, postbacks) = try run("""
      { name: "u", timeline: [\(Self.clickAndInstall) { at: "3h", action: "launch" }] }
      """)
    #expect(postbacks.map(\.sequenceIndex) == [0])
    #expect(summary.windowsWithoutPostback == 2)
  }

  @Test("§5.4: Developer Mode windows end 3, 6 and 9 minutes after first launch; sends follow in 5–10 minutes")
  func developerModeTimings() throws {
    let (_, postbacks) = try run("""
      { name: "u", timeline: [\(Self.clickAndInstall) { at: "3h", action: "launch" },
        { at: "3h4m", action: "launch" }, { at: "3h7m", action: "launch" }] }
      """, developerMode: true)
    try #require(postbacks.count == 3)
    for (index, end) in ["3h3m", "3h6m", "3h9m"].enumerated() {
      let close = try at(end)
      let postback = try #require(postbacks.first { $0.sequenceIndex == index })
      #expect(postback.time >= close + .minutes(5) && postback.time <= close + .minutes(10), "postback \(index)")
    }
  }

  // Sigma 10, the largest a scenario may give, still draws e^30 and more in its tails.
  @Test("heavy-tailed distributions are clamped instead of overflowing time, counts or revenue")
  func heavyTailsStayFinite() throws {
    let text = TestScenarios.minimal
      .replacing(required: "delay: \"1h\"", with: "delay: { lognormal: { median: \"1h\", sigma: 10 } }")
      .replacing(required: "revenue: 4.99", with: "revenue: { lognormal: { median: 4.99, sigma: 10 } }")
      .replacing(required: "count: 10,", with: "count: 100, sessionsPerActiveDay: { lognormal: { median: 2, sigma: 10 } }, retention: [0.5],")
    let scenario = try TestScenarios.load(text)
    let (summary, outputs) = ScenarioRunner.collect(scenario)
    #expect(summary.installs > 0)
    for conversion in outputs.conversions {
      let text = conversion.json.serialized()
      #expect(!text.contains("inf") && !text.contains("nan"))
    }
  }
}
