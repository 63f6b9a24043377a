import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Each bad scenario is the minimal one with one piece replaced; the whole message is asserted.
@Suite("Bad scenario files get precise diagnostics")
struct BadScenarioTests {
  private func diagnostics(replacing old: String, with new: String) -> [String] {
    #expect(TestScenarios.minimal.contains(old), "test setup: '\(old)' not in the minimal scenario")
    return TestScenarios.diagnostics(TestScenarios.minimal.replacing(required: old, with: new))
  }

  @Test("the minimal scenario itself is valid")
  func minimalIsValid() {
    #expect(TestScenarios.diagnostics(TestScenarios.minimal) == [])
  }

  @Test("a syntax error names its line and column")
  func syntaxError() {
    #expect(diagnostics(replacing: "seed: 7,", with: "seed: 7") == [
      "bad.json:5:3: error: expected ',' or '}' after object member, found 'e'"
    ])
  }

  @Test("an unknown key is reported with a suggestion")
  func unknownKey() {
    #expect(diagnostics(replacing: "  name: \"t\",", with: "  name: \"t\", nmae: \"u\",") == [
      "bad.json:3:14: error: nmae: unknown key 'nmae'; did you mean 'name'?"
    ])
  }

  @Test("a value of the wrong type says what was expected and what was found")
  func wrongType() {
    #expect(diagnostics(replacing: "seed: 7", with: "seed: \"seven\"") == [
      "bad.json:4:9: error: seed: expected an integer of at least 0, found string 'seven'"
    ])
  }

  @Test("a bad revenue distribution is located by its JSON path")
  func badRevenue() {
    #expect(diagnostics(replacing: "revenue: 4.99", with: "revenue: \"lots\"") == [
      "bad.json:19:60: error: cohorts[0].events[0].revenue: expected a number or a distribution such as { lognormal: { median: 4.99, sigma: 0.8 } }, found string 'lots'"
    ])
  }

  @Test("a probability above 1 is rejected")
  func probabilityAboveOne() {
    #expect(diagnostics(replacing: "afterClick: 0.5", with: "afterClick: 1.5") == [
      "bad.json:18:30: error: cohorts[0].install.afterClick: expected a probability from 0 to 1, found number 1.5"
    ])
  }

  @Test("a campaign referenced but not declared is named, with a suggestion")
  func undeclaredCampaign() {
    #expect(diagnostics(replacing: "campaign: \"c1\"", with: "campaign: \"c2\"") == [
      "bad.json:17:49: error: cohorts[0].exposures[0].campaign: unknown campaign 'c2' of ad network 'alpha'; did you mean 'c1'?"
    ])
  }

  @Test("an ad network referenced but not declared is named, with a suggestion")
  func undeclaredNetwork() {
    #expect(diagnostics(replacing: "adNetworks: [\"alpha\"]", with: "adNetworks: [\"alpah\"]") == [
      "bad.json:11:56: error: publishers[0].adNetworks[0]: unknown ad network 'alpah'; did you mean 'alpha'?"
    ])
  }

  @Test("a period that ends before it starts is rejected")
  func periodEndsBeforeStart() {
    #expect(diagnostics(replacing: "from: \"0d\", to: \"1d\"", with: "from: \"3d\", to: \"1d\"") == [
      "bad.json:16:35: error: cohorts[0].arrivals.to: the arrival period ends (1d) before it starts (3d)"
    ])
  }

  @Test("a malformed duration says how durations are written")
  func badDuration() {
    #expect(diagnostics(replacing: "delay: \"1h\"", with: "delay: \"1 hour\"") == [
      "bad.json:18:42: error: cohorts[0].install.delay: invalid duration: '1 hour' is not a duration (digits then a unit, e.g. 90s, 15m, 36h, 2d, 1d12h)"
    ])
  }

  @Test("an unsupported format version stops further checks: other messages would mislead")
  func unsupportedVersion() {
    #expect(diagnostics(replacing: "version: 1,", with: "version: 2,").count == 1)
    #expect(diagnostics(replacing: "version: 1,", with: "version: 2,") == [
      "bad.json:2:12: error: version: unsupported scenario format version 2; this build reads version 1"
    ])
  }

  @Test("an epoch that is not ISO-8601 shows the expected form")
  func badEpoch() {
    #expect(diagnostics(replacing: "2026-03-02T00:00:00Z", with: "March 2nd") == [
      "bad.json:5:10: error: epoch: expected an ISO-8601 date-time such as '2026-03-02T00:00:00Z', found 'March 2nd'"
    ])
  }

  @Test("a duplicate campaign name points at both places")
  func duplicateCampaign() {
    #expect(
      diagnostics(
        replacing: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }]",
        with: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }, { name: \"c1\", sourceIdentifier: 99 }]") == [
        "bad.json:9:107: error: adNetworks[0].campaigns[1]: duplicate campaign name 'c1' (first at 9:67)"
      ])
  }

  @Test("a source identifier beyond four digits is rejected")
  func sourceIdentifierRange() {
    #expect(diagnostics(replacing: "sourceIdentifier: 1234", with: "sourceIdentifier: 12345") == [
      "bad.json:9:99: error: adNetworks[0].campaigns[0].sourceIdentifier: expected an integer from 0 to 9999, found 12345"
    ])
  }

  @Test("a missing required key is reported at its object")
  func missingKey() {
    #expect(diagnostics(replacing: "  name: \"t\",\n", with: "") == [
      "bad.json:1:1: error: missing key 'name'"
    ])
  }

  @Test("a schema file that does not exist is named")
  func missingSchemaFile() {
    #expect(diagnostics(replacing: "  seed: 7,", with: "  seed: 7, schema: \"nope.json\",") == [
      "bad.json:4:20: error: schema: cannot read schema file 'nope.json': no such file"
    ])
  }

  @Test("§7.2: a signing key file must exist and hold a P-256 private key in PEM")
  func badKeyFiles() throws {
    #expect(diagnostics(replacing: "  seed: 7,", with: "  seed: 7, signing: { appleKey: \"nope.pem\" },") == [
      "bad.json:4:33: error: signing.appleKey: cannot read key file 'nope.pem': no such file (expected a PEM private key)"
    ])
    let directory = FileManager.default.temporaryDirectory.path
    let name = "attrsim-\(UUID().uuidString)"
    let p192 = "\(directory)/\(name)-p192.pem"
    let text = "\(directory)/\(name).txt"
    try ECPrivateKey.generate(curve: .p192).pem.write(toFile: p192, atomically: true, encoding: .utf8)
    try "not a key".write(toFile: text, atomically: true, encoding: .utf8)
    defer {
      try? FileManager.default.removeItem(atPath: p192)
      try? FileManager.default.removeItem(atPath: text)
    }
    #expect(
      diagnostics(
        replacing: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }] }",
        with: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }], signingKey: \"\(p192)\" }") == [
        "bad.json:9:120: error: adNetworks[0].signingKey: key file '\(p192)' holds a P-192 key; signing keys are P-256"
      ])
    #expect(diagnostics(replacing: "  seed: 7,", with: "  seed: 7, signing: { appleKey: \"\(text)\" },") == [
      "bad.json:4:33: error: signing.appleKey: key file '\(text)' is not a PEM private key (expected '-----BEGIN PRIVATE KEY-----')"
    ])
  }

  @Test("§7.3: signing settings get a did-you-mean, and a network's invalid-signature share is a probability")
  func badSigningSettings() {
    #expect(diagnostics(replacing: "  seed: 7,", with: "  seed: 7, signing: { impressionChek: \"flag\" },") == [
      "bad.json:4:23: error: signing.impressionChek: unknown key 'impressionChek'; did you mean 'impressionCheck'?"
    ])
    #expect(diagnostics(replacing: "  seed: 7,", with: "  seed: 7, signing: { impressionCheck: \"none\" },") == [
      "bad.json:4:40: error: signing.impressionCheck: expected one of 'cryptographic', 'tampered-only', 'flag', found 'none'"
    ])
    #expect(
      diagnostics(
        replacing: "sourceIdentifier: 1234 }] }", with: "sourceIdentifier: 1234 }], invalidSignatureShare: 1.5 }") == [
        "bad.json:9:131: error: adNetworks[0].invalidSignatureShare: expected a probability from 0 to 1, found number 1.5"
      ])
  }

  @Test("before 4.0 a campaign's sourceIdentifier is a campaign-id of 1 to 100")
  func campaignIdBefore4() {
    #expect(diagnostics(replacing: "version: \"4.0\"", with: "version: \"3.0\"") == [
      "bad.json:9:99: error: adNetworks[0].campaigns[0].sourceIdentifier: expected an integer from 1 to 100, found 1234"
    ])
  }

  @Test("devices older than the signed version's minimum iOS are refused (§1), not downgraded")
  func iosTooOld() {
    #expect(diagnostics(replacing: "version: \"4.0\" }", with: "version: \"4.0\", iosVersion: \"15.4\" }") == [
      "bad.json:6:69: error: platform.iosVersion: SKAdNetwork 4.0 needs iOS 16.1 or later, but devices run iOS 15.4"
    ])
  }

  @Test("web ads are taps: a view-through exposure on a website is refused")
  func webViews() {
    let web = TestScenarios.minimal.replacing(required: "appId: 222, adNetworks: [\"alpha\"]", with: "domain: \"news.example\"")
      .replacing(required: "click: 0.5 }", with: "view: 0.5 }")
    #expect(TestScenarios.diagnostics(web) == [
      "bad.json:17:66: error: cohorts[0].exposures[0].publisher: 'pub' is a website: web ads are tapped (fidelity-type 1), never view-through"
    ])
  }

  @Test("unknown rule settings get a did-you-mean; the delay shape must stay in [0, 1]")
  func badRules() {
    #expect(diagnostics(replacing: "  seed: 7,", with: "  seed: 7, rules: { tieBrake: 'recordedFirst', sendDelayShape: { uniform: { min: 0, max: 2 } } },") == [
      "bad.json:4:21: error: rules.tieBrake: unknown key 'tieBrake'; did you mean 'tieBreak'?",
      "bad.json:4:64: error: rules.sendDelayShape: expected a distribution on [0, 1] (the position within the delay range), found one on [0.0, 2.0]",
    ])
  }

  @Test("click and view probabilities must not add up to more than 1")
  func exclusiveOutcomes() {
    #expect(diagnostics(replacing: "click: 0.5 }", with: "click: 0.5, view: 0.6 }") == [
      "bad.json:17:19: error: cohorts[0].exposures[0]: 'click' (0.5) and 'view' (0.6) are exclusive outcomes and add up to more than 1"
    ])
  }

  @Test("every problem is reported, in file order")
  func collectsAll() {
    let text = TestScenarios.minimal
      .replacing(required: "seed: 7", with: "seed: -1")
      .replacing(required: "count: 10", with: "count: \"ten\"")
    #expect(TestScenarios.diagnostics(text) == [
      "bad.json:4:9: error: seed: expected an integer of at least 0, found -1",
      "bad.json:15:14: error: cohorts[0].count: expected an integer from 0 to 1000000000, found string 'ten'",
    ])
  }

  @Test("a scripted user cannot launch the app before installing it")
  func launchBeforeInstall() {
    let text = TestScenarios.minimal.replacing(
      required: "  cohorts: [",
      with: "  users: [{ name: \"u\", timeline: [{ at: \"1h\", action: \"launch\" }, { at: \"2h\", action: \"install\" }] }],\n  cohorts: [")
    #expect(TestScenarios.diagnostics(text) == [
      "bad.json:12:35: error: users[0].timeline[0]: 'launch' at 1h comes before the user installs the app"
    ])
  }
}
