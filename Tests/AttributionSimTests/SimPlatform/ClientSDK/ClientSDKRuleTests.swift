import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// The client SDK's rules (issue 9), each outcome worked out by hand from the SDK's rules and
/// the rulebook. User `u` taps at 1h, installs at 2h and first launches at 3h, so both the
/// platform's windows (§5.2) and the SDK's start at 3h unless the device clock moves.
@Suite struct ClientSDKRuleTests {
  /// The sequential test (an MMP's 3.0 S2S guide's, not Apple's): the model answers 0, 1, 2 and then nothing; the SDK applies each,
  /// and value 2 persists into postback 1.
  @Test func sequentialModelSetsZeroOneTwoThenValueTwoPersists() throws {
    let text = TestScenarios.sdk(
      sdk: "{ model: \"sequential\" }",
      steps: """
        { at: "4h", action: "event", name: "tutorial_complete" }, { at: "5h", action: "event", name: "level_up" },
        { at: "6h", action: "launch" }, { at: "20h", action: "revenue", amount: 4.99 },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.map(\.currentValue) == [0, 1, 2, 2, 2])
    #expect(run.sdk.map(\.action).suffix(2) == ["no update: nothing new", "no update: nothing new"])
    let postbacks = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(postbacks.count == 1)
    #expect(postbacks.first?.fields["conversion-value"] == .int(2))
    #expect(run.summary.sdk.requests == 5)
    #expect(run.summary.sdk.answersWithValue == 3)
    #expect(run.summary.sdk.totalFindings == 0)
  }

  /// §4 before 4.0: a value counts only when higher; the SDK keeps back the first answer, 0,
  /// which is not higher than the registration's 0.
  @Test func skan3SDKAppliesOnlyHigherValues() throws {
    let text = TestScenarios.sdk(
      version: "3.0", sdk: "{ model: \"sequential\" }",
      steps: """
        { at: "4h", action: "event", name: "tutorial_complete" }, { at: "5h", action: "event", name: "level_up" },
        { at: "6h", action: "launch" },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.map(\.action) == ["dropped: 0 is not higher than 0", "applied fine 1", "applied fine 2", "no update: nothing new"])
    #expect(run.sdk.map(\.currentValue) == [0, 1, 2, 2])
    #expect(run.postbacks.first { $0.recipient == .adNetwork }?.fields["conversion-value"] == .int(2))
    #expect(run.summary.sdk.droppedNotHigher == 1)
    // SKAdNetwork 3 has no per-window metadata.
    #expect(run.sdk.first?.metadata["p0_total_iap_revenue"] == nil)
  }

  /// §5.1 as the SDK applies it: 24 h after its last update (1 at 4h) it stops. At 30h the
  /// platform's timer, restarted at 4h, has expired too, so the two agree.
  @Test func skan3SDKStopsTwentyFourHoursAfterItsLastUpdate() throws {
    let text = TestScenarios.sdk(
      version: "3.0", sdk: "{ model: \"sequential\" }",
      steps: """
        { at: "4h", action: "event", name: "tutorial_complete" }, { at: "30h", action: "event", name: "level_up" },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.map(\.action) == ["dropped: 0 is not higher than 0", "applied fine 1", "stopped"])
    #expect(run.summary.sdk.stopped == 1)
    #expect(run.summary.sdk.requests == 2)
    #expect(run.summary.sdk.totalFindings == 0)
  }

  /// A device clock moved a day ahead makes the SDK believe its 24 h are over at 6h, while the
  /// platform's timer (restarted at 4h) runs to 28h.
  @Test func skan3ClockAheadStopsTheSDKWhileThePlatformTimerRuns() throws {
    let text = TestScenarios.sdk(
      version: "3.0", sdk: "{ model: \"sequential\" }",
      steps: """
        { at: "4h", action: "event", name: "tutorial_complete" }, { at: "5h", action: "clockChange", by: "+1d" },
        { at: "6h", action: "event", name: "level_up" },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.last?.action == "stopped")
    #expect(run.sdk.last?.lintKinds == [.droppedBelievingWindowOver])
    #expect(run.summary.sdk.findings(.droppedBelievingWindowOver) == 1)
  }

