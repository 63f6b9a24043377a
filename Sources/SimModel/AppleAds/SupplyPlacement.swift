/// The App Store placements Apple Ads run in (`supplyPlacement`, §8).
public enum SupplyPlacement: String, CaseIterable, Hashable, Sendable {
  case searchResults = "APPSTORE_SEARCH_RESULTS"
  case searchTab = "APPSTORE_SEARCH_TAB"
  case todayTab = "APPSTORE_TODAY_TAB"
  case productPages = "APPSTORE_PRODUCT_PAGES"

  /// Only search results ads are bought on keywords (and search match).
  public var hasKeywords: Bool { self == .searchResults }
}
