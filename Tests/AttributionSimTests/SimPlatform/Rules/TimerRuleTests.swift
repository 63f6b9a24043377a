import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// Rulebook §5: windows, send delays and their settings.
@Suite("§5 timers and windows")
struct TimerRuleTests {
  private func at(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  private static let launchOnly = TestScenarios.clicker()

  @Test("§5.4: before 4.0, Developer Mode uses the testing profile: a 5-minute timer, then up to 5 more minutes")
  func developerModeBefore4() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" }, { at: "3h2m", action: "update", fine: 7 },
      ] }
      """, platformExtra: ", developerMode: true"))
    let postback = try #require(run.postbacks.first)
    #expect(postback.preparedAt == (try at("3h7m")))
    #expect((try at("3h7m"))...(try at("3h12m")) ~= postback.time)
  }

  /// A 4.0 user in Developer Mode who updates at 3h1m; windows end 3, 6 and 9 minutes after the
  /// first launch at 3h; each window gets an update so that all three postbacks go out.
  private static let developerModeUser = TestScenarios.clicker(then: """
    { at: "3h1m", action: "update", fine: 7 }, { at: "3h4m", action: "update", coarse: "low" },
    { at: "3h7m", action: "update", coarse: "high" },
    """)

  @Test("§5.4 (B12): Developer Mode sends 4.0 postbacks 5–10 minutes after windows ending at 3, 6 and 9 minutes (Apple's Developer Mode page)")
  func developerModeDelaysFollowApplesDocumentation() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: Self.developerModeUser, platformExtra: ", developerMode: true"))
    let postbacks = run.postbacks.filter { $0.recipient == .adNetwork }.sorted { $0.sequenceIndex < $1.sequenceIndex }
    #expect(try postbacks.map(\.preparedAt) == [at("3h3m"), at("3h6m"), at("3h9m")])
    for postback in postbacks {
      #expect((postback.preparedAt + .minutes(5))...(postback.preparedAt + .minutes(10)) ~= postback.time)
    }
  }

  @Test("§5.4 [U] rules.developerModeSendDelay 'deterministic' (WWDC24): every postback exactly 5 minutes after its window")
  func developerModeDeterministicDelays() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(
        version: "4.0", users: Self.developerModeUser, rules: #"{ developerModeSendDelay: "deterministic" }"#,
        platformExtra: ", developerMode: true"))
    let postbacks = run.postbacks.filter { $0.recipient == .adNetwork }.sorted { $0.sequenceIndex < $1.sequenceIndex }
    #expect(try postbacks.map(\.time) == [at("3h8m"), at("3h11m"), at("3h14m")])
  }

  @Test("§5.2: postbacks 2 and 3 leave 24–144 h after their windows end at 7 and 35 days")
  func laterWindowsEnd() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: Self.launchOnly, rules: "{ laterPostbacksWithoutUpdate: true }"))
    let byIndex = Dictionary(grouping: run.postbacks.filter { $0.recipient == .adNetwork }, by: \.sequenceIndex)
    #expect(byIndex[0]?.first?.preparedAt == (try at("2d3h")))
    #expect(byIndex[1]?.first?.preparedAt == (try at("7d3h")))
    #expect(byIndex[2]?.first?.preparedAt == (try at("35d3h")))
    for (index, postbacks) in byIndex {
      let postback = try #require(postbacks.first)
      let low: SimDuration = .hours(24)
      let high: SimDuration = index == 0 ? .hours(48) : .hours(144)
      #expect((postback.preparedAt + low)...(postback.preparedAt + high) ~= postback.time, "postback \(index + 1)")
    }
  }

  @Test("§5.2 [U] setting laterPostbacksWithoutUpdate: windows without an update send postbacks only when enabled")
  func laterPostbacksWithoutUpdate() throws {
    let strict = try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: Self.launchOnly))
    #expect(strict.postbacks.filter { $0.recipient == .adNetwork }.map(\.sequenceIndex) == [0])
    #expect(strict.summary.windowsWithoutPostback == 2)
    let lenient = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: Self.launchOnly, rules: "{ laterPostbacksWithoutUpdate: true }"))
    #expect(lenient.postbacks.filter { $0.recipient == .adNetwork }.map(\.sequenceIndex) == [0, 1, 2])
    // Without an update the later postbacks carry no value at all.
    #expect(lenient.postbacks.filter { $0.sequenceIndex > 0 }.allSatisfy { $0.content == .none })
  }

  @Test("§5.2 [D] setting legacyFirstPostbackDelay: old-API-only apps get postback 1 0–24 h after window 1 when set")
  func legacyFirstPostbackDelay() throws {
    let oldApiOnly = TestScenarios.clicker(then: #"{ at: "4h", action: "update", fine: 7, api: "legacy" },"#)
    func first(_ rules: String) throws -> PostbackRecord {
      try #require(try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: oldApiOnly, rules: rules)).postbacks.first)
    }
    let standard = try first("{}")
    #expect((try at("2d3h") + .hours(24))...(try at("2d3h") + .hours(48)) ~= standard.time)
    let legacyPage = try first("{ legacyFirstPostbackDelay: '0-24h' }")
    #expect((try at("2d3h"))...(try at("2d3h") + .hours(24)) ~= legacyPage.time)
    #expect(legacyPage.fields["conversion-value"] == 7)
  }
}
