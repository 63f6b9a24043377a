import SimModel

/// What crowd anonymity lets one postback carry (rulebook §6), by its conversion's tier, its
/// place in the sequence and whether its network won: the one rule SKAdNetwork's and
/// AdAttributionKit's postbacks, the tier stage and the conversion records read.
public struct TierAllowance: Hashable, Sendable {
  /// A conversion value a postback carries.
  public enum Value: Hashable, Sendable {
    case fine(Int)
    case coarse(CoarseValue)
  }

  /// How many rightmost digits of the source identifier it carries: the tier's count in
  /// postback 1, 2 in postbacks 2–3.
  public var sourceIdentifierDigits: Int
  /// Whether it names the publisher (`source-app-id` or `source-domain`, AdAttributionKit's
  /// `publisher-item-identifier`): only a winning postback 1 at tier 3.
  public var publisher: Bool
  /// Whether it carries `country-code`: where it names the publisher, when the install country's
  /// own crowd is large enough and the rules send the field.
  public var countryCode: Bool
  /// Whether it may carry the fine value: a winning postback 1 at tier 2 or 3.
  public var fineValue: Bool
  /// Whether it may carry the coarse value: tier 1 or more, from the winner or, under
  /// `runnerUpCoarseValue`, any network (§3.3).
  public var coarseValue: Bool
  /// Whether it carries AdAttributionKit's `marketplace-identifier`: from the rules' minimum
  /// tier up, never at tier 0.
  public var marketplaceIdentifier: Bool

  /// What postback `sequenceIndex` (0–2) of a conversion decided `tier` may carry.
  public init(tier: TierDecision, sequenceIndex: Int, didWin: Bool, rules: PlatformRules) {
    let first = sequenceIndex == 0
    sourceIdentifierDigits = first ? tier.sourceIdentifierDigits : 2
    publisher = first && tier.tier == 3 && didWin
    countryCode = publisher && rules.countryCode && tier.countryCodeAllowed
    fineValue = didWin && first && tier.tier >= 2
    coarseValue = (didWin || rules.runnerUpCoarseValue) && tier.tier >= 1
    marketplaceIdentifier = tier.tier >= max(1, rules.marketplaceIdentifierMinimumTier)
  }

  /// The value the postback carries from its window's: the fine value where allowed and set,
  /// otherwise the coarse value where allowed and set.
  public func value(fine: Int?, coarse: CoarseValue?) -> Value? {
    if fineValue, let fine { return .fine(fine) }
    if coarseValue, let coarse { return .coarse(coarse) }
    return nil
  }

  /// Whether postback `sequenceIndex` (0-based, its window) of a conversion decided `tier` is
  /// sent at all: postbacks 2 and 3 are not at tier 0.
  public static func sends(sequenceIndex: Int, tier: TierDecision) -> Bool {
    sequenceIndex == 0 || tier.tier > 0
  }

  /// Before 4.0 (A6): whether the privacy threshold is met, which the simulator takes to be
  /// tier 2 or more; a winning postback then carries `conversion-value` and `source-app-id`.
  public static func meetsPrivacyThreshold(_ tier: TierDecision) -> Bool { tier.tier >= 2 }
}
