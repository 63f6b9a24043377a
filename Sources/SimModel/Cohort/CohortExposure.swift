import SimEngine

/// A campaign shown to a cohort.
public struct CohortExposure: Hashable, Sendable {
  /// Index into the scenario's ad networks.
  public var network: Int
  /// Index into that network's campaigns.
  public var campaign: Int
  /// Index into the scenario's publishers.
  public var publisher: Int
  /// Probability that a user is reached at all.
  public var reach: Double
  /// Given reach, probability the impression is a tapped StoreKit-rendered ad.
  public var click: Double
  /// Given reach, probability the impression is a view-through ad (click and view exclusive).
  public var view: Double
  /// Delay from the user's arrival to the impression, in milliseconds.
  public var delay: Distribution
  /// How long a view-through ad stays on screen, in milliseconds.
  public var viewDuration: Distribution

  /// Each stored property as given; other targets of the package build it too.
  package init(
    network: Int,
    campaign: Int,
    publisher: Int,
    reach: Double,
    click: Double,
    view: Double,
    delay: Distribution,
    viewDuration: Distribution
  ) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.reach = reach
    self.click = click
    self.view = view
    self.delay = delay
    self.viewDuration = viewDuration
  }
}
