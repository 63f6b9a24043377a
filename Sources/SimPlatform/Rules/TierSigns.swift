/// What a postback 1 shows of its conversion's tier: the fields crowd anonymity gates
/// (rulebook §6). Read from a received body, or worked out for a simulated one under any
/// thresholds, so observed and simulated postbacks are judged by one rule.
public struct TierSigns: Hashable, Sendable {
  /// It names the publisher: `source-app-id`, `source-domain` or AdAttributionKit's
  /// `publisher-item-identifier`.
  public var publisher: Bool
  /// It carries a fine `conversion-value`.
  public var fineValue: Bool
  /// It carries a `coarse-conversion-value`.
  public var coarseValue: Bool

  /// Signs with every part given.
  public init(publisher: Bool, fineValue: Bool, coarseValue: Bool) {
    self.publisher = publisher
    self.fineValue = fineValue
    self.coarseValue = coarseValue
  }

  /// The lowest tier a winning postback 1 showing these can come from. With tiers (4.0,
  /// AdAttributionKit): the publisher needs tier 3, a fine value 2, a coarse value 1. Before 4.0
  /// a value or the publisher shows the privacy threshold met, which the simulator takes to be
  /// tier 2 (``TierAllowance/meetsPrivacyThreshold(_:)``); nothing shows tier 0 or a value the app
  /// never set.
  public func lowestTier(tiered: Bool) -> Int {
    guard tiered else { return publisher || fineValue ? 2 : 0 }
    return publisher ? 3 : fineValue ? 2 : coarseValue ? 1 : 0
  }
}
