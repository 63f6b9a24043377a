/// An ad of an ad group.
public struct AppleAdsAd: Hashable, Sendable {
  /// An ad.
  public init(name: String, id: Int64) {
    self.name = name
    self.id = id
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// `adId`.
  public var id: Int64
}
