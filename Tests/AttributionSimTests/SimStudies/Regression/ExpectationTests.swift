import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// Expectations in scenario files, checked against runs worked out by hand.
///
/// The scripted user taps alpha's ad (5211) at 1h, installs at 2h and first launches at 3h, at
/// forced tier 2. With no events the schema's fine value is 0. Window 1 ends 2 days after the
/// first launch, at 2d3h, and its postback leaves 24–48 h later, between 3d3h and 4d3h (§5.2).
@Suite("Regression: expectations") struct ExpectationTests {
  static let user = """
    { name: "u", timeline: [
      { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
      { at: "2h", action: "install" }, { at: "3h", action: "launch" },
    ] }
    """

  static func scenario(expect: String) -> String {
    TestScenarios.scripted(users: user, extra: "expect: \(expect),")
  }

  static func verify(expect: String) throws -> VerificationResult {
    ScenarioVerifier().verify(try TestScenarios.load(scenario(expect: expect)), file: "test.json")
  }

  static let wholePayload = """
    { version: "4.0", "ad-network-id": "alpha1234.skadnetwork", "app-id": 1234567890, "did-win": true,
      "fidelity-type": 1, "postback-sequence-index": 0, redownload: false, "source-identifier": "5211",
      "conversion-value": 0 }
    """

  @Test("§5.2, §6: the tier-2 first postback worked out by hand matches every field and its send window")
  func wholePayloadPasses() throws {
    let result = try Self.verify(
      expect: """
        { postbacks: [{ user: "u", sequenceIndex: 0, payload: \(Self.wholePayload), sendTime: { from: "3d3h", to: "4d3h" } }] }
        """)
    #expect(result.passed, "\(result.report())")
    #expect(result.checks.count == 1)
  }

  @Test("a broken expectation names the field, expected and got, the user and the rules that produced the postback")
  func brokenFieldIsReadable() throws {
    let result = try Self.verify(
      expect: """
        { postbacks: [{ user: "u", sequenceIndex: 0, fields: { "conversion-value": 5, "source-identifier": "5211" },
          rule: "a purchase sets the fine value" }] }
        """)
    let check = try #require(result.checks.first)
    #expect(!result.passed)
    #expect(check.problems == ["field 'conversion-value': expected 5, got 0"])
    #expect(check.name == "expect.postbacks[0]: u's postback to the ad network, sequence index 0")
    #expect(check.context.first == "rule checked: a purchase sets the fine value")
    #expect(check.context.contains { $0.hasPrefix("produced by: §5.2 window 1 closed or locked at +2d3h") })
    #expect(check.context.contains { $0.contains("§6 crowd anonymity let it carry a fine value and a 4-digit source identifier") })
    #expect(result.report().contains("FAIL expect.postbacks[0]"))
  }

