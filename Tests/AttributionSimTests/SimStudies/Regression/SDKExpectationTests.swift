import AttributionTestSupport
import Foundation
import Testing

@testable import AttributionSim

/// `expect.sdk`: what a scripted user's client SDK must write to `sdk-trace.jsonl`, read with
/// located errors and checked against the run.
///
/// The tester (`TestScenarios.sdkTester`) clicks alpha's ad at 0h, installs at 1h and first
/// launches at 1h5m, on SKAdNetwork 4.0 with the sequential model, which answers 0, 1 and 2 to
/// the SDK's first three requests and nothing new afterwards. The SDK registers at the launch and asks after it, after each event
/// and after the revenue: five trace lines.
@Suite("SDK expectations")
struct SDKExpectationTests {
  static func verify(
    users: String = TestScenarios.sdkTester, sdk: String = #"{ model: "sequential" }"#, expect: String
  ) throws -> VerificationResult {
    ScenarioVerifier().verify(try TestScenarios.load(TestScenarios.sdkExpectation(users: users, expect: expect, sdk: sdk)), file: "test.json")
  }

  @Test("The sequential test: the SDK sets 0, 1 and 2, then 2 persists, with no lint findings")
  func sequentialProcedurePasses() throws {
    let result = try Self.verify(
      expect: """
        { sdk: [{ user: "tester", values: [0, 1, 2, 2, 2], lint: {},
          actions: ["applied fine 0", "applied fine 1", "applied fine 2", "nothing new", "nothing new"],
          rule: "the sequential test procedure" }] }
        """)
    #expect(result.passed, "\(result.report())")
    #expect(result.checks.map(\.name) == ["expect.sdk[0]: tester's SDK trace"])
  }

