import SimJSON
import SimModel

/// What happened with Apple Ads in a run: the `appleAds` object of `summary.json` (rulebook §8).
public struct AppleAdsCounts: Sendable, Equatable, CounterGroup {
  /// Taps and views of Apple Ads ads.
  public var taps = 0, views = 0
  /// Taps also recorded as clicks of the network standing for Apple Ads.
  public var networkClicks = 0
  /// Downloads Apple attributed to an interaction, those it withheld because the campaign targets
  /// age or gender, and those with no interaction in the lookback.
  public var downloadsClaimed = 0, downloadsWithheldForTargeting = 0, downloadsNotClaimed = 0
  /// Tokens the app got at first launch, and those the server gave up on once they were more
  /// than 24 hours old (whatever the last answer).
  public var tokensRequested = 0, tokensLostToExpiry = 0
  /// Calls to Apple's API, those that repeated an earlier one, and calls by status.
  public var calls = 0, retries = 0, status200 = 0, status400 = 0, status404 = 0, status500 = 0
  /// Tokens the server gave up on, by the last answer.
  public var gaveUpInvalidToken = 0, gaveUpNotFound = 0, gaveUpExpired = 0, gaveUpUnavailable = 0
  /// Records received, attributed ones, and attributed ones that are detailed (tracking
  /// authorised). Developer Mode's fixed test record counts as a record, never as attributed.
  public var records = 0, recordsAttributed = 0, recordsDetailed = 0
  /// Attributed records by claim type and conversion type.
  public var recordsClick = 0, recordsImpression = 0
  public var recordsDownload = 0, recordsRedownload = 0, recordsPreOrder = 0
  /// Attributed records by supply placement.
  public var recordsSearchResults = 0, recordsSearchTab = 0, recordsTodayTab = 0, recordsProductPages = 0
  /// Installs claimed by an attributed AdServices record, by a winning SKAdNetwork or
  /// AdAttributionKit postback, by both, and by both where the postback is Apple Ads' own.
  public var claimedByAdServices = 0, claimedByNetworks = 0, claimedByBoth = 0, claimedByBothAppleAds = 0

  /// Every count: its name in shard files, its place in the `appleAds` object, where it is stored.
  public static var counters: [Counter<AppleAdsCounts>] { [
    Counter("taps", json: "interactions", "taps", at: \.taps),
    Counter("views", json: "interactions", "views", at: \.views),
    Counter("networkClicks", json: "interactions", "networkClicks", at: \.networkClicks),
    Counter("downloadsClaimed", json: "downloads", "claimed", at: \.downloadsClaimed),
    Counter("downloadsWithheldForTargeting", json: "downloads", "withheldForTargeting", at: \.downloadsWithheldForTargeting),
    Counter("downloadsNotClaimed", json: "downloads", "notClaimed", at: \.downloadsNotClaimed),
    Counter("tokensRequested", json: "tokens", "requested", at: \.tokensRequested),
    Counter("tokensLostToExpiry", json: "tokens", "lostToExpiry", at: \.tokensLostToExpiry),
    Counter("calls", json: "calls", "total", at: \.calls),
    Counter("retries", json: "calls", "retries", at: \.retries),
    Counter("status200", json: "calls", "byStatus", "200", at: \.status200),
    Counter("status400", json: "calls", "byStatus", "400", at: \.status400),
    Counter("status404", json: "calls", "byStatus", "404", at: \.status404),
    Counter("status500", json: "calls", "byStatus", "500", at: \.status500),
    Counter("gaveUpInvalidToken", json: "calls", "gaveUp", "invalidToken", at: \.gaveUpInvalidToken),
    Counter("gaveUpNotFound", json: "calls", "gaveUp", "notFound", at: \.gaveUpNotFound),
    Counter("gaveUpExpired", json: "calls", "gaveUp", "expired", at: \.gaveUpExpired),
    Counter("gaveUpUnavailable", json: "calls", "gaveUp", "unavailable", at: \.gaveUpUnavailable),
    Counter("records", json: "records", "total", at: \.records),
    Counter("recordsAttributed", json: "records", "attributed", at: \.recordsAttributed),
    Counter("recordsDetailed", json: "records", "detailed", at: \.recordsDetailed),
    Counter("recordsClick", json: "records", "byClaimType", "Click", at: \.recordsClick),
    Counter("recordsImpression", json: "records", "byClaimType", "Impression", at: \.recordsImpression),
    Counter("recordsDownload", json: "records", "byConversionType", "Download", at: \.recordsDownload),
    Counter("recordsRedownload", json: "records", "byConversionType", "Redownload", at: \.recordsRedownload),
    Counter("recordsPreOrder", json: "records", "byConversionType", "PreOrder", at: \.recordsPreOrder),
    Counter("recordsSearchResults", json: "records", "bySupplyPlacement", "APPSTORE_SEARCH_RESULTS", at: \.recordsSearchResults),
    Counter("recordsSearchTab", json: "records", "bySupplyPlacement", "APPSTORE_SEARCH_TAB", at: \.recordsSearchTab),
    Counter("recordsTodayTab", json: "records", "bySupplyPlacement", "APPSTORE_TODAY_TAB", at: \.recordsTodayTab),
    Counter("recordsProductPages", json: "records", "bySupplyPlacement", "APPSTORE_PRODUCT_PAGES", at: \.recordsProductPages),
    Counter("claimedByAdServices", json: "installsClaimed", "adServices", at: \.claimedByAdServices),
    Counter("claimedByNetworks", json: "installsClaimed", "networks", at: \.claimedByNetworks),
    Counter("claimedByBoth", json: "installsClaimed", "both", at: \.claimedByBoth),
    Counter("claimedByBothAppleAds", json: "installsClaimed", "bothByAppleAdsNetwork", at: \.claimedByBothAppleAds),
  ] }

  /// The count of attributed records for `placement`.
  public func records(in placement: SupplyPlacement) -> Int { self[keyPath: Self.records(in: placement)] }

  /// Counts an attributed record's placement.
  package mutating func countRecord(in placement: SupplyPlacement) { self[keyPath: Self.records(in: placement)] += 1 }

  /// Where the attributed records of `placement` are counted.
  private static func records(in placement: SupplyPlacement) -> WritableKeyPath<AppleAdsCounts, Int> {
    switch placement {
    case .searchResults: \.recordsSearchResults
    case .searchTab: \.recordsSearchTab
    case .todayTab: \.recordsTodayTab
    case .productPages: \.recordsProductPages
    }
  }

  /// The share of records that are attributed; nil before any record.
  public var attributedShare: Double? { records == 0 ? nil : Double(recordsAttributed) / Double(records) }

  /// The `appleAds` object of `summary.json`.
  package var json: JSONValue {
    func int(_ value: Int) -> JSONValue { .int(Int64(value)) }
    var object = countersJSON
    let derived: [(path: [String], value: JSONValue)] = [
      (["records", "notAttributed"], int(records - recordsAttributed)),
      (["records", "attributedShare"], attributedShare.map { .double(($0 * 10_000).rounded() / 10_000) } ?? .null),
      (["records", "standard"], int(recordsAttributed - recordsDetailed)),
      (["installsClaimed", "adServicesOnly"], int(claimedByAdServices - claimedByBoth)),
      (["installsClaimed", "networksOnly"], int(claimedByNetworks - claimedByBoth)),
    ]
    for (path, value) in derived { object.insert(value, at: path[...]) }
    return object
  }

  /// Each stored property as given; other targets of the package build it too.
  package init() {
  }
}
