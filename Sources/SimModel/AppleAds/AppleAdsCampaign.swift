/// One Apple Ads campaign.
public struct AppleAdsCampaign: Hashable, Sendable {
  /// A campaign with its ad groups.
  public init(
    name: String, id: Int64, supplyPlacement: SupplyPlacement, adGroups: [AppleAdsAdGroup],
    countriesOrRegions: [String] = [], ageOrGenderTargeting: Bool = false
  ) {
    self.name = name
    self.id = id
    self.supplyPlacement = supplyPlacement
    self.adGroups = adGroups
    self.countriesOrRegions = countriesOrRegions
    self.ageOrGenderTargeting = ageOrGenderTargeting
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// `campaignId`.
  public var id: Int64
  /// Where in the App Store its ads run (`supplyPlacement`).
  public var supplyPlacement: SupplyPlacement
  /// Its ad groups.
  public var adGroups: [AppleAdsAdGroup]
  /// The storefronts it runs in (ISO 3166 alpha-2); empty for every storefront. A user is only
  /// reached in a storefront the campaign runs in.
  public var countriesOrRegions: [String]
  /// Whether it targets by age or gender: its downloads come back `attribution: false` (§8, C2).
  public var ageOrGenderTargeting: Bool

  /// Whether users of `country` can see it.
  public func runs(in country: String) -> Bool { countriesOrRegions.isEmpty || countriesOrRegions.contains(country) }
}
