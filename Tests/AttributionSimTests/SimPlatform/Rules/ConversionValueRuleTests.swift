import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// Rulebook §4 and §5.1: conversion values and, before 4.0, the rolling value timer.
@Suite("§4 conversion values, §5.1 value timer")
struct ConversionValueRuleTests {
  private func at(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  private static let clickInstallLaunch = """
    { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
    { at: "2h", action: "install" }, { at: "3h", action: "launch" },
    """

  @Test("§4, §5.1: 3.0 counts only greater values; each restarts the 24 h timer; the postback leaves 0–24 h after it expires")
  func onlyGreaterValuesCount() throws {
    // Launch at 3h registers 0 (timer to 27h); 10 at 10h (timer to 34h); 5 at 20h is not
    // greater (ignored, timer stays); 12 at 30h (timer to 54h); 40 at 60h comes after expiry.
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: """
      { name: "u", timeline: [\(Self.clickInstallLaunch)
        { at: "10h", action: "update", fine: 10 }, { at: "20h", action: "update", fine: 5 },
        { at: "30h", action: "update", fine: 12 }, { at: "60h", action: "update", fine: 40 },
      ] }
      """))
    let postback = try #require(run.postbacks.first { $0.recipient == .adNetwork })
    #expect(postback.fields["conversion-value"] == 12)
    #expect(postback.preparedAt == (try at("54h")))
    #expect((try at("54h"))...(try at("78h")) ~= postback.time)
    #expect(run.summary.updatesNotIncreasing == 1 && run.summary.updatesIgnoredLocked == 1)
    #expect(run.trace.contains { $0.message.contains("fine value 5 is not greater than 10") })
  }

  @Test("§4: before 4.0 coarse values and locks are ignored; the fine value still counts")
  func coarseAndLockIgnoredBefore4() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: """
      { name: "u", timeline: [\(Self.clickInstallLaunch) { at: "4h", action: "update", fine: 3, coarse: "high", lock: true }] }
      """))
    let postback = try #require(run.postbacks.first)
    #expect(postback.fields["conversion-value"] == 3 && postback.fields["coarse-conversion-value"] == nil)
    #expect(run.summary.coarseOrLockIgnored == 1)
    // No lock: the timer runs its 24 h from the 4h update.
    #expect(postback.preparedAt == (try at("28h")))
  }

  @Test("§4: an out-of-range value is rejected and traced as an error; earlier values stay")
  func outOfRangeRejected() throws {
    for version in ["3.0", "4.0"] {
      let run = try TestScenarios.run(TestScenarios.multiNetwork(version: version, users: """
        { name: "u", timeline: [\(Self.clickInstallLaunch)
          { at: "4h", action: "update", fine: 20 }, { at: "5h", action: "update", fine: 64 },
          { at: "6h", action: "update", fine: -1 },
        ] }
        """))
      #expect(run.postbacks.first?.fields["conversion-value"] == 20, "version \(version)")
      #expect(run.summary.updatesRejectedOutOfRange == 2)
      let errors = run.trace.filter { $0.level == .error && $0.rule == "§4" }
      #expect(errors.map(\.time) == [try at("5h"), try at("6h")])
      #expect(errors.first?.message.contains("fine value 64 is outside 0–63") == true)
    }
  }

  @Test("§4: 4.0 values may go down and a lock finalizes the window: later updates in it are ignored")
  func lockFinalizes() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: """
      { name: "u", timeline: [\(Self.clickInstallLaunch)
        { at: "4h", action: "update", fine: 30 }, { at: "5h", action: "update", fine: 8, lock: true },
        { at: "6h", action: "update", fine: 50 },
      ] }
      """))
    let first = try #require(run.postbacks.first { $0.sequenceIndex == 0 })
    #expect(first.fields["conversion-value"] == 8)
    #expect(first.preparedAt == (try at("5h")))
    #expect((try at("29h"))...(try at("53h")) ~= first.time)
    #expect(run.summary.updatesIgnoredLocked == 1)
  }

  /// A user who sets fine 5 and coarse medium in window 1 (4h), then at 60h, in window 2 (which
  /// runs from 51h to 171h), calls with a fine value only.
  private static let lateFineOnlyCaller = """
    { name: "u", timeline: [\(clickInstallLaunch)
      { at: "4h", action: "update", fine: 5, coarse: "medium" }, { at: "60h", action: "update", fine: 9 },
    ] }
    """

  @Test("§4, §5.2 [U]: a fine-only call in window 2 is ignored whole: not the window's update, so no postback 2 (default)")
  func lateFineOnlyCallIsIgnored() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: Self.lateFineOnlyCaller))
    let postbacks = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(postbacks.map(\.sequenceIndex) == [0])
    #expect(postbacks.first?.fields["conversion-value"] == 5)
    #expect(run.summary.fineValuesIgnoredAfterFirstWindow == 1)
    #expect(run.trace.contains { $0.message.contains("fine value 9 in window 2: ignored") })
    #expect(run.trace.contains { $0.message.contains("no update during window 2: no postback") })
  }

  @Test("§5.2 [U]: rules.lateFineOnlyCall 'countsWithCoarseInEffect': postback 2 carries window 1's coarse value")
  func lateFineOnlyCallCarriesTheCoarseValueInEffect() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(
        version: "4.0", users: Self.lateFineOnlyCaller, rules: #"{ lateFineOnlyCall: "countsWithCoarseInEffect" }"#))
    let second = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 1 })
    #expect(second.fields["coarse-conversion-value"] == "medium")
    #expect(second.fields["conversion-value"] == nil)
    #expect(second.preparedAt == (try at("171h")))
  }

  @Test("§5.2 [U]: rules.lateFineOnlyCall 'countsWithoutValue': postback 2 is sent with neither value")
  func lateFineOnlyCallCountsWithoutValue() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(
        version: "4.0", users: Self.lateFineOnlyCaller, rules: #"{ lateFineOnlyCall: "countsWithoutValue" }"#))
    let second = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 1 })
    #expect(second.fields["coarse-conversion-value"] == nil && second.fields["conversion-value"] == nil)
    // Any other word is an error naming the three readings.
    let messages = TestScenarios.diagnostics(
      TestScenarios.multiNetwork(version: "4.0", users: Self.lateFineOnlyCaller, rules: #"{ lateFineOnlyCall: "counts" }"#))
    #expect(messages.contains { $0.contains("rules.lateFineOnlyCall") && $0.contains("countsWithoutValue") })
  }

  @Test("§4: no postback carries both a fine and a coarse value, whatever the tier")
  func neverFineAndCoarse() throws {
    let scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    let (_, outputs) = ScenarioRunner.collect(scenario)
    #expect(outputs.postbacks.count > 100)
    #expect(outputs.postbacks.contains { $0.fields["conversion-value"] != nil })
    #expect(outputs.postbacks.contains { $0.fields["coarse-conversion-value"] != nil })
    #expect(!outputs.postbacks.contains { $0.fields["conversion-value"] != nil && $0.fields["coarse-conversion-value"] != nil })
  }

  @Test("§4 'Old API on v4 ad': a second SDK's old-API call overrides the app's fine value in window 1 only")
  func secondUpdaterOverrides() throws {
    // The app sets 20 through the current API; a second SDK then sets 5 through the old API:
    // the later call wins. Its call in window 2 is ignored and the coarse value stands.
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: """
      { name: "u", timeline: [\(Self.clickInstallLaunch)
        { at: "4h", action: "update", fine: 20, coarse: "low" }, { at: "5h", action: "update", fine: 5, api: "legacy" },
        { at: "4d", action: "update", coarse: "high" }, { at: "5d", action: "update", fine: 60, api: "legacy" },
      ] }
      """))
    let toNetwork = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(toNetwork.first { $0.sequenceIndex == 0 }?.fields["conversion-value"] == 5)
    #expect(toNetwork.first { $0.sequenceIndex == 1 }?.fields["coarse-conversion-value"] == "high")
    #expect(run.summary.legacyUpdateCalls == 2 && run.summary.legacyOverrides == 1)
    #expect(run.summary.legacyIgnoredAfterFirstWindow == 1)
    #expect(run.trace.contains { $0.message.contains("overrides fine value 20") })
  }

  /// In the scripted world: a tap on alpha's ad, install, launch, a 4.99 purchase at 4h, then `steps`.
  private static func purchaser(then steps: String) -> String {
    """
    { name: "u", timeline: [
      { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
      { at: "2h", action: "install" }, { at: "3h", action: "launch" },
      { at: "4h", action: "event", name: "purchase", revenue: 4.99 }, \(steps)
    ] }
    """
  }

  /// A second SDK's schema: bit 0 for a purchase, nothing else.
  private static let purchaseBitSchema = "{ version: 1, fineValue: { eventBits: { purchase: 0 } } }"

  @Test("§4 'Old API on v4 ad': a scenario's legacySdk, driven by its own schema, overrides the app's schema")
  func legacySdkFromScenario() throws {
    // The app's schema sets bit 5 for a purchase (plus revenue buckets); the second SDK's schema
    // sets only bit 0 for a purchase, and calls after the app, so window 1 ends with value 1.
    let plain = TestScenarios.scripted(users: Self.purchaser(then: ""), privacyTier: 3)
    let withSdk = TestScenarios.withLegacySdk(plain, schema: Self.purchaseBitSchema)
    #expect(withSdk != plain)
    let alone = try TestScenarios.run(plain).postbacks.first { $0.sequenceIndex == 0 }?.fields["conversion-value"]
    let overridden = try TestScenarios.run(withSdk)
    #expect(alone != nil && alone != 1)
    #expect(overridden.postbacks.first { $0.sequenceIndex == 0 }?.fields["conversion-value"] == 1)
    #expect(overridden.summary.legacyOverrides >= 1)
  }

  @Test("§4 'Old API on v4 ad': the app's SDK re-sends only when its own value changes, so an override can stand")
  func overrideStandsUntilTheAppsValueChanges() throws {
    // After the second SDK's override at 4h, a session at 5h leaves the app's own answer as it
    // was: no call, the override stands. A purchase at 6h changes the app's answer: it calls again.
    func value(_ extra: String) throws -> JSONValue? {
      let users = Self.purchaser(then: #"{ at: "5h", action: "launch" },"# + extra)
      let text = TestScenarios.withLegacySdk(TestScenarios.scripted(users: users, privacyTier: 3), schema: Self.purchaseBitSchema)
      return try TestScenarios.run(text).postbacks.first { $0.sequenceIndex == 0 }?.fields["conversion-value"]
    }
    #expect(try value("") == 1)
    let afterSecondPurchase = try value("{ at: \"6h\", action: \"event\", name: \"purchase\", revenue: 20 },")
    #expect(afterSecondPurchase != 1 && afterSecondPurchase != nil)
  }

  @Test("§4: activity after a lock still counts in the ground truth, though it changes no value")
  func groundTruthAfterLock() throws {
    let text = TestScenarios.multiNetwork(version: "4.0", users: """
      { name: "u", timeline: [\(Self.clickInstallLaunch)
        { at: "4h", action: "update", fine: 8, lock: true }, { at: "5h", action: "launch" },
      ] }
      """)
    let (_, outputs) = ScenarioRunner.collect(try TestScenarios.load(text))
    let windows = try #require(outputs.conversions.first?.json.objectValue?["windows"])
    guard case .array(let list) = windows else { Issue.record("windows is not an array"); return }
    #expect(list.first?.objectValue?["sessions"] == 2)
    #expect(list.first?.objectValue?["fineValue"] == 8)
  }
}
