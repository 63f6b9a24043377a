/// What crowd anonymity allows a conversion's postbacks to carry (rulebook §6).
public struct TierDecision: Hashable, Sendable {
  /// The postback data tier, 0–3.
  public var tier: Int
  /// How many rightmost digits of the source identifier postbacks carry: 2, 3 or 4.
  public var sourceIdentifierDigits: Int
  /// Whether the install country's own crowd is large enough for `country-code`.
  public var countryCodeAllowed: Bool

  /// A decision with all its parts.
  public init(tier: Int, sourceIdentifierDigits: Int, countryCodeAllowed: Bool) {
    self.tier = tier
    self.sourceIdentifierDigits = sourceIdentifierDigits
    self.countryCodeAllowed = countryCodeAllowed
  }

  /// Apple's hierarchical source-identifier selection (rulebook §6, A2/B2): a tier is computed
  /// for the 2-, 3- and 4-digit forms; the form with the highest tier wins, ties go to more
  /// digits, and 2 digits are used whenever the best tier is 0 or 1.
  public static func selectingDigits(tierFor2 t2: Int, tierFor3 t3: Int, tierFor4 t4: Int, countryTier: Int)
    -> TierDecision
  {
    let best = max(t2, t3, t4)
    let digits = best <= 1 ? 2 : (t4 == best ? 4 : (t3 == best ? 3 : 2))
    return TierDecision(tier: best, sourceIdentifierDigits: digits, countryCodeAllowed: best == 3 && countryTier == 3)
  }
}
