import SimEngine

/// A re-engagement campaign reaching a cohort's users after their first launch: a tap opens the
/// app, and the user then acts as on a first day (each event with its day-0 probability).
public struct CohortReengagement: Hashable, Sendable {
  /// Index into the scenario's ad networks (an AdAttributionKit one).
  public var network: Int
  /// Index into that network's campaigns (one eligible for re-engagement).
  public var campaign: Int
  /// Index into the scenario's publishers.
  public var publisher: Int
  /// Probability that a user who launched the app taps the ad.
  public var reach: Double
  /// Delay from the first launch to the tap, in milliseconds.
  public var delay: Distribution
  /// The universal link the tap opens.
  public var url: String?

  /// Each stored property as given; other targets of the package build it too.
  package init(network: Int, campaign: Int, publisher: Int, reach: Double, delay: Distribution, url: String? = nil) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.reach = reach
    self.delay = delay
    self.url = url
  }
}
