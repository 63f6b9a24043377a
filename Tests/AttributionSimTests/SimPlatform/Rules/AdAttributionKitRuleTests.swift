@testable import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// AdAttributionKit's rules with scripted users whose postbacks are worked out by hand from the
/// rulebook (§2.4–2.5, §3.5–3.6, §5.4, §7.5). Every scenario forces tier 3 unless it says
/// otherwise, so every field the tier allows is there.
@Suite("AdAttributionKit rules")
struct AdAttributionKitRuleTests {
  private func at(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  /// Whether `postback` was sent between `low` and `high` hours after `close`.
  private func sent(_ postback: PostbackRecord, hoursAfter close: SimTime, _ low: Int64, _ high: Int64) -> Bool {
    postback.time >= close + .hours(low) && postback.time <= close + .hours(high)
  }

  private func toNetworks(_ postbacks: [PostbackRecord]) -> [PostbackRecord] { postbacks.filter { $0.recipient == .adNetwork } }

  @Test("§3.6: an AdAttributionKit click beats a later SKAdNetwork view; the SKAdNetwork network gets a non-winning 4.0 postback")
  func clickBeatsViewAcrossFrameworks() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "view", network: "s1", campaign: "c", publisher: "hub" },
        { at: "3h", action: "install" }, { at: "3h5m", action: "launch" },
        { at: "4h", action: "update", fine: 42 },
      ] }
      """
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: user))
    let sent = toNetworks(run.postbacks)
    #expect(sent.count == 2)
    let winner = try #require(sent.first { $0.didWin })
    var said = winner.said
    let identifier = said.removeValue(forKey: "postback-identifier")
    #expect(identifier?.stringValue?.count == 36)
    // Tier 3, postback 1 (§6, §7.5): all four digits, the publisher, the country, the fine value.
    #expect(said == [
      "ad-network-identifier": "net1.adattributionkit", "advertised-item-identifier": 1234567890,
      "publisher-item-identifier": 6444000009, "source-identifier": "5239", "impression-type": "app-impression",
      "conversion-type": "download", "did-win": true, "postback-sequence-index": 0,
      "marketplace-identifier": "com.apple.AppStore",
      "conversion-value": 42, "ad-interaction-type": "click", "country-code": "US",
    ])
    #expect(winner.keyId == "apple-cas-identifier/0")
    // Window 1 runs 48 h from the first launch at 3h05; postback 1 follows 24–48 h later (§5.2).
    let launch = try at("3h5m")
    #expect(self.sent(winner, hoursAfter: launch + .hours(48), 24, 48))
    let runnerUp = try #require(sent.first { !$0.didWin })
    var skan = runnerUp.fields
    skan["transaction-id"] = nil
    skan["attribution-signature"] = nil
    #expect(skan == [
      "version": "4.0", "ad-network-id": "sk1.skadnetwork", "source-identifier": "6121", "app-id": 1234567890,
      "redownload": false, "fidelity-type": 0, "did-win": false, "postback-sequence-index": 0,
    ])
    // Developer copies: the winner's only, to the AdAttributionKit endpoint (§7.6).
    let copies = run.postbacks.filter { $0.recipient == .developer }
    #expect(copies.map(\.payload) == [winner.payload])
  }

  @Test("§3.5: a re-engagement locks the install's open window and schedules its postback; the install's later windows are replaced")
  func reengagementLocksInstall() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" },
        { at: "4h", action: "update", fine: 10 },
        { at: "10h", action: "click", network: "n1", campaign: "c", publisher: "hub", url: "https://app.example.com/offer?x=1" },
        { at: "11h", action: "update", fine: 5 },
        { at: "3d", action: "update", coarse: "high" },
        { at: "4d", action: "update", coarse: "low", conversionTypes: ["install"] },
      ] }
      """
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: user))
    let sent = toNetworks(run.postbacks)
    let install = sent.filter { $0.said["conversion-type"] == "download" }
    let reengagement = sent.filter { $0.said["conversion-type"] == "re-engagement" }
    // The install's window 1 is locked at the tap (10h), so its postback leaves 24–48 h later
    // with the fine value 10; windows 2 and 3 never send.
    #expect(install.map(\.sequenceIndex) == [0])
    #expect(install.first?.said["conversion-value"] == 10)
    let tapTime = try at("10h")
    #expect(install.first?.preparedAt == tapTime)
    let installFirst = try #require(install.first)
    let tap = try at("10h")
    #expect(self.sent(installFirst, hoursAfter: tap, 24, 48))
    // The re-engagement's windows start at its first update (11h): fine 5 in postback 1, the
    // coarse value in postback 2 (window 2: 59h to 11h + 7 d). No runner-ups (§3.3).
    #expect(reengagement.map(\.sequenceIndex) == [0, 1])
    let allWin = reengagement.allSatisfy { $0.didWin }
    #expect(allWin)
    #expect(reengagement[0].said["conversion-value"] == 5)
    let firstUpdate = try at("11h")
    #expect(self.sent(reengagement[0], hoursAfter: firstUpdate + .hours(48), 24, 48))
    #expect(reengagement[1].said["coarse-conversion-value"] == "high")
    #expect(reengagement[1].said["source-identifier"] == "39")
    #expect(self.sent(reengagement[1], hoursAfter: firstUpdate + .days(7), 24, 144))
    // The install-only update at 4d finds no active install conversion.
    #expect(run.summary.updatesUnrouted == 1)
    #expect(run.summary.conversionsSuperseded == 1 && run.summary.windowsSuperseded == 2)
    // Re-engagement postbacks are not copied unless the app opts in (§3.5).
    #expect(run.postbacks.filter { $0.recipient == .developer }.map { $0.said["conversion-type"] } == ["download"])
    let opened = run.trace.first { $0.message.hasPrefix("the tap opens the app") }
    #expect(opened?.message == "the tap opens the app with https://app.example.com/offer?x=1&AdAttributionKitReengagementOpen=")
  }

  @Test("§3.5: re-engagement postbacks are copied to the developer when the app opts in")
  func reengagementCopies() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "install" }, { at: "2h", action: "launch" },
        { at: "10h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "11h", action: "update", fine: 5 },
      ] }
      """
    let run = try TestScenarios.run(
      TestScenarios.adAttributionKit(users: user, infoPlist: "EligibleForAdAttributionKitReengagementPostbackCopies: true"))
    let copies = run.postbacks.filter { $0.recipient == .developer }
    #expect(copies.map { $0.said["conversion-type"] } == ["re-engagement"])
    #expect(run.summary.attributedInstalls == 0 && run.summary.reengagementConversions == 1)
  }

  @Test("§3.5 B7: with overlapping conversions, an update goes to the tagged conversion, or without a tag to the most recent")
  func overlappingConversionsRoutedByTag() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" },
        { at: "10h", action: "click", network: "n1", campaign: "c", publisher: "hub", url: "https://app.example.com/a" },
        { at: "20h", action: "click", network: "n1", campaign: "c", publisher: "hub", url: "https://app.example.com/b" },
        { at: "21h", action: "update", fine: 7, tagOfReengagement: 1 },
        { at: "22h", action: "update", fine: 9 },
        { at: "23h", action: "update", fine: 3, conversionTypes: ["install"] },
      ] }
      """
    let run = try TestScenarios.run(
      TestScenarios.adAttributionKit(users: user, infoPlist: "EligibleForAdAttributionKitOverlappingConversions: true"))
    let firsts = toNetworks(run.postbacks).filter { $0.sequenceIndex == 0 }
    // Nothing is superseded: each conversion's window 1 ends 48 h after its own start.
    #expect(run.summary.conversionsSuperseded == 0)
    let byStart = firsts.sorted { $0.preparedAt < $1.preparedAt }
    #expect(byStart.map { $0.said["conversion-type"] } == ["download", "re-engagement", "re-engagement"])
    #expect(byStart.map { $0.said["conversion-value"] } == [3, 7, 9])
    let closes = [try at("51h"), try at("69h"), try at("70h")]
    #expect(byStart.map(\.preparedAt) == closes)
    // Each open URL carries its conversion's tag.
    let opens = run.trace.filter { $0.message.hasPrefix("the tap opens the app") }.map(\.message)
    #expect(opens.count == 2)
    #expect(opens.allSatisfy { $0.contains("AdAttributionKitReengagementOpen=") && !$0.hasSuffix("=") })
  }

  @Test("§2.5: an install cooldown suppresses a re-engagement conversion; after it, a tap converts")
  func installCooldown() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" },
        { at: "10h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "30h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "31h", action: "update", fine: 5 },
      ] }
      """
    let plist = "AdAttributionKitConfigurations: { AttributionCooldown: { \"install-cooldown-hours\": 24 } }"
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: user, infoPlist: plist))
    #expect(run.summary.reengagementTaps == 2)
    #expect(run.summary.refusedInstallCooldown == 1)
    #expect(run.summary.reengagementConversions == 1)
    let reengagement = toNetworks(run.postbacks).filter { $0.said["conversion-type"] == "re-engagement" }
    // The one conversion is the 30h tap's: its windows start at the 31h update.
    let update = try at("31h")
    #expect(reengagement.map(\.preparedAt) == [update + .hours(48)])
    // The 30h conversion locked the install's window 1 at 30h.
    let lockedAt = try at("30h")
    #expect(toNetworks(run.postbacks).first { $0.said["conversion-type"] == "download" }?.preparedAt == lockedAt)
  }

  @Test("§2.5: a re-engagement cooldown suppresses the next re-engagement; the [U] monthly limit too, except in Developer Mode")
  func reengagementCooldownAndLimits() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "install" }, { at: "2h", action: "launch" },
        { at: "10h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "20h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "40h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      ] }
      """
    let plist = "AdAttributionKitConfigurations: { AttributionCooldown: { \"re-engagement-cooldown-hours\": 12 } }"
    let cooled = try TestScenarios.run(TestScenarios.adAttributionKit(users: user, infoPlist: plist))
    #expect(cooled.summary.refusedReengagementCooldown == 1)
    #expect(cooled.summary.reengagementConversions == 2)
    let limited = try TestScenarios.run(TestScenarios.adAttributionKit(users: user, rules: "{ reengagementLimitPerMonth: 1 }"))
    #expect(limited.summary.refusedMonthlyLimit == 2)
    #expect(limited.summary.reengagementConversions == 1)
    let developer = try TestScenarios.run(
      TestScenarios.adAttributionKit(users: user, rules: "{ reengagementLimitPerYear: 1 }", platformExtra: ", developerMode: true"))
    #expect(developer.summary.refusedYearlyLimit == 0)
    #expect(developer.summary.reengagementConversions == 3)
  }

  @Test("§3.5: views and taps on ads not eligible for re-engagement create no conversion; a re-engagement without an update in 2 days sends nothing")
  func reengagementEligibility() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "install" }, { at: "2h", action: "launch" },
        { at: "10h", action: "view", network: "n1", campaign: "c", publisher: "hub" },
        { at: "11h", action: "click", network: "n1", campaign: "plain", publisher: "hub" },
        { at: "12h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "3d", action: "update", fine: 5 },
      ] }
      """
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: user))
    #expect(run.summary.reengagementTaps == 2)
    #expect(run.summary.reengagementNotEligible == 1)
    #expect(run.summary.reengagementConversions == 1)
    #expect(run.summary.reengagementsWithoutUpdate == 1)
    #expect(run.postbacks.isEmpty)
    #expect(run.trace.contains { $0.message == "first update more than 2 days after the re-engagement: ignored" })
  }

  @Test("§2.5: per-network windows and ignoreInteractionType decide which impressions may win")
  func perNetworkWindows() throws {
    let users = """
      { name: "late-click", timeline: [
        { at: "0h", action: "click", network: "n2", campaign: "c", publisher: "hub" },
        { at: "20h", action: "view", network: "n1", campaign: "c", publisher: "hub" },
        { at: "30h", action: "install" }, { at: "31h", action: "launch" } ] },
      { name: "ignored-view", timeline: [
        { at: "1h", action: "view", network: "n2", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" } ] },
      { name: "long-view", timeline: [
        { at: "1h", action: "view", network: "n1", campaign: "c", publisher: "hub" },
        { at: "40h", action: "install" }, { at: "41h", action: "launch" } ] }
      """
    let plist = """
      AdAttributionKitConfigurations: { AttributionWindows: {
        global: { install: { view: 2 } },
        "net2.adattributionkit": { install: { click: 1, ignoreInteractionType: "view" } } } }
      """
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: users, infoPlist: plist))
    let winners = Dictionary(uniqueKeysWithValues: toNetworks(run.postbacks).filter(\.didWin).map {
      ($0.user, "\($0.said["ad-network-identifier"]?.stringValue ?? "?") \($0.said["ad-interaction-type"]?.stringValue ?? "?")")
    })
    // n2's click expires after its own 1-day window, so n1's view (2-day global window) wins at 30h;
    // n2's views are ignored; n1's view wins at 39 h after it, beyond the 24 h default.
    #expect(winners == ["late-click": "net1.adattributionkit view", "long-view": "net1.adattributionkit view"])
    #expect(run.summary.installs == 3 && run.summary.attributedInstalls == 2)
  }

  @Test("§3.1 B12: production impressions beat development ones; alone, a development impression wins with publisher 0")
  func productionBeatsDevelopment() throws {
    let users = """
      { name: "both", timeline: [
        { at: "1h", action: "view", network: "n2", campaign: "c", publisher: "hub" },
        { at: "2h", action: "click", network: "n1", campaign: "c", publisher: "dev" },
        { at: "3h", action: "install" }, { at: "4h", action: "launch" } ] },
      { name: "dev-only", timeline: [
        { at: "2h", action: "click", network: "n1", campaign: "c", publisher: "dev" },
        { at: "3h", action: "install" }, { at: "4h", action: "launch" } ] }
      """
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: users))
    let sent = toNetworks(run.postbacks)
    // The development click would beat the view, but it is dropped, runner-up included.
    #expect(sent.filter { $0.user == "both" }.map { $0.said["ad-network-identifier"] } == ["net2.adattributionkit"])
    let devOnly = try #require(sent.first { $0.user == "dev-only" })
    #expect(devOnly.said["publisher-item-identifier"] == 0)
  }

  @Test("§3.2 B5: at most six impressions are considered, so runner-ups come only from the best six")
  func sixConsidered() {
    // Clicks an hour apart, newest best: n1 three times, then n2…n6. The best six are n1 ×3,
    // n2, n3, n4; without the cap, n5 and n6 would run up too.
    let networks: [Int32] = [6, 5, 4, 3, 2, 1, 1, 1]
    var store = ImpressionStore()
    for (hour, network) in networks.enumerated() {
      _ = store.record(
        AdExposure(network: Int(network), campaign: 0, publisher: 0, kind: .click), at: SimTime.zero + .hours(Int64(hour)),
        publisherListsNetwork: true, minimumViewDuration: .seconds(2))
    }
    func runnerUps(_ pooled: PooledAttribution?) -> [Int32] {
      var copy = store
      return copy.attribution(
        at: SimTime.zero + .hours(10), ranking: .fidelityThenRecency, tieBreak: .recordedLast, runnerUps: true, pooled: pooled)?
        .runnerUps.map(\.network) ?? []
    }
    #expect(runnerUps(PooledAttribution(ignored: { _ in false }, isDevelopment: { _ in false })) == [2, 3, 4])
    #expect(runnerUps(nil) == [2, 3, 4, 5, 6])
  }

  @Test("§3.5 [U] setting reengagementLimitPerYear: taps beyond the yearly limit create no conversion")
  func yearlyLimit() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "install" }, { at: "2h", action: "launch" },
        { at: "10h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "40d", action: "click", network: "n1", campaign: "c", publisher: "hub" } ] }
      """
    // 40 days apart: past the monthly window, inside the yearly one.
    let run = try TestScenarios.run(TestScenarios.adAttributionKit(users: user, rules: "{ reengagementLimitPerYear: 1 }"))
    #expect(run.summary.refusedYearlyLimit == 1 && run.summary.reengagementConversions == 1)
  }

  @Test("§2.4 [U]: handleTap on an AppImpression older than its validity (15 min by default) records no tap")
  func appImpressionValidity() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub", impressionAge: "20m" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" } ] }
      """
    let strict = try TestScenarios.run(TestScenarios.adAttributionKit(users: user))
    #expect(strict.summary.impressionsExpired == 1 && strict.summary.attributedInstalls == 0)
    let lenient = try TestScenarios.run(TestScenarios.adAttributionKit(users: user, rules: "{ appImpressionValidity: '30m' }"))
    #expect(lenient.summary.impressionsExpired == 0 && lenient.summary.attributedInstalls == 1)
  }

  @Test("§5.4: Developer Mode has windows of minutes, 5–10 minute delays, the highest tier and the development key ID")
  func developerMode() throws {
    let user = """
      { name: "u", country: "FR", timeline: [
        { at: "0m", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "1m", action: "install" }, { at: "2m", action: "launch" },
        { at: "3m", action: "update", fine: 12 } ] }
      """
    let run = try TestScenarios.run(
      TestScenarios.adAttributionKit(users: user, privacy: "{}", platformExtra: ", developerMode: true"))
    let first = try #require(toNetworks(run.postbacks).first)
    #expect(first.keyId == "apple-development-identifier/0")
    let windowEnd = try at("5m")
    #expect(first.preparedAt == windowEnd)
    let (earliest, latest) = (try at("10m"), try at("15m"))
    #expect(first.time >= earliest && first.time <= latest)
    // Tier 3 without any crowd: fine value, four digits, the publisher and the country.
    #expect(first.said["conversion-value"] == 12 && first.said["source-identifier"] == "5239")
    #expect(first.said["country-code"] == "FR" && first.said["publisher-item-identifier"] == 6444000009)
  }

  @Test("§6 [U] setting marketplaceIdentifierMinimumTier: marketplace-identifier from tier 1 by default, never at tier 0")
  func marketplaceByTier() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" },
        { at: "4h", action: "update", fine: 8, coarse: "medium" } ] }
      """
    func marketplace(tier: Int, rules: String = "{}") throws -> JSONValue? {
      let run = try TestScenarios.run(
        TestScenarios.adAttributionKit(users: user, rules: rules, privacy: "{ forceTier: \(tier) }"))
      return toNetworks(run.postbacks).first?.said["marketplace-identifier"]
    }
    #expect(try marketplace(tier: 0) == nil)
    #expect(try marketplace(tier: 1) == "com.apple.AppStore")
    #expect(try marketplace(tier: 1, rules: "{ marketplaceIdentifierMinimumTier: 3 }") == nil)
    #expect(try marketplace(tier: 3, rules: "{ marketplaceIdentifierMinimumTier: 3 }") == "com.apple.AppStore")
  }
}
