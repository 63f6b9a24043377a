import SimEngine

/// Apple Ads reaching a cohort's users before they install.
public struct CohortAppleAdsExposure: Hashable, Sendable {
  /// Index into the scenario's Apple Ads campaigns.
  public var campaign: Int
  /// Probability that a user (in a storefront the campaign runs in) is reached.
  public var reach: Double
  /// Given reach, probability of a tap.
  public var tap: Double
  /// Given reach, probability of a view only (tap and view exclusive).
  public var view: Double
  /// Delay from the user's arrival to the interaction, in milliseconds.
  public var delay: Distribution
  /// Probability a tap leads to an install; nil for the cohort's `install.afterClick`.
  public var installAfterTap: Double?
  /// Probability a view leads to an install; nil for the cohort's `install.afterView`.
  public var installAfterView: Double?

  /// Each stored property as given; other targets of the package build it too.
  package init(
    campaign: Int,
    reach: Double,
    tap: Double,
    view: Double,
    delay: Distribution,
    installAfterTap: Double? = nil,
    installAfterView: Double? = nil
  ) {
    self.campaign = campaign
    self.reach = reach
    self.tap = tap
    self.view = view
    self.delay = delay
    self.installAfterTap = installAfterTap
    self.installAfterView = installAfterView
  }
}
