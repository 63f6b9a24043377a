import AttributionSim
import Testing

/// Crowd anonymity's one rule for what a postback may carry (rulebook §6, B2), worked out by hand
/// for each tier, place in the sequence and win.
@Suite("Tier allowance (§6)")
struct TierAllowanceTests {
  private func decision(_ tier: Int, digits: Int = 2, country: Bool = false) -> TierDecision {
    TierDecision(tier: tier, sourceIdentifierDigits: digits, countryCodeAllowed: country)
  }

  @Test("Postbacks 2 and 3 are withheld at tier 0; postback 1 is always sent")
  func tierZeroWithholdsLaterPostbacks() {
    #expect(TierAllowance.sends(sequenceIndex: 0, tier: decision(0)))
    #expect(!TierAllowance.sends(sequenceIndex: 1, tier: decision(0)))
    #expect(!TierAllowance.sends(sequenceIndex: 2, tier: decision(0)))
    #expect(TierAllowance.sends(sequenceIndex: 2, tier: decision(1)))
  }

  @Test("Fine value only in a winning postback 1 at tier 2 or 3; coarse from tier 1")
  func fineValueNeedsTierTwoInPostbackOne() {
    let rules = PlatformRules()
    #expect(TierAllowance(tier: decision(2, digits: 3), sequenceIndex: 0, didWin: true, rules: rules)
      .value(fine: 9, coarse: .high) == .fine(9))
    #expect(TierAllowance(tier: decision(1), sequenceIndex: 0, didWin: true, rules: rules)
      .value(fine: 9, coarse: .high) == .coarse(.high))
    #expect(TierAllowance(tier: decision(3, digits: 4), sequenceIndex: 1, didWin: true, rules: rules)
      .value(fine: 9, coarse: .low) == .coarse(.low))
    #expect(TierAllowance(tier: decision(0), sequenceIndex: 0, didWin: true, rules: rules)
      .value(fine: 9, coarse: .high) == nil)
    #expect(TierAllowance(tier: decision(3, digits: 4), sequenceIndex: 0, didWin: false, rules: rules).fineValue == false)
  }

  @Test("Postback 1 keeps the tier's digits, postbacks 2–3 keep 2; the publisher only at tier 3 in a winning postback 1")
  func digitsAndPublisher() {
    let rules = PlatformRules()
    let top = TierAllowance(tier: decision(3, digits: 4, country: true), sequenceIndex: 0, didWin: true, rules: rules)
    #expect(top.sourceIdentifierDigits == 4)
    #expect(top.publisher)
    #expect(top.countryCode == (rules.countryCode))
    let later = TierAllowance(tier: decision(3, digits: 4, country: true), sequenceIndex: 2, didWin: true, rules: rules)
    #expect(later.sourceIdentifierDigits == 2)
    #expect(!later.publisher && !later.countryCode)
    #expect(!TierAllowance(tier: decision(2, digits: 3), sequenceIndex: 0, didWin: true, rules: rules).publisher)
  }

  @Test("Before 4.0 the privacy threshold is taken as tier 2")
  func privacyThresholdIsTierTwo() {
    #expect(!TierAllowance.meetsPrivacyThreshold(decision(1)))
    #expect(TierAllowance.meetsPrivacyThreshold(decision(2, digits: 3)))
  }
}
