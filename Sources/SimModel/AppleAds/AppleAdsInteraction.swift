/// A user's tap on or view of an Apple Ads ad.
public struct AppleAdsInteraction: Hashable, Sendable {
  /// An interaction by indices into the scenario's Apple Ads campaigns.
  public init(campaign: Int, adGroup: Int, keyword: Int?, ad: Int?, kind: Kind) {
    self.campaign = campaign
    self.adGroup = adGroup
    self.keyword = keyword
    self.ad = ad
    self.kind = kind
  }

  /// Tap or view (`claimType` Click or Impression).
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    case tap
    case view
  }

  /// Index into the scenario's Apple Ads campaigns.
  public var campaign: Int
  /// Index into the campaign's ad groups.
  public var adGroup: Int
  /// Index into the ad group's keywords; nil for search match and for placements without keywords.
  public var keyword: Int?
  /// Index into the ad group's ads; nil when it has none.
  public var ad: Int?
  /// Tap or view.
  public var kind: Kind
}
