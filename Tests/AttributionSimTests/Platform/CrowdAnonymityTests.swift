import AttributionSim
import Testing

@Suite("Crowd-anonymity tiers and source identifiers (rulebook §6)")
struct CrowdAnonymityTests {
  @Test("the form with the highest tier wins; ties go to more digits")
  func hierarchicalSelection() {
    #expect(TierDecision.selectingDigits(tierFor2: 3, tierFor3: 2, tierFor4: 2, countryTier: 3).sourceIdentifierDigits == 2)
    #expect(TierDecision.selectingDigits(tierFor2: 3, tierFor3: 3, tierFor4: 2, countryTier: 3).sourceIdentifierDigits == 3)
    #expect(TierDecision.selectingDigits(tierFor2: 3, tierFor3: 3, tierFor4: 3, countryTier: 3).sourceIdentifierDigits == 4)
    #expect(TierDecision.selectingDigits(tierFor2: 2, tierFor3: 2, tierFor4: 2, countryTier: 0).tier == 2)
  }

  @Test("a best tier of 0 or 1 always uses 2 digits")
  func lowTiersUseTwoDigits() {
    #expect(TierDecision.selectingDigits(tierFor2: 1, tierFor3: 1, tierFor4: 1, countryTier: 1).sourceIdentifierDigits == 2)
    #expect(TierDecision.selectingDigits(tierFor2: 0, tierFor3: 0, tierFor4: 0, countryTier: 0).sourceIdentifierDigits == 2)
  }

  @Test("country-code needs tier 3 and the country's own crowd at tier 3")
  func countryCode() {
    #expect(TierDecision.selectingDigits(tierFor2: 3, tierFor3: 3, tierFor4: 3, countryTier: 3).countryCodeAllowed)
    #expect(!TierDecision.selectingDigits(tierFor2: 3, tierFor3: 3, tierFor4: 3, countryTier: 2).countryCodeAllowed)
    #expect(!TierDecision.selectingDigits(tierFor2: 2, tierFor3: 2, tierFor4: 2, countryTier: 3).countryCodeAllowed)
  }

  @Test("truncation keeps the rightmost digits, zero-padded")
  func truncation() {
    #expect(SKAdNetworkPostback.sourceIdentifier(5239, digits: 4) == "5239")
    #expect(SKAdNetworkPostback.sourceIdentifier(5239, digits: 3) == "239")
    #expect(SKAdNetworkPostback.sourceIdentifier(5239, digits: 2) == "39")
    #expect(SKAdNetworkPostback.sourceIdentifier(42, digits: 4) == "0042")
    #expect(SKAdNetworkPostback.sourceIdentifier(1203, digits: 2) == "03")
  }

  @Test("a campaign's own tier overrides the scenario's")
  func campaignOverride() throws {
    let networks = [AdNetwork(name: "n", identifier: "n.skadnetwork", campaigns: [
      Campaign(name: "a", sourceIdentifier: 1, tier: nil), Campaign(name: "b", sourceIdentifier: 2, tier: 0),
    ])]
    let policy = FixedTierPolicy(networks: networks, privacy: PrivacySettings(tier: 3))
    #expect(policy.decide(for: ConversionFacts(network: 0, campaign: 0, publisher: 0, country: "US")).tier == 3)
    #expect(policy.decide(for: ConversionFacts(network: 0, campaign: 1, publisher: 0, country: "US")).tier == 0)
  }
}
