import AttributionSim
import AttributionTestSupport
import Testing

/// The scenario's `app.sdk` and the `clockChange` step: settings and their errors.
@Suite struct ClientSDKReaderTests {
  private func diagnostics(sdk: String, steps: String = "") -> [String] {
    TestScenarios.diagnostics(TestScenarios.sdk(sdk: sdk, steps: steps))
  }

  @Test func readsEverySetting() throws {
    let scenario = try TestScenarios.load(
      TestScenarios.sdk(
        sdk: """
          { model: { endpoint: "http://127.0.0.1:9/cv", timeout: "2s", concurrency: 3 }, appKey: "k1", appVersion: "2.3",
            platform: "iPadOS", windowEnds: ["72h", "7d", "35d"], valueTimer: "12h", validatesFine: false,
            validatesCoarse: false, responseTime: "250ms", lateFineValues: "keepBack" }
          """, steps: ""))
    let sdk = try #require(scenario.app.sdk)
    #expect(sdk.model == .endpoint(url: "http://127.0.0.1:9/cv", timeoutSeconds: 2, concurrency: 3))
    #expect(sdk.appKey == "k1")
    #expect(sdk.appVersion == "2.3")
    #expect(sdk.platform == "iPadOS")
    #expect(sdk.windowEnds == [.hours(72), .days(7), .days(35)])
    #expect(sdk.valueTimer == .hours(12))
    #expect(!sdk.validatesFine && !sdk.validatesCoarse)
    #expect(sdk.responseTime == .milliseconds(250))
    #expect(sdk.lateFineValues == .keepBack)
  }

  @Test func defaultsFollowApplesWindowsAndValidate() throws {
    let sdk = try #require(try TestScenarios.load(TestScenarios.sdk(steps: "")).app.sdk)
    #expect(sdk.model == .schema)
    #expect(sdk.windowEnds == [.hours(48), .days(7), .days(35)])
    #expect(sdk.valueTimer == .hours(24))
    #expect(sdk.validatesFine && sdk.validatesCoarse)
    // The 4.0 S2S guide's SDK passes fine values on whatever its own window.
    #expect(sdk.lateFineValues == .send)
  }

  @Test func lateFineValuesIsOneOfTwoWords() {
    let messages = diagnostics(sdk: "{ lateFineValues: \"keep\" }")
    #expect(messages.contains { $0.contains("app.sdk.lateFineValues") && $0.contains("keepBack") })
  }

  @Test func commandRunsInTheScenariosFolder() throws {
    let scenario = try TestScenarios.load(TestScenarios.sdk(sdk: "{ model: { command: [\"sh\", \"model.sh\"] } }", steps: ""))
    guard case .command(let arguments, let timeout, let directory)? = scenario.app.sdk?.model else {
      Issue.record("expected a command model")
      return
    }
    #expect(arguments == ["sh", "model.sh"])
    #expect(timeout == 10)
    #expect(directory == TestPaths.scenarios)
  }

  @Test func unknownKeyGetsASuggestion() {
    let messages = diagnostics(sdk: "{ model: \"schema\", windowEnd: [\"48h\", \"7d\", \"35d\"] }")
    #expect(messages.contains { $0.contains("app.sdk") && $0.contains("windowEnd") && $0.contains("windowEnds") })
  }

  @Test func unknownModelNameIsAnError() {
    let messages = diagnostics(sdk: "{ model: \"sequentail\" }")
    #expect(messages.contains { $0.contains("app.sdk.model") && $0.contains("sequential") })
  }

  @Test func windowEndsMustBeThreeIncreasingDurations() {
    #expect(diagnostics(sdk: "{ windowEnds: [\"48h\", \"7d\"] }").contains { $0.contains("3 windows") })
    #expect(diagnostics(sdk: "{ windowEnds: [\"7d\", \"48h\", \"35d\"] }").contains { $0.contains("increasing") })
  }

  @Test func responseTimeIsForRemoteModelsOnly() {
    let messages = diagnostics(sdk: "{ model: \"sequential\", responseTime: \"1s\" }")
    #expect(messages.contains { $0.contains("app.sdk.responseTime") && $0.contains("answers at once") })
  }

  @Test func endpointNeedsAnHTTPURL() {
    let messages = diagnostics(sdk: "{ model: { endpoint: \"ftp://example.com\" } }")
    #expect(messages.contains { $0.contains("app.sdk.model.endpoint") && $0.contains("http://") })
  }

  /// A URL that starts with http:// but that Foundation cannot read used to pass the reader and
  /// crash the run at its first request.
  @Test(arguments: ["http://exa mple.com/cv", "http://[zz/cv", "HTTP://"])
  func endpointMustBeAReadableURLWithAHost(url: String) {
    let messages = diagnostics(sdk: "{ model: { endpoint: \"\(url)\" } }")
    #expect(messages.contains { $0.contains("app.sdk.model.endpoint") && $0.contains("with a host") }, "\(url)")
  }

  /// A library caller can build the model without the reader: the run fails each request as
  /// unreachable instead of crashing on a missing pool.
  @Test func unreadableEndpointGivenInSwiftIsUnreachable() throws {
    var scenario = try TestScenarios.load(TestScenarios.sdk(sdk: "{ model: \"sequential\" }", steps: ""))
    scenario.app.sdk = ClientSDK(model: .endpoint(url: "http://exa mple.com/cv", timeoutSeconds: 1, concurrency: 2))
    let (summary, _) = ScenarioRunner.collect(scenario)
    #expect(summary.sdk.requests == 1)
    #expect(summary.sdk.unreachable == 1)
  }

  @Test func endpointAndCommandExcludeEachOther() {
    let messages = diagnostics(sdk: "{ model: { endpoint: \"http://a.example\", command: [\"sh\"] } }")
    #expect(messages.contains { $0.contains("not both") })
  }

  @Test func commandTakesNoConcurrency() {
    let messages = diagnostics(sdk: "{ model: { command: [\"sh\"], concurrency: 4 } }")
    #expect(messages.contains { $0.contains("concurrency") && $0.contains("one request at a time") })
  }

  @Test func schemaModelNeedsTheScenariosSchema() {
    let text = TestScenarios.sdk(steps: "").replacing(required: "schema: \(TestScenarios.sdkSchema),", with: "")
    #expect(TestScenarios.diagnostics(text).contains { $0.contains("has no 'schema'") })
  }

  @Test func clockChangeTakesASignedDuration() throws {
    let scenario = try TestScenarios.load(
      TestScenarios.sdk(steps: "{ at: \"5h\", action: \"clockChange\", by: \"-90m\" },"))
    #expect(scenario.scriptedUsers[0].timeline.contains { $0.action == .clockChange(by: .minutes(-90)) })
    let messages = diagnostics(sdk: "{ model: \"schema\" }", steps: "{ at: \"5h\", action: \"clockChange\", by: \"+soon\" },")
    #expect(messages.contains { $0.contains("timeline[3].by") && $0.contains("invalid duration") })
  }
}
