import SimEngine

/// Settings for the platform rules the rulebook marks uncertain [U] or disputed [D].
///
/// Each default is the rulebook's; a scenario's `rules` object changes them, so a study can ask
/// how much an open question matters. Docs/platform-rules.md lists them with their sources.
public struct PlatformRules: Hashable, Sendable {
  /// Which impression wins when two have the same fidelity and timestamp (§3.2 [U]).
  public enum TieBreak: String, CaseIterable, Sendable {
    /// The impression recorded last on the device wins (default).
    case recordedLast
    /// The impression recorded first wins.
    case recordedFirst
  }

  /// Which open view a second `startImpression` replaces (§2.3 [U]).
  public enum ViewReplacement: String, CaseIterable, Sendable {
    /// Any open view for the same advertised app (Apple's documented rule, A11; default).
    case advertisedApp
    /// Only an open view of the same ad network (the undocumented "one open view per network").
    case network
  }

  /// How source-identifier digits follow from tiers (§6 [D]).
  public enum DigitSelection: String, CaseIterable, Sendable {
    /// Apple's hierarchical selection: the form with the highest tier, ties to more digits (A2).
    case hierarchical
    /// Some MMPs' simplification: tier 2 gives 3 digits, tier 3 gives 4 (M5).
    case byTier
  }

  /// The send delay after the first window for apps that only used the old single-value API on
  /// 4.0 ads (§5.2 [D]).
  public enum LegacyFirstPostbackDelay: String, CaseIterable, Sendable {
    /// 24–48 h, like every other first postback (A2, M1, M2; default).
    case standard = "24-48h"
    /// 0–24 h, as the `updatePostbackConversionValue(_:)` page states (A8).
    case legacyPage = "0-24h"
  }

  /// What a current-API call in window 2 or 3 carrying only a fine value does (§4, §5.2 [U]).
  /// The platform ignores fine values after window 1 (§4, A7); whether such a call still counts
  /// as the app calling "during each window" (§5.2, A2) is not stated.
  public enum LateFineOnlyCall: String, CaseIterable, Sendable {
    /// Ignored as a whole: it is not the window's update, so by itself it brings no postback
    /// (default). Apple's only fine-only API, `updatePostbackConversionValue(_:)`, affects window
    /// 1 alone on 4.0 ads (A8), and the 4.0 APIs always take a coarse value (A7).
    case ignored
    /// It counts as the window's update; the postback carries the coarse value in effect, the
    /// latest one set in an earlier window, or none.
    case countsWithCoarseInEffect
    /// It counts as the window's update; the postback carries no value.
    case countsWithoutValue
  }

  /// Developer Mode's send delays (§5.4 [U]).
  public enum DeveloperModeSendDelay: String, CaseIterable, Sendable {
    /// Drawn in 5–10 minutes, as Apple's Developer Mode documentation states (B12; default).
    case randomized
    /// Exactly 5 minutes: WWDC24 "Meet AdAttributionKit" says Developer Mode removes time
    /// randomization to make the system time-deterministic (B12s).
    case deterministic
  }

  /// Tie-break between equal impressions.
  public var tieBreak: TieBreak = .recordedLast
  /// Scope of view replacement on a second start.
  public var viewReplacement: ViewReplacement = .advertisedApp
  /// Whether postbacks 2 and 3 are sent for windows without an update (§5.2 [U]; default false).
  public var laterPostbacksWithoutUpdate = false
  /// Where in its range a send delay falls: a distribution on [0, 1] (§5.2, §9 [U]; default uniform).
  public var sendDelayShape: Distribution = .uniform(lower: 0, upper: 1)
  /// Postback 1 delay for old-API-only apps on 4.0 ads.
  public var legacyFirstPostbackDelay: LegacyFirstPostbackDelay = .standard
  /// A fine-only call after window 1.
  public var lateFineOnlyCall: LateFineOnlyCall = .ignored
  /// Developer Mode's send delays, randomised or fixed.
  public var developerModeSendDelay: DeveloperModeSendDelay = .randomized
  /// Whether non-winning 4.0 postbacks carry the window's coarse value (§3.3 [U]; default false).
  public var runnerUpCoarseValue = false
  /// Whether tier-3 postbacks carry `country-code` (§6, §7.1 [U]; default true, per current docs).
  public var countryCode = true
  /// How source-identifier digits are chosen.
  public var digitSelection: DigitSelection = .hierarchical
  /// Whether the install country's crowd caps the tier, as one of the crowds Apple lists (§6,
  /// A2/B2; default true); false lets it decide only `country-code`.
  public var countryLimitsTier = true

  /// How long an `AppImpression` stays usable for `handleTap` after it is created (§2.4 [U]:
  /// "15 minutes" comes from a third-party summary of WWDC24).
  public var appImpressionValidity = SimDuration.minutes(15)
  /// The lowest tier whose AdAttributionKit postbacks carry `marketplace-identifier` (§6 [U]:
  /// Apple only says tier 0 omits it; default 1).
  public var marketplaceIdentifierMinimumTier = 1
  /// Re-engagement conversions allowed per app in 30 days on a device; nil for no limit (§3.5
  /// [U]: Apple does not publish the number).
  public var reengagementLimitPerMonth: Int?
  /// Re-engagement conversions allowed per device in 365 days; nil for no limit (§3.5 [U]).
  public var reengagementLimitPerYear: Int?

  /// The rulebook's defaults.
  public init() {}
}
