import SimModel

/// The crowd sizes a conversion's tier is decided from (rulebook §6): how many attributed
/// installs share each of its crowd keys in the trailing crowd period. Thresholds turn them into
/// a ``TierDecision``; kept apart so that one run's sizes can be judged under any thresholds
/// (`attrsim privacy fit` fits thresholds to observed postbacks this way).
public struct CrowdSizes: Hashable, Sendable {
  /// The smallest of the crowds every form shares: the app's, the publisher's and (when the
  /// rules let the country limit the tier) the install country's.
  public var shared: Int
  /// The install country's crowd, which `country-code` needs at tier 3.
  public var country: Int
  /// The crowd of each source-identifier form of 2, 3 and 4 digits, in that order; nil for a form
  /// the framework does not have.
  public var forms: [Int?]

  /// Sizes with every part given.
  public init(shared: Int, country: Int, forms: [Int?]) {
    self.shared = shared
    self.country = country
    self.forms = forms
  }

  /// The size that decides the tier: the best form's, each form limited by the shared crowds. A
  /// conversion reaches tier k exactly when this reaches threshold k.
  public var effective: Int { forms.compactMap { $0.map { min(shared, $0) } }.max() ?? 0 }

  /// Every size a tier depends on: each form's (limited by the shared crowds) and the country's.
  /// Under thresholds that differ only between two of these, the decision is the same.
  public var sizes: [Int] { forms.compactMap { $0.map { min(shared, $0) } } + [country] }

  /// The tier a crowd of `size` reaches under `thresholds` (non-decreasing installs for tiers 1, 2, 3).
  public static func tier(of size: Int, thresholds: [Int]) -> Int {
    thresholds.lastIndex { size >= $0 }.map { $0 + 1 } ?? 0
  }

  /// The decision under `thresholds`, picking the source-identifier form by `selection`.
  public func decision(thresholds: [Int], selection: PlatformRules.DigitSelection) -> TierDecision {
    let tiers = forms.map { $0.map { Self.tier(of: min(shared, $0), thresholds: thresholds) } ?? 0 }
    var decision = TierDecision.selecting(
      tiers: tiers, countryTier: Self.tier(of: country, thresholds: thresholds), selection: selection)
    decision.crowd = self
    return decision
  }
}
