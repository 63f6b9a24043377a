import SimEngine

/// Revenue from ads the app shows: each session shows a number of impressions, paid at an eCPM
/// (revenue per thousand impressions) that depends on the user's country.
public struct CohortAdRevenue: Hashable, Sendable {
  /// Impressions in one session (rounded, at least zero).
  public var impressionsPerSession: Distribution
  /// eCPM by install country (ISO 3166 alpha-2), in `currency`, drawn once per session.
  public var ecpmByCountry: [String: Distribution]
  /// eCPM for countries `ecpmByCountry` does not name; nil when it names every cohort country.
  public var defaultECPM: Distribution?
  /// ISO 4217 code of the eCPM's currency.
  public var currency: String

  /// Each stored property as given; other targets of the package build it too.
  package init(
    impressionsPerSession: Distribution, ecpmByCountry: [String: Distribution], defaultECPM: Distribution?,
    currency: String = "USD"
  ) {
    self.impressionsPerSession = impressionsPerSession
    self.ecpmByCountry = ecpmByCountry
    self.defaultECPM = defaultECPM
    self.currency = currency
  }

  /// The eCPM distribution for users from `country`, or nil when none applies.
  public func ecpm(in country: String) -> Distribution? { ecpmByCountry[country] ?? defaultECPM }
}
