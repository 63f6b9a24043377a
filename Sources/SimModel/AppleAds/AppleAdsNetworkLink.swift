/// Apple Ads as an SKAdNetwork or AdAttributionKit network (`com.apple.ads`): a tap on an Apple
/// Ads ad is also recorded as a click of this network, so one install can be claimed by both
/// channels (§1, §8; an MMP-only source, C3 [U]).
public struct AppleAdsNetworkLink: Hashable, Sendable {
  /// A link to the network at index `network`, clicks recorded from publisher `publisher`.
  public init(network: Int, publisher: Int, placementCampaigns: [SupplyPlacement: Int]) {
    self.network = network
    self.publisher = publisher
    self.placementCampaigns = placementCampaigns
  }

  /// Index into the scenario's ad networks: the one standing for Apple Ads.
  public var network: Int
  /// Index into the scenario's publishers: the App Store, whose item ID the postbacks carry.
  public var publisher: Int
  /// For each placement, the index of the network's campaign whose campaign ID encodes it.
  public var placementCampaigns: [SupplyPlacement: Int]

  /// The campaign IDs encoding placements: 10, 20, 30, 40 for search results, search tab, Today
  /// tab and product pages (C3 [U]).
  public static let defaultCampaignIds: [SupplyPlacement: Int] = [
    .searchResults: 10, .searchTab: 20, .todayTab: 30, .productPages: 40,
  ]
}