  /// A clock moved a day back: at 40h the SDK believes 12 h passed since its update at 4h and
  /// sends 2, but the platform froze the value at 28h (§5.1).
  @Test func skan3ClockBehindUpdatesAfterThePlatformFroze() throws {
    let text = TestScenarios.sdk(
      version: "3.0", sdk: "{ model: \"sequential\" }",
      steps: """
        { at: "4h", action: "event", name: "tutorial_complete" }, { at: "5h", action: "clockChange", by: "-1d" },
        { at: "40h", action: "event", name: "level_up" },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.last?.action == "applied fine 2")
    #expect(run.sdk.last?.platform == "ignored: the value timer has expired")
    #expect(run.sdk.last?.lintKinds == [.ignoredAfterLock])
    #expect(run.postbacks.first { $0.recipient == .adNetwork }?.fields["conversion-value"] == .int(1))
  }

  /// The issue's case: a purchase at 4h locks window 1 (fine 2, coarse medium). The clock then
  /// jumps 2 days, so at 6h the SDK believes itself in window 2: it counts the 6.00 there and
  /// sends coarse high, which the platform, still in its locked window 1, ignores (§5.2).
  @Test func skan4UpdateTheSDKBelievesInWindowTwoIsIgnoredAfterALock() throws {
    let text = TestScenarios.sdk(
      steps: """
        { at: "4h", action: "event", name: "purchase", revenue: 2 }, { at: "5h", action: "clockChange", by: "+2d" },
        { at: "6h", action: "revenue", amount: 6 },
        """)
    let run = try TestScenarios.runSDK(text)
    let purchase = try #require(run.sdk.first { $0.detail == "purchase" })
    #expect(purchase.action == "applied fine 2, coarse 1, lock in its window 1")
    #expect(purchase.metadata["p0_window_lock"] != nil)
    let late = try #require(run.sdk.last)
    #expect(late.action == "applied coarse 2 in its window 2")
    #expect(late.platform == "ignored: window 1 is locked")
    #expect(late.lintKinds == [.revenueInWrongWindow, .ignoredAfterLock])
    #expect(late.metadata["p1_total_iap_revenue"] == .object(["USD": .double(6)]))
    #expect(late.metadata["p1_coarse"] == .int(2))
  }

  /// User `u` moves the device clock 3 days ahead at 4h, then an event at 5h asks for fine value 1.
  private static func clockThreeDaysAhead(sdk: String) throws -> (
    summary: RunSummary, sdk: [SDKTraceRecord], postbacks: [PostbackRecord], conversions: [ConversionRecord]
  ) {
    try TestScenarios.runSDK(
      TestScenarios.sdk(
        sdk: sdk,
        steps: """
          { at: "4h", action: "clockChange", by: "+3d" }, { at: "5h", action: "event", name: "level_up" },
          """))
  }

  /// The 4.0 S2S guide's SDK always calls `updatePostbackConversionValue(fine, coarse, lock)`:
  /// with the clock 2 days ahead it believes itself in window 2 at 5h, yet passes the sequential
  /// model's fine value 1 on, and the platform's open window 1 takes it (§4, §5.2).
  @Test func skan4GuideSDKSendsAFineValueWhateverItsOwnWindow() throws {
    let run = try Self.clockThreeDaysAhead(sdk: "{ model: \"sequential\" }")
    let late = try #require(run.sdk.last)
    #expect(late.action == "applied fine 1 in its window 2")
    #expect(late.platform == "applied in window 1")
    #expect(late.lintKinds == [.landedInOtherWindow])
    #expect(late.currentValue == 1)
    #expect(run.summary.sdk.fineDroppedAfterFirstWindow == 0)
    let postback = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 0 })
    #expect(postback.fields["conversion-value"] == .int(1))
  }

  /// `lateFineValues: "keepBack"`, the belief-driven SDK: the same clock change makes it keep
  /// back fine value 1, which the platform's open window 1 would have taken.
  @Test func skan4KeepBackSDKDropsAFineValueWindowOneWouldTake() throws {
    let run = try Self.clockThreeDaysAhead(sdk: "{ model: \"sequential\", lateFineValues: \"keepBack\" }")
    let late = try #require(run.sdk.last)
    #expect(late.action == "dropped: fine value after the SDK's window 1")
    #expect(late.lintKinds == [.droppedBelievingWindowOver])
    #expect(run.summary.sdk.fineDroppedAfterFirstWindow == 1)
    let postback = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 0 })
    #expect(postback.fields["conversion-value"] == .int(0))
  }

  /// §4: a fine-only update reaching the platform in window 2 is ignored, and the trace says so.
  /// The clock goes a day back at 4h; at 53h the platform is in window 2 (from 51h) while the
  /// SDK believes 26 h passed and sends the sequential model's fine value 1 for its window 1.
  /// By default the call is not window 2's update (§5.2 [U]), so no postback 2 follows.
  @Test func skan4FineOnlyUpdateInWindowTwoIsNotApplied() throws {
    let text = TestScenarios.sdk(
      sdk: "{ model: \"sequential\" }",
      steps: """
        { at: "4h", action: "clockChange", by: "-1d" }, { at: "53h", action: "event", name: "level_up" },
        """)
    let run = try TestScenarios.runSDK(text)
    let late = try #require(run.sdk.last)
    #expect(late.action == "applied fine 1 in its window 1")
    #expect(late.platform == "ignored: fine value in window 2, fine values count in window 1 only")
    #expect(late.lintKinds == [.landedInOtherWindow])
    let postbacks = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(postbacks.map(\.sequenceIndex) == [0])
    #expect(postbacks.first?.fields["conversion-value"] == .int(0))
  }

  /// The 3.0 S2S guide's SDK stops when `SECONDS_PER_DAY <= timeDiff`: an event exactly 24 h
  /// after its last update (1 at 4h) finds it stopped; one a second earlier is still answered.
  @Test func skan3SDKStopsAtExactlyTwentyFourHours() throws {
    func actions(at time: String) throws -> [String] {
      let text = TestScenarios.sdk(
        version: "3.0", sdk: "{ model: \"sequential\" }",
        steps: """
          { at: "4h", action: "event", name: "tutorial_complete" }, { at: "\(time)", action: "event", name: "level_up" },
          """)
      return try TestScenarios.runSDK(text).sdk.map(\.action)
    }
    #expect(try actions(at: "28h") == ["dropped: 0 is not higher than 0", "applied fine 1", "stopped"])
    #expect(try actions(at: "27h59m59s") == ["dropped: 0 is not higher than 0", "applied fine 1", "applied fine 2"])
  }

  /// Each version's SDK writes its own guide's metadata keys: the 3.0 guide's four, the 4.0
  /// guide's with its previous value, ad revenue and per-window keys.
  @Test func eachVersionsSDKWritesItsGuidesMetadataKeys() throws {
    let steps = #"{ at: "4h", action: "event", name: "tutorial_complete" },"#
    let skan3 = try TestScenarios.runSDK(TestScenarios.sdk(version: "3.0", sdk: "{ model: \"sequential\" }", steps: steps))
    #expect(try #require(skan3.sdk.last).metadata.keys.sorted() == [
      "skan_conversion_value", "skan_first_call_to_skadnetwork_timestamp", "skan_last_call_to_skadnetwork_timestamp",
      "skan_total_revenue_by_currency",
    ])
    #expect(skan3.sdk.last?.metadata["skan_conversion_value"] == .int(1))
    let skan4 = try TestScenarios.runSDK(TestScenarios.sdk(sdk: "{ model: \"sequential\" }", steps: steps))
    let keys = Set(try #require(skan4.sdk.last).metadata.keys)
    #expect(keys.isSuperset(of: [
      "skan_current_conversion_value", "prev_fine_value", "skan_total_admon_revenue_by_currency", "p0_total_iap_revenue",
    ]))
    #expect(!keys.contains("skan_conversion_value"))
  }

  /// Clock a day back: 50 h after the first launch the platform is in window 2 while the SDK
  /// believes 26 h passed: it sends fine 3 and coarse high for window 1; the platform ignores
  /// the fine value (§4) and takes the coarse value in window 2.
  @Test func skan4ClockBehindLandsInTheSecondWindow() throws {
    let text = TestScenarios.sdk(
      steps: """
        { at: "4h", action: "clockChange", by: "-1d" }, { at: "53h", action: "revenue", amount: 6 },
        """)
    let run = try TestScenarios.runSDK(text)
    let late = try #require(run.sdk.last)
    #expect(late.action == "applied fine 3, coarse 2 in its window 1")
    #expect(late.platform == "applied in window 2")
    #expect(late.lintKinds == [.revenueInWrongWindow, .landedInOtherWindow])
    #expect(run.summary.fineValuesIgnoredAfterFirstWindow == 1)
  }

  /// An SDK configured with window 1 ending at 72 h instead of 48 h (§5.2) sends a window-1
  /// update at 63h, which lands in the platform's window 2.
  @Test func skan4MisconfiguredWindowEndsSendWindowOneValuesIntoWindowTwo() throws {
    let text = TestScenarios.sdk(
      sdk: "{ model: \"schema\", windowEnds: [\"72h\", \"7d\", \"35d\"] }",
      steps: """
        { at: "63h", action: "revenue", amount: 6 },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.last?.lintKinds == [.revenueInWrongWindow, .landedInOtherWindow])
    #expect(run.summary.sdk.findings(.landedInOtherWindow) == 1)
  }

