/// An ad group of an Apple Ads campaign.
public struct AppleAdsAdGroup: Hashable, Sendable {
  /// An ad group.
  public init(name: String, id: Int64, keywords: [AppleAdsKeyword] = [], searchMatch: Bool = false, ads: [AppleAdsAd] = []) {
    self.name = name
    self.id = id
    self.keywords = keywords
    self.searchMatch = searchMatch
    self.ads = ads
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// `adGroupId`.
  public var id: Int64
  /// Bid keywords (search results campaigns only).
  public var keywords: [AppleAdsKeyword]
  /// Whether Apple may match searches to the app without a keyword: such taps have no `keywordId`.
  public var searchMatch: Bool
  /// Its ads (default or custom product pages); records carry `adId` on iOS 15.2 and later.
  public var ads: [AppleAdsAd]
}
