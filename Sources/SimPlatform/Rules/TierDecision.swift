import SimModel

/// What crowd anonymity allows a conversion's postbacks to carry (rulebook §6).
public struct TierDecision: Hashable, Sendable {
  /// The postback data tier, 0–3.
  public var tier: Int
  /// How many rightmost digits of the source identifier postback 1 carries: 2, 3 or 4.
  public var sourceIdentifierDigits: Int
  /// Whether the install country's own crowd is large enough for `country-code`.
  public var countryCodeAllowed: Bool
  /// The crowd sizes it was decided from; nil for a forced tier. Where the decision came from,
  /// not part of it: two decisions are equal when they allow the same.
  public var crowd: CrowdSizes?
  /// The crowd sizes under each of `privacy.probePeriods` (the privacy fit sizes one run's
  /// crowds under every period it tries); empty otherwise. Not part of the decision either.
  public var probes: [CrowdSizes] = []

  /// A decision with all its parts.
  public init(tier: Int, sourceIdentifierDigits: Int, countryCodeAllowed: Bool) {
    self.tier = tier
    self.sourceIdentifierDigits = sourceIdentifierDigits
    self.countryCodeAllowed = countryCodeAllowed
  }

  /// The decision from the tiers of the source identifier's 2-, 3- and 4-digit forms.
  ///
  /// Hierarchical (Apple, A2/B2): the form with the highest tier wins, ties go to more digits,
  /// and 2 digits are used whenever the best tier is 0 or 1. By tier (an MMP simplification, M5):
  /// tier 2 gives 3 digits and tier 3 gives 4. Forms missing from `formTiers` count as tier 0.
  public static func selecting(
    formTiers: [Int: Int], countryTier: Int, selection: PlatformRules.DigitSelection = .hierarchical
  ) -> TierDecision {
    selecting(tiers: [2, 3, 4].map { formTiers[$0] ?? 0 }, countryTier: countryTier, selection: selection)
  }

  /// The decision from the tiers of the 2-, 3- and 4-digit forms, in that order.
  static func selecting(tiers: [Int], countryTier: Int, selection: PlatformRules.DigitSelection) -> TierDecision {
    let best = tiers.max()!
    let digits: Int
    switch selection {
    case .hierarchical: digits = best <= 1 ? 2 : 2 + tiers.lastIndex(of: best)!
    case .byTier: digits = best <= 1 ? 2 : best + 1
    }
    return TierDecision(tier: best, sourceIdentifierDigits: digits, countryCodeAllowed: best == 3 && countryTier == 3)
  }

  public static func == (left: TierDecision, right: TierDecision) -> Bool {
    (left.tier, left.sourceIdentifierDigits, left.countryCodeAllowed)
      == (right.tier, right.sourceIdentifierDigits, right.countryCodeAllowed)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(tier)
    hasher.combine(sourceIdentifierDigits)
    hasher.combine(countryCodeAllowed)
  }

  /// 10 to the power `digits`: the source identifier modulo this keeps its rightmost digits.
  package static func modulus(digits: Int) -> Int {
    var modulus = 1
    for _ in 0..<digits { modulus *= 10 }
    return modulus
  }
}
