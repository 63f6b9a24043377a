import AttributionSim
import Testing

@Suite("Crowd-anonymity tiers and source identifiers (rulebook §6)")
struct CrowdAnonymityTests {
  @Test("the form with the highest tier wins; ties go to more digits")
  func hierarchicalSelection() {
    #expect(TierDecision.selecting(formTiers: [2: 3, 3: 2, 4: 2], countryTier: 3).sourceIdentifierDigits == 2)
    #expect(TierDecision.selecting(formTiers: [2: 3, 3: 3, 4: 2], countryTier: 3).sourceIdentifierDigits == 3)
    #expect(TierDecision.selecting(formTiers: [2: 3, 3: 3, 4: 3], countryTier: 3).sourceIdentifierDigits == 4)
    #expect(TierDecision.selecting(formTiers: [2: 2, 3: 2, 4: 2], countryTier: 0).tier == 2)
  }

  @Test("a best tier of 0 or 1 always uses 2 digits")
  func lowTiersUseTwoDigits() {
    #expect(TierDecision.selecting(formTiers: [2: 1, 3: 1, 4: 1], countryTier: 1).sourceIdentifierDigits == 2)
    #expect(TierDecision.selecting(formTiers: [2: 0, 3: 0, 4: 0], countryTier: 0).sourceIdentifierDigits == 2)
  }

  @Test("country-code needs tier 3 and the country's own crowd at tier 3")
  func countryCode() {
    #expect(TierDecision.selecting(formTiers: [2: 3, 3: 3, 4: 3], countryTier: 3).countryCodeAllowed)
    #expect(!TierDecision.selecting(formTiers: [2: 3, 3: 3, 4: 3], countryTier: 2).countryCodeAllowed)
    #expect(!TierDecision.selecting(formTiers: [2: 2, 3: 2, 4: 2], countryTier: 3).countryCodeAllowed)
  }

  @Test("truncation keeps the rightmost digits, zero-padded")
  func truncation() {
    #expect(SKAdNetworkPostback.sourceIdentifier(5239, digits: 4) == "5239")
    #expect(SKAdNetworkPostback.sourceIdentifier(5239, digits: 3) == "239")
    #expect(SKAdNetworkPostback.sourceIdentifier(5239, digits: 2) == "39")
    #expect(SKAdNetworkPostback.sourceIdentifier(42, digits: 4) == "0042")
    #expect(SKAdNetworkPostback.sourceIdentifier(1203, digits: 2) == "03")
  }

  @Test("[D] by-tier digit selection: tier 2 gives 3 digits, tier 3 gives 4")
  func byTierSelection() {
    #expect(TierDecision.selecting(formTiers: [2: 2, 3: 2, 4: 2], countryTier: 0, selection: .byTier).sourceIdentifierDigits == 3)
    #expect(TierDecision.selecting(formTiers: [2: 3, 3: 1, 4: 0], countryTier: 0, selection: .byTier).sourceIdentifierDigits == 4)
    #expect(TierDecision.selecting(formTiers: [2: 1, 3: 1, 4: 1], countryTier: 0, selection: .byTier).sourceIdentifierDigits == 2)
  }
}
