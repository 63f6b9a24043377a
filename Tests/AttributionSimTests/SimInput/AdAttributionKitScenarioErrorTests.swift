import AttributionTestSupport
import Testing

/// Bad AdAttributionKit scenario text is refused with a message naming the rule (rulebook §1,
/// §2.1, §2.4, §3.5, §3.6).
@Suite("Bad AdAttributionKit scenarios get precise diagnostics")
struct AdAttributionKitScenarioErrorTests {
  private let user = """
    { name: "u", timeline: [
      { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      { at: "2h", action: "install" }, { at: "3h", action: "launch" } ] }
    """

  /// The diagnostics of the AdAttributionKit test world after replacing `old` with `new`.
  private func diagnostics(_ old: String, _ new: String, users: String? = nil) -> [String] {
    let text = TestScenarios.adAttributionKit(users: users ?? user)
    precondition(text.contains(old), "test setup: '\(old)' not in the scenario")
    return TestScenarios.diagnostics(text.replacing(required: old, with: new))
  }

  @Test("§1: AdAttributionKit needs iOS 17.4")
  func oldOS() {
    let found = diagnostics("iosVersion: \"18.4\"", "iosVersion: \"17.0\"")
    #expect(found.contains { $0.contains("AdAttributionKit needs iOS 17.4 or later, but devices run iOS 17.0") })
  }

  @Test("§3.6: SKAdNetwork ads beside AdAttributionKit are signed with 4.0")
  func mixedNeedsFourZero() {
    let found = diagnostics("iosVersion: \"18.4\"", "iosVersion: \"18.4\", version: \"3.0\"")
    #expect(found.contains { $0.contains("platform.version: SKAdNetwork ads beside AdAttributionKit must be signed with 4.0") })
  }

  @Test("§3.5: re-engagement is AdAttributionKit's, and needs iOS 18")
  func reengagementOnSKAdNetwork() {
    let found = diagnostics(
      "campaigns: [{ name: \"c\", sourceIdentifier: 6121 }]", "campaigns: [{ name: \"c\", sourceIdentifier: 6121, eligibleForReengagement: true }]")
    #expect(found.contains { $0.contains("eligibleForReengagement: re-engagement is AdAttributionKit's (§3.5)") })
    let old = diagnostics("iosVersion: \"18.4\"", "iosVersion: \"17.4\"")
    #expect(old.contains { $0.contains("re-engagement needs iOS 18.0 or later, but devices run iOS 17.4") })
  }

  @Test("§2.1, §2.4: AdAttributionKit ad keys on an SKAdNetwork ad, a bad URL, and impressionAge on a StoreKit ad are refused")
  func adKeys() {
    let users = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "s1", campaign: "c", publisher: "hub", presentation: "storekit" },
        { at: "2h", action: "click", network: "n1", campaign: "c", publisher: "hub", url: "app://open" },
        { at: "3h", action: "click", network: "n1", campaign: "c", publisher: "hub", presentation: "storekit", impressionAge: "1m" },
        { at: "4h", action: "view", network: "n1", campaign: "c", publisher: "hub", api: "handleView" },
        { at: "5h", action: "install" } ] }
      """
    let found = diagnostics("name: \"aak\"", "name: \"aak\"", users: users)
    #expect(found.contains { $0.contains("'presentation' describes AdAttributionKit ads; 's1' serves SKAdNetwork ads") })
    #expect(found.contains { $0.contains("expected a universal link (https://), found 'app://open'") })
    #expect(found.contains { $0.contains("'impressionAge' is for custom clicks (handleTap)") })
    #expect(found.contains { $0.contains("handleView() needs iOS 26.2 or later, but devices run iOS 18.4") })
  }

  @Test("§3.5: update routing keys are checked")
  func routingKeys() {
    let users = """
      { name: "u", timeline: [
        { at: "1h", action: "install" },
        { at: "2h", action: "update", fine: 1, conversionTypes: [] },
        { at: "3h", action: "update", fine: 1, tag: "x", tagOfReengagement: 1 },
        { at: "4h", action: "update", fine: 1, api: "legacy", tag: "x" } ] }
      """
    let found = diagnostics("name: \"aak\"", "name: \"aak\"", users: users)
    #expect(found.contains { $0.contains("conversionTypes: expected 'install', 're-engagement' or both") })
    #expect(found.contains { $0.contains("give 'tag' or 'tagOfReengagement', not both") })
    #expect(found.contains { $0.contains("'tag' needs api 'current'") })
  }
}
