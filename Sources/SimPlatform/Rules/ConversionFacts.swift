import SimEngine

/// What a tier policy may look at when it decides a conversion's tier.
public struct ConversionFacts: Sendable {
  /// The facts about one conversion (or one non-winning impression of it).
  public init(network: Int, campaign: Int, publisher: Int, country: String, time: SimTime) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.country = country
    self.time = time
  }

  /// Index of the network in the scenario.
  public var network: Int
  /// Index of the campaign within its network.
  public var campaign: Int
  /// Index of the publisher that showed the ad.
  public var publisher: Int
  /// Install country.
  public var country: String
  /// Install time.
  public var time: SimTime
}