  /// Clock 2 days back: at 36 days after the first launch the SDK believes 34 days passed and
  /// updates its window 3; the platform's last window ended at 35 days (§5.2).
  @Test func skan4ClockBehindUpdatesAfterThePlatformsLastWindow() throws {
    let text = TestScenarios.sdk(
      steps: """
        { at: "4h", action: "clockChange", by: "-2d" }, { at: "36d", action: "revenue", amount: 6 },
        """)
    let run = try TestScenarios.runSDK(text)
    let late = try #require(run.sdk.last)
    #expect(late.platform == "ignored: after the last window")
    #expect(late.lintKinds == [.revenueInWrongWindow, .ignoredAfterLastWindow])
  }

  /// With Apple's windows and an untouched clock the SDK and the platform agree everywhere.
  @Test func skan4SDKAndPlatformAgreeWithoutClockChanges() throws {
    let text = TestScenarios.sdk(
      steps: """
        { at: "4h", action: "event", name: "tutorial_complete" }, { at: "30h", action: "revenue", amount: 2 },
        { at: "4d", action: "revenue", amount: 6 }, { at: "10d", action: "launch" }, { at: "36d", action: "launch" },
        """)
    let run = try TestScenarios.runSDK(text)
    #expect(run.summary.sdk.totalFindings == 0)
    // 3h + 35 d is the SDK's last window's end too: it stops at the launch on day 36.
    #expect(run.sdk.last?.action == "stopped")
    let windows = run.sdk.map { $0.platform ?? "" }
    #expect(windows.contains("applied in window 2"))
    #expect(windows.contains("applied in window 3"))
  }

