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
  /// The 2-, 3- and 4-digit forms' crowds, -1 for a form the framework does not have: kept
  /// inline, not in an array, because the privacy fit holds millions of these.
  private var form2: Int32, form3: Int32, form4: Int32

  /// Sizes with every part given.
  public init(shared: Int, country: Int, forms: [Int?]) {
    self.shared = shared
    self.country = country
    func stored(_ index: Int) -> Int32 { index < forms.count ? forms[index].map { Int32(clamping: $0) } ?? -1 : -1 }
    (form2, form3, form4) = (stored(0), stored(1), stored(2))
  }

  /// The crowd of each source-identifier form of 2, 3 and 4 digits, in that order; nil for a form
  /// the framework does not have.
  public var forms: [Int?] { [form2, form3, form4].map { $0 < 0 ? nil : Int($0) } }

  /// The size that decides the tier: the best form's, each form limited by the shared crowds. A
  /// conversion reaches tier k exactly when this reaches threshold k.
  public var effective: Int {
    let best = Int(max(form2, form3, form4))
    return best < 0 ? 0 : min(shared, best)
  }

  /// Every size a tier depends on: each form's (limited by the shared crowds) and the country's.
  /// Under thresholds that differ only between two of these, the decision is the same.
  public var sizes: [Int] { [form2, form3, form4].compactMap { $0 < 0 ? nil : min(shared, Int($0)) } + [country] }

  /// The tier a crowd of `size` reaches under `thresholds` (non-decreasing installs for tiers 1, 2, 3).
  public static func tier(of size: Int, thresholds: [Int]) -> Int {
    thresholds.lastIndex { size >= $0 }.map { $0 + 1 } ?? 0
  }

  /// The decision under `thresholds`, picking the source-identifier form by `selection`.
  public func decision(thresholds: [Int], selection: PlatformRules.DigitSelection) -> TierDecision {
    let tiers = [form2, form3, form4].map { $0 < 0 ? 0 : Self.tier(of: min(shared, Int($0)), thresholds: thresholds) }
    var decision = TierDecision.selecting(
      tiers: tiers, countryTier: Self.tier(of: country, thresholds: thresholds), selection: selection)
    decision.crowd = self
    return decision
  }
}
