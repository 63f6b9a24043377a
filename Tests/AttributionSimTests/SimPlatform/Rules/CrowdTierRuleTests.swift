import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// Rulebook §6: the default crowd model and what each tier lets through.
@Suite("§6 crowd anonymity")
struct CrowdTierRuleTests {
  /// One network with campaigns 1234 and 5234 (sharing "234" and "34"), thresholds 1/2/3 per day.
  private func policy(privacyExtra: String = "", campaignExtra: String = "", rules: String = "{}") throws -> CrowdTierPolicy {
    let text = TestScenarios.minimal.replacing(
      required: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }]",
      with: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }, { name: \"c2\", sourceIdentifier: 5234\(campaignExtra) }]"
    ).replacing(
      required: "  seed: 7,",
      with: "  seed: 7, rules: \(rules), privacy: { thresholds: { tier1: 1, tier2: 2, tier3: 3 }, crowdPeriod: '1d'\(privacyExtra) },")
    return CrowdTierPolicy(scenario: try TestScenarios.load(text))
  }

  private func install(campaign: Int, hour: Int64, country: String = "US") -> ConversionFacts {
    ConversionFacts(network: 0, campaign: campaign, publisher: 0, country: country, time: SimTime.zero + .hours(hour))
  }

  @Test("§6: each source-identifier form gets its own crowd; the highest tier wins, ties towards more digits")
  func formsHaveTheirOwnCrowds() throws {
    var policy = try policy()
    policy.record(install(campaign: 1, hour: 1))
    policy.record(install(campaign: 1, hour: 2))
    policy.record(install(campaign: 0, hour: 3))
    // App, publisher and the "34" and "234" forms have 3 installs (tier 3); "1234" has 1 (tier 1).
    let decision = policy.decide(for: install(campaign: 0, hour: 3))
    #expect(decision.tier == 3 && decision.sourceIdentifierDigits == 3)
    #expect(decision.countryCodeAllowed)
  }

  @Test("§6: crowds count attributed installs in the trailing period only")
  func trailingPeriod() throws {
    var policy = try policy()
    for hour in 0..<3 { policy.record(install(campaign: 0, hour: Int64(hour))) }
    #expect(policy.decide(for: install(campaign: 0, hour: 3)).tier == 3)
    // At 25h the installs at 0h and 1h are more than a day old; one remains: tier 1, 2 digits.
    let later = policy.decide(for: install(campaign: 0, hour: 25))
    #expect(later.tier == 1 && later.sourceIdentifierDigits == 2)
    #expect(policy.decide(for: install(campaign: 0, hour: 27)).tier == 0)
  }

  @Test("§6: the install country's crowd caps the tier; country-code needs it at tier 3")
  func countryCrowd() throws {
    for limits in [true, false] {
      var policy = try policy(rules: "{ countryLimitsTier: \(limits) }")
      for hour in 0..<3 { policy.record(install(campaign: 0, hour: Int64(hour), country: hour == 2 ? "GB" : "US")) }
      // App, publisher and source forms have 3 installs; GB has 1 (tier 1).
      let british = policy.decide(for: install(campaign: 0, hour: 2, country: "GB"))
      #expect(british.tier == (limits ? 1 : 3), "countryLimitsTier \(limits)")
      #expect(!british.countryCodeAllowed)
    }
  }

  @Test("§6: forceTier pins tiers; a campaign's forceTier beats the scenario's")
  func forcedTiers() throws {
    var pinned = try policy(campaignExtra: ", forceTier: 1")
    #expect(pinned.decide(for: install(campaign: 1, hour: 1)).tier == 1)
    #expect(pinned.decide(for: install(campaign: 0, hour: 1)).tier == 0, "thresholds apply to the other campaign")
    var both = try policy(privacyExtra: ", forceTier: 2", campaignExtra: ", forceTier: 1")
    #expect(both.decide(for: install(campaign: 1, hour: 1)).tier == 1, "the campaign's own tier wins")
    #expect(both.decide(for: install(campaign: 0, hour: 1)).tier == 2, "the scenario's tier beats the thresholds")
  }

  @Test("§6: before 4.0 conversion-value and source-app-id need the privacy threshold, taken as tier 2")
  func thresholdBefore4() throws {
    let user = TestScenarios.clicker(then: #"{ at: "4h", action: "update", fine: 9 },"#)
    let low = try #require(try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: user, privacy: "{ forceTier: 1 }")).postbacks.first)
    #expect(low.fields["conversion-value"] == nil && low.fields["source-app-id"] == nil)
    let met = try #require(try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: user, privacy: "{ forceTier: 2 }")).postbacks.first)
    #expect(met.fields["conversion-value"] == 9 && met.fields["source-app-id"] == 6444000009)
  }

  @Test("§6 [U] setting countryCode: false keeps country-code out even at tier 3")
  func countryCodeSetting() throws {
    let user = TestScenarios.clicker()
    let on = try #require(try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: user)).postbacks.first)
    #expect(on.fields["country-code"] == "US")
    let off = try #require(
      try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: user, rules: "{ countryCode: false }")).postbacks.first)
    #expect(off.fields["country-code"] == nil)
  }

  @Test("§6: with the default thresholds a lone install gets tier 0: postback 1 only, 2 digits, no value")
  func defaultThresholds() throws {
    let user = TestScenarios.clicker(then: #"{ at: "4d", action: "update", coarse: "high" },"#)
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "4.0", users: user, privacy: "{}"))
    let toNetwork = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(toNetwork.count == 1 && toNetwork[0].content == .none)
    #expect(toNetwork[0].fields["source-identifier"] == "11")
    #expect(run.summary.conversionsByTier == [1, 0, 0, 0])
  }

  @Test("§5.4: Developer Mode postbacks get the highest tier unless a tier is forced")
  func developerModeTier() throws {
    let user = TestScenarios.clicker()
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: user, privacy: "{}", platformExtra: ", developerMode: true"))
    #expect(run.summary.conversionsByTier == [0, 0, 0, 1])
    let forced = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: user, privacy: "{ forceTier: 1 }", platformExtra: ", developerMode: true"))
    #expect(forced.summary.conversionsByTier == [0, 1, 0, 0])
  }

  @Test("tier thresholds must not decrease once the defaults fill the tiers not given")
  func partialThresholds() {
    let text = TestScenarios.minimal.replacing(required: "  seed: 7,", with: "  seed: 7, privacy: { thresholds: { tier1: 100 } },")
    #expect(TestScenarios.diagnostics(text) == [
      "bad.json:4:35: error: privacy.thresholds: tier thresholds must not decrease (defaults fill the tiers not given); found tier1 100, tier2 50, tier3 200"
    ])
  }
}
