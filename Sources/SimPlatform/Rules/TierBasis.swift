import SimModel

/// What a winning postback 1's content is decided from: its conversion's crowd sizes and the
/// values its window had. Under any thresholds it gives the ``TierSigns`` the postback would
/// show, without running again.
public struct TierBasis: Hashable, Sendable {
  public var crowd: CrowdSizes
  /// Whether the window had a fine value and a coarse value set.
  public var fineSet: Bool
  public var coarseSet: Bool
  /// The crowd sizes under each probe period (``TierDecision/probes``); empty outside the
  /// privacy fit's runs.
  public var probes: [CrowdSizes]

  /// A basis with every part given.
  public init(crowd: CrowdSizes, fineSet: Bool, coarseSet: Bool, probes: [CrowdSizes] = []) {
    self.crowd = crowd
    self.fineSet = fineSet
    self.coarseSet = coarseSet
    self.probes = probes
  }

  /// The signs the postback would show under `thresholds`, as the frameworks build it: with
  /// tiers, what ``TierAllowance`` lets a winning postback 1 carry (a coarse value where the fine
  /// one is not allowed or not set); before 4.0, the value and publisher once the privacy
  /// threshold is met.
  public func signs(thresholds: [Int], rules: PlatformRules, tiered: Bool) -> TierSigns {
    let decision = crowd.decision(thresholds: thresholds, selection: rules.digitSelection)
    guard tiered else {
      let met = TierAllowance.meetsPrivacyThreshold(decision)
      return TierSigns(publisher: met, fineValue: met && fineSet, coarseValue: false)
    }
    let allowed = TierAllowance(tier: decision, sequenceIndex: 0, didWin: true, rules: rules)
    let fine = allowed.fineValue && fineSet
    return TierSigns(publisher: allowed.publisher, fineValue: fine, coarseValue: !fine && allowed.coarseValue && coarseSet)
  }
}
