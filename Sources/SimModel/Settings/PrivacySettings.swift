import SimEngine

/// How crowd-anonymity tiers are decided (rulebook §6).
///
/// Apple publishes no thresholds, so the default model is the simulator's: a crowd key's size is
/// the number of attributed installs that share it in the trailing `crowdPeriod`, and a size
/// reaching `thresholds[t - 1]` gives tier `t`.
public struct PrivacySettings: Hashable, Sendable {
  /// Privacy settings; `forceTier` overrides the thresholds for every conversion.
  public init(
    forceTier: Int? = nil, thresholds: [Int] = PrivacySettings.defaultThresholds,
    crowdPeriod: SimDuration = .days(1)
  ) {
    self.forceTier = forceTier
    self.thresholds = thresholds
    self.crowdPeriod = crowdPeriod
  }

  /// When set, every conversion gets this tier (0–3) unless its campaign forces its own.
  public var forceTier: Int?
  /// Installs a crowd key needs in `crowdPeriod` for tiers 1, 2 and 3 (non-decreasing).
  public var thresholds: [Int]
  /// How far back installs count towards a crowd.
  public var crowdPeriod: SimDuration

  /// Default install counts for tiers 1, 2 and 3: the simulator's assumption, not Apple's.
  public static let defaultThresholds = [10, 50, 200]

  /// Tier 3 for every conversion: nothing withheld.
  public static let unrestricted = PrivacySettings(forceTier: 3)
}
