/// A keyword an ad group bids on.
public struct AppleAdsKeyword: Hashable, Sendable {
  /// A keyword.
  public init(text: String, id: Int64) {
    self.text = text
    self.id = id
  }

  /// The keyword as bid, which scenarios refer to it by.
  public var text: String
  /// `keywordId`.
  public var id: Int64
}
