import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// The scenario settings for delivery: `adNetworks[].postbackURL` and `platform.postbackDelivery`
/// (rulebook §5.3, §7.6), read or rejected with located messages.
@Suite("Delivery settings in scenarios are read and checked")
struct DeliverySettingsTests {
  private let network = "identifier: \"alpha.skadnetwork\","
  private let platform = "platform: { framework: \"skadnetwork\", version: \"4.0\" },"

  private func diagnostics(replacing old: String, with new: String) -> [String] {
    #expect(TestScenarios.minimal.contains(old), "test setup: '\(old)' not in the minimal scenario")
    return TestScenarios.diagnostics(TestScenarios.minimal.replacing(required: old, with: new))
  }

  private func withDelivery(_ object: String) -> String {
    platform.replacing(required: " },", with: ", postbackDelivery: \(object) },")
  }

  @Test("§5.3: by default 9 attempts a day apart, and no network has a postbackURL")
  func defaults() throws {
    let scenario = try TestScenarios.load(TestScenarios.minimal)
    #expect(scenario.platform.postbackDelivery == PostbackDelivery(maxAttempts: 9, retryInterval: .days(1)))
    #expect(scenario.platform.postbackDelivery.span == .days(8))
    #expect(scenario.adNetworks.map(\.postbackURL) == [nil])
  }

  @Test("§7.6: a postbackURL and delivery settings are read as written")
  func readsSettings() throws {
    let text = TestScenarios.minimal
      .replacing(required: network, with: "\(network) postbackURL: \"https://alpha.example/skan?x=1\",")
      .replacing(required: platform, with: withDelivery("{ maxAttempts: 5, retryInterval: \"2d\" }"))
    let scenario = try TestScenarios.load(text)
    #expect(scenario.adNetworks[0].postbackURL == URL(string: "https://alpha.example/skan?x=1"))
    #expect(scenario.platform.postbackDelivery == PostbackDelivery(maxAttempts: 5, retryInterval: .days(2)))
  }

  @Test("§7.6: a postbackURL that is not an absolute http(s) URL with a host is rejected where it is written")
  func badPostbackURL() {
    for bad in ["ftp://alpha.example/p", "alpha.example/postbacks", "https://", ""] {
      #expect(diagnostics(replacing: network, with: "\(network) postbackURL: \"\(bad)\",") == [
        "bad.json:9:68: error: adNetworks[0].postbackURL: expected an absolute http:// or https:// URL with a host, "
          + "such as 'https://ads.example.com/postbacks', found '\(bad)'"
      ])
    }
    #expect(diagnostics(replacing: network, with: "\(network) postbackURL: 42,") == [
      "bad.json:9:68: error: adNetworks[0].postbackURL: expected a string, found number 42"
    ])
  }

  @Test("§5.3: more than 9 attempts, or none, is rejected")
  func attemptsOutOfRange() {
    for bad in [0, 10] {
      #expect(diagnostics(replacing: platform, with: withDelivery("{ maxAttempts: \(bad) }")) == [
        "bad.json:6:90: error: platform.postbackDelivery.maxAttempts: expected an integer from 1 to 9, found \(bad)"
      ])
    }
  }

  @Test("§5.3: retries spread over more than 9 days are rejected, citing the rule")
  func spanOverNineDays() {
    #expect(diagnostics(replacing: platform, with: withDelivery("{ retryInterval: \"2d\" }")) == [
      "bad.json:6:92: error: platform.postbackDelivery.retryInterval: the last of 9 attempts 2d apart would come 16d after the first; "
        + "devices retry over at most 9d (rulebook §5.3): shorten retryInterval or lower maxAttempts"
    ])
    // Nine days exactly is allowed.
    #expect(diagnostics(replacing: platform, with: withDelivery("{ maxAttempts: 4, retryInterval: \"3d\" }")) == [])
    #expect(diagnostics(replacing: platform, with: withDelivery("{ maxAttempts: 2, retryInterval: \"9d1s\" }")).count == 1)
  }

  @Test("§5.3: a retry interval of zero is rejected")
  func zeroInterval() {
    #expect(diagnostics(replacing: platform, with: withDelivery("{ retryInterval: \"0s\" }")) == [
      "bad.json:6:92: error: platform.postbackDelivery.retryInterval: expected a duration longer than zero, found 0s"
    ])
  }

  @Test("an unknown key in postbackDelivery gets a suggestion")
  func unknownKey() {
    #expect(diagnostics(replacing: platform, with: withDelivery("{ maxAtempts: 3 }")) == [
      "bad.json:6:77: error: platform.postbackDelivery.maxAtempts: unknown key 'maxAtempts'; did you mean 'maxAttempts'?"
    ])
    #expect(diagnostics(replacing: network, with: "\(network) postbackUrl: \"https://a.example\",") == [
      "bad.json:9:55: error: adNetworks[0].postbackUrl: unknown key 'postbackUrl'; did you mean 'postbackURL'?"
    ])
  }
}
