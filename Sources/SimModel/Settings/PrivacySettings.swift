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
  /// Periods every tier decision also sizes its crowds under (``TierDecision/probes``), so that
  /// the privacy fit judges every period it tries from one run: installs do not depend on the
  /// period. Not a scenario setting; empty in every run a user asks for.
  package var probePeriods: [SimDuration] = []

  /// Default install counts for tiers 1, 2 and 3 with tiers (4.0, AdAttributionKit): the
  /// simulator's assumption, not Apple's; no field evidence bears on them yet.
  public static let defaultThresholds = [10, 50, 200]

  /// Default thresholds before 4.0, where only tier 2 (the "privacy threshold") shows: 22
  /// installs a crowd a day, the fit (95 % 18–25) of Singular's SKAdNetwork 3 field figures (no
  /// values under 10–15 installs per campaign a day, values over 20–25, nearly all over 30),
  /// which 4.0's 50 contradicted (Docs/platform-rules.md, Docs/privacy-fit.md). Tiers 1 and 3
  /// change nothing before 4.0.
  public static let defaultThresholdsBefore4 = [10, 22, 200]

  /// The default thresholds for ads signed with `version`.
  public static func defaultThresholds(for version: SKAdNetworkVersion) -> [Int] {
    version < .v4_0 ? defaultThresholdsBefore4 : defaultThresholds
  }

  /// Tier 3 for every conversion: nothing withheld.
  public static let unrestricted = PrivacySettings(forceTier: 3)
}