  /// A device clock change is the SDK's only: the platform's windows and postbacks stay as
  /// they were.
  @Test func clockChangeLeavesThePlatformsTimingAlone() throws {
    let steps = """
      { at: "4h", action: "revenue", amount: 2 },
      """
    let plain = try TestScenarios.runSDK(TestScenarios.sdk(steps: steps))
    let moved = try TestScenarios.runSDK(
      TestScenarios.sdk(steps: "{ at: \"3h30m\", action: \"clockChange\", by: \"+5h\" }," + steps))
    #expect(plain.postbacks.map(\.time) == moved.postbacks.map(\.time))
    let plainFirst = plain.sdk.last?.metadata["skan_first_call_to_skadnetwork_timestamp"]
    let movedLast = moved.sdk.last?.metadata["skan_last_call_to_skadnetwork_timestamp"]
    let plainLast = plain.sdk.last?.metadata["skan_last_call_to_skadnetwork_timestamp"]
    #expect(plainFirst == moved.sdk.last?.metadata["skan_first_call_to_skadnetwork_timestamp"])
    if case .int(let a)? = plainLast, case .int(let b)? = movedLast { #expect(b - a == 5 * 3_600) } else {
      Issue.record("missing last-call timestamps")
    }
  }

  /// Without an SDK the app's schema calls the platform directly and no SDK trace is written.
  @Test func appWithoutSDKWritesNoSDKTrace() throws {
    let text = TestScenarios.sdk(steps: "{ at: \"4h\", action: \"revenue\", amount: 2 },")
      .replacing(required: "sdk: { model: \"schema\" }", with: "bundleId: \"x\"")
      .replacing(required: "bundleId: \"com.example.app\", ", with: "")
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.isEmpty)
    #expect(run.summary.hasSDK == false)
    #expect(run.summary.updateCalls > 0)
  }
}