  @Test("whole payloads refuse extra fields; send times outside their bounds are shown as epoch offsets")
  func extraFieldAndLateSend() throws {
    let payload = Self.wholePayload.replacing(required: #""conversion-value": 0 "#, with: "")
    let result = try Self.verify(
      expect: """
        { postbacks: [{ user: "u", sequenceIndex: 0, payload: \(payload), sendTime: { to: "3d" } }] }
        """)
    let problems = try #require(result.checks.first).problems
    #expect(problems.count == 2)
    #expect(problems[0] == "field 'conversion-value': not expected, got 0")
    #expect(problems[1].hasPrefix("send time: expected between +0s and +3d, got +3d"))
  }

  @Test("absent postbacks, missing ones and exhaustive lists each fail with what was sent")
  func absentMissingAndExhaustive() throws {
    let result = try Self.verify(
      expect: """
        { postbacks: [
            { user: "u", sequenceIndex: 0, absent: true },
            { user: "u", network: "beta" },
            { user: "u", recipient: "developer", sequenceIndex: 0 },
          ],
          exhaustive: true }
        """)
    #expect(result.checks.map(\.passed) == [false, false, true, false])
    #expect(result.checks[0].problems.first?.hasPrefix("expected no such postback, got ad-network postback sent at +3d") == true)
    #expect(result.checks[1].problems == ["no such postback was sent"])
    #expect(result.checks[1].context.first?.hasPrefix("u sent: ad-network postback") == true)
    // The ad-network postback was only named as absent, so it is unexpected.
    #expect(result.checks[3].problems.count == 1)
    #expect(result.checks[3].problems.first?.hasPrefix("unexpected postback: ad-network postback") == true)
  }

  @Test("figure checks read summary.json by path: counts, shares, selectors, and a misspelt key with a suggestion")
  func figureChecks() throws {
    let result = try Self.verify(
      expect: """
        { checks: [
            { metric: "installs.attributed", equals: 1 },
            { metric: "installs.attributed", of: "installs.total", min: 1 },
            { metric: "decoding.campaigns[campaign=broad].trueRevenue", equals: 0 },
            { metric: "installs.atributed", min: 1 },
            { metric: "postbacks.winning", max: 0 },
          ] }
        """)
    #expect(result.checks.map(\.passed) == [true, true, true, false, false])
    #expect(result.checks[3].problems.first?.contains("summary.json has no 'atributed' under 'installs'; did you mean 'attributed'?") == true)
    // Windows 2 and 3 see no update, so only window 1 sends (§5.2).
    #expect(result.checks[4].problems == ["expected at most 0, got 1"])
  }

  @Test("the expect block is read with locations, suggestions and every problem at once")
  func readingErrors() {
    let text = Self.scenario(
      expect: """
        { postbacks: [{ user: "uu", fields: { "conversion-valu": 1 } }],
          checks: [{ metric: "users" }, { metric: "a..b", min: 1 }],
          golden: { files: ["summary.jsn"] }, exhaustiv: true }
        """)
    let messages = TestScenarios.diagnostics(text).joined(separator: "\n")
    #expect(messages.contains("expect.postbacks[0].user: no scripted user is called 'uu'; did you mean 'u'?"))
    #expect(messages.contains("expect.postbacks[0].fields.conversion-valu: 'conversion-valu' is not a field of SKAdNetwork 4.0 postbacks; did you mean 'conversion-value'?"))
    #expect(messages.contains("expect.checks[0]: a check needs a bound"))
    #expect(messages.contains("expect.checks[1].metric: 'a..b' is not a path"))
    #expect(messages.contains("expect.golden.files[0]: expected one of"))
    #expect(messages.contains("unknown key 'exhaustiv'; did you mean 'exhaustive'?"))
    #expect(messages.contains("bad.json:"))
  }

  @Test("expectations built in code check a loaded scenario as the documented library example does")
  func builtInCode() throws {
    var scenario = try TestScenarios.load(TestScenarios.scripted(users: Self.user))
    scenario.expectations = Expectations(
      postbacks: [PostbackExpectation(user: "u", sequenceIndex: 0, fields: ["fidelity-type": 1, "source-identifier": "5211"])],
      checks: [FigureCheck(metric: try #require(SummaryPath("installs.attributed")), equals: 1)])
    let result = ScenarioVerifier().verify(scenario, file: "in code")
    #expect(result.passed, "\(result.report())")
    scenario.expectations.postbacks[0].fields["fidelity-type"] = 0
    let failed = ScenarioVerifier().verify(scenario, file: "in code")
    #expect(failed.checks[0].problems == ["field 'fidelity-type': expected 0, got 1"])
  }

  @Test("§7.1: fields and sequence indices the scenario's version never sends are refused when the file is read")
  func versionFields() {
    let text = TestScenarios.multiNetwork(
      version: "2.2", users: TestScenarios.clicker(),
      extra: #"expect: { postbacks: [{ user: "u", sequenceIndex: 1, fields: { "coarse-conversion-value": "low", "campaign-id": 11 } }] },"#)
    let messages = TestScenarios.diagnostics(text).joined(separator: "\n")
    #expect(messages.contains("expect.postbacks[0].sequenceIndex: SKAdNetwork 2.2 sends one postback per install: sequenceIndex can only be 0"))
    #expect(messages.contains("'coarse-conversion-value' is not a field of SKAdNetwork 2.2 postbacks"))
    #expect(!messages.contains("'campaign-id'"))
  }

  @Test("bounds and figures in messages read back as the numbers written")
  func numbersInMessages() {
    #expect(FigureCheck.format(3) == "3")
    #expect(FigureCheck.format(0.35) == "0.35")
    #expect(FigureCheck.format(0.0000001) == "1e-07")
    #expect(FigureCheck.format(1e20) == "1e+20")
  }
}

