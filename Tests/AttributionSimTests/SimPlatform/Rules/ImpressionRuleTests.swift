import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Rulebook §2: which impressions the device records and for how long.
@Suite("§2 impressions")
struct ImpressionRuleTests {
  /// n1 starts a 30 s view; 10 s later n2 starts a 5 s view, before n1's has ended.
  private static let overlappingViews = """
    { name: "u", timeline: [
      { at: "1h", action: "view", network: "n1", campaign: "c", publisher: "hub", duration: "30s" },
      { at: "1h10s", action: "view", network: "n2", campaign: "c", publisher: "hub", duration: "5s" },
      { at: "2h", action: "install" }, { at: "2h5m", action: "launch" },
    ] }
    """

  @Test("§2.3: a second view start for the same advertised app replaces the open view")
  func secondStartReplacesOpenView() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: Self.overlappingViews))
    #expect(run.summary.viewsReplaced == 1)
    let toNetworks = run.postbacks.filter { $0.recipient == .adNetwork }
    // n1's view never ended, so n2's is the only impression: it wins and nobody runs up.
    #expect(toNetworks.map { $0.fields["ad-network-id"] } == ["net2.skadnetwork"])
    #expect(run.trace.contains { $0.rule == "§2.3" && $0.message.contains("replaced 1 open view") })
  }

  @Test("§2.3 [U] setting viewReplacement 'network': only a view of the same network is replaced")
  func replacementPerNetwork() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "3.0", users: Self.overlappingViews, rules: "{ viewReplacement: 'network' }"))
    #expect(run.summary.viewsReplaced == 0)
    let toNetworks = run.postbacks.filter { $0.recipient == .adNetwork }
    // Both views are recorded: n2's is more recent and wins; n1 gets a non-winning postback.
    #expect(toNetworks.first { $0.didWin }?.fields["ad-network-id"] == "net2.skadnetwork")
    #expect(toNetworks.first { !$0.didWin }?.fields["ad-network-id"] == "net1.skadnetwork")
  }

  @Test("§2.3: before iOS 15.4 a view needs 3 s on screen; from 15.4, 2 s")
  func minimumViewTimeByOS() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "view", network: "n1", campaign: "c", publisher: "hub", duration: "2500ms" },
        { at: "2h", action: "install" }, { at: "2h5m", action: "launch" },
      ] }
      """
    let old = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: user, platformExtra: ", iosVersion: '15.0'"))
    #expect(old.summary.viewsTooShort == 1 && old.summary.attributedInstalls == 0)
    let current = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: user, platformExtra: ", iosVersion: '15.4'"))
    #expect(current.summary.viewsTooShort == 0 && current.summary.attributedInstalls == 1)
  }

  @Test("§2.2: a click can win for 30 days, not a millisecond longer")
  func clickLifetime() throws {
    func attributed(installAt offset: String) throws -> Int {
      let user = """
        { name: "u", timeline: [
          { at: "0s", action: "click", network: "n1", campaign: "c", publisher: "hub" },
          { at: "\(offset)", action: "install" },
        ] }
        """
      return try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: user)).summary.attributedInstalls
    }
    #expect(try attributed(installAt: "29d23h59m59s999ms") == 1)
    #expect(try attributed(installAt: "30d") == 0)
  }

  @Test("§2.1, §7.1: a web ad is a fidelity-type 1 tap; tier-3 postback 1 names the source-domain, not an app")
  func webAd() throws {
    let text = TestScenarios.multiNetwork(
      version: "4.0",
      users: """
        { name: "u", timeline: [
          { at: "1h", action: "click", network: "n3", campaign: "c", publisher: "site" },
          { at: "2h", action: "install" }, { at: "2h5m", action: "launch" },
        ] }
        """
    ).replacing(required: "publishers: [", with: "publishers: [{ name: \"site\", domain: \"news.example\" }, ")
    let first = try #require(try TestScenarios.run(text).postbacks.first { $0.recipient == .adNetwork })
    #expect(first.fields["fidelity-type"] == 1)
    #expect(first.fields["source-domain"] == "news.example")
    #expect(first.fields["source-app-id"] == nil)
  }
}