  @Test("a wrong values list fails with the first difference and the user's SDK trace line by line")
  func wrongValuesAreReadable() throws {
    let result = try Self.verify(
      expect: #"{ sdk: [{ user: "tester", values: [0, 1, 2, 3], rule: "a purchase raises the value" }] }"#)
    let check = try #require(result.checks.first)
    #expect(!result.passed)
    #expect(check.problems == [
      "values: expected 0, 1, 2, 3, got 0, 1, 2, 2, 2; first difference at line 4: expected 3, got 2"
    ])
    #expect(check.origin?.hasPrefix("test.json:") == true, "located in the file")
    #expect(check.context == [
      "rule checked: a purchase raises the value",
      "sdk line 1 at +1h5m, session: applied fine 0 in its window 1; value 0",
      "sdk line 2 at +2h, event tutorial_complete: applied fine 1 in its window 1; value 1",
      "sdk line 3 at +3h, event level_up: applied fine 2 in its window 1; value 2",
      "sdk line 4 at +5h, session: no update: nothing new; value 2",
      "sdk line 5 at +20h, revenue iap: no update: nothing new; value 2",
    ])
    #expect(result.report().contains("FAIL expect.sdk[0]: tester's SDK trace"))
  }

  @Test("actions match by substring, one per trace line, and a missing line is counted")
  func actionsMatchInOrder() throws {
    let result = try Self.verify(
      expect: #"{ sdk: [{ user: "tester", actions: ["applied fine 0", "applied fine 2", "applied", "nothing new"] }] }"#)
    #expect(try #require(result.checks.first).problems == [
      "actions: 4 listed, but the SDK wrote 5 trace lines",
      "action 2: expected one containing 'applied fine 2', got 'applied fine 1 in its window 1'",
    ])
  }

  @Test("lint counts: named kinds are checked exactly, others not; {} demands no findings at all")
  func lintCounts() throws {
    let exact = try Self.verify(
      users: TestScenarios.clockMover, sdk: TestScenarios.keepBackSDK,
      expect: """
        { sdk: [
          { user: "mover", values: [0, 0, 0], lint: { revenueInWrongWindow: 1, droppedBelievingWindowOver: 2 } },
          { user: "mover", lint: { revenueInWrongWindow: 1 } },
        ] }
        """)
    #expect(exact.passed, "\(exact.report())")

    let wrong = try Self.verify(
      users: TestScenarios.clockMover, sdk: TestScenarios.keepBackSDK,
      expect: #"{ sdk: [{ user: "mover", lint: { droppedBelievingWindowOver: 1, ignoredAfterLock: 0 } }, { user: "mover", lint: {} }] }"#)
    #expect(wrong.checks.map(\.problems) == [
      ["lint 'droppedBelievingWindowOver': expected 1, got 2"],
      ["lint 'droppedBelievingWindowOver': expected 0, got 2", "lint 'revenueInWrongWindow': expected 0, got 1"],
    ])
    // The trace shows which lines had which findings.
    #expect(wrong.checks[1].context.contains(
      "sdk line 2 at +3h, event purchase: dropped: fine value after the SDK's window 1; value 0; "
        + "lint: revenueInWrongWindow, droppedBelievingWindowOver"))
  }

  @Test("a user whose SDK never registered fails with no trace lines")
  func noTraceLines() throws {
    let neverLaunches = """
      { name: "idle", timeline: [
        { at: "0h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
        { at: "1h", action: "install" },
      ] }
      """
    let check = try #require(try Self.verify(users: neverLaunches, expect: #"{ sdk: [{ user: "idle", values: [0] }] }"#).checks.first)
    #expect(check.problems == ["values: expected 0, got no SDK trace lines; first difference at line 1: expected 0, got no line"])
    #expect(check.context == ["idle's SDK wrote no trace lines (it registers at the first launch)"])
  }

  @Test("reading: an unknown user, an unknown lint kind and an empty entry are located errors with suggestions")
  func badExpectationsAreReported() {
    let diagnostics = TestScenarios.diagnostics(
      TestScenarios.sdkExpectation(
        expect: """
          { sdk: [
            { user: "testr", values: [0] },
            { user: "tester", lint: { ignoredAfterLok: 1, revenueInWrongWindow: -1 } },
            { user: "tester", rule: "nothing to check" },
            { user: "tester", values: [0, "1"], actions: [""] },
          ] }
          """))
    #expect(diagnostics.contains { $0.contains("expect.sdk[0].user: no scripted user is called 'testr'; did you mean 'tester'?") })
    #expect(diagnostics.contains {
      $0.contains("expect.sdk[1].lint.ignoredAfterLok: 'ignoredAfterLok' is not an SDK lint kind; did you mean 'ignoredAfterLock'?")
    })
    #expect(diagnostics.contains { $0.contains("expect.sdk[1].lint.revenueInWrongWindow:") && $0.contains("-1") })
    #expect(diagnostics.contains { $0.contains("expect.sdk[2]: expected 'values', 'lint' or 'actions'") })
    #expect(diagnostics.contains { $0.contains("expect.sdk[3].values[1]: expected an integer") })
    #expect(diagnostics.contains { $0.contains("expect.sdk[3].actions[0]:") })
    // Every message is located by file, line and column.
    #expect(diagnostics.allSatisfy { $0.hasPrefix("bad.json:") })
  }

  @Test("reading: sdk expectations need the app's sdk")
  func needsAnSDK() {
    let diagnostics = TestScenarios.diagnostics(
      TestScenarios.sdkExpectation(expect: #"{ sdk: [{ user: "tester", values: [0] }] }"#, sdk: nil))
    #expect(diagnostics.contains { $0.contains("expect.sdk: 'sdk' expects the client SDK's trace; this scenario's app has no 'sdk'") })
  }

  @Test("expectations built in code check the same way as those read from the file")
  func builtInCode() throws {
    var scenario = try TestScenarios.load(TestScenarios.sdkExpectation(expect: "{}"))
    scenario.expectations.sdk = [
      SDKExpectation(user: "tester", values: [0, 1, 2, 2, 2], lint: [.ignoredAfterLock: 0], actions: ["applied"])
    ]
    let result = ScenarioVerifier().verify(scenario, file: "in code")
    #expect(result.checks.map(\.problems) == [["actions: 1 listed, but the SDK wrote 5 trace lines"]])
  }
}
