import SimJSON
import SimModel

/// What happened with Apple Ads in a run: the `appleAds` object of `summary.json` (rulebook §8).
public struct AppleAdsCounts: Sendable, Equatable {
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

  /// The plain counts, by name: what shards write and merging adds up.
  package static var counts: [(name: String, path: WritableKeyPath<AppleAdsCounts, Int>)] { [
    ("taps", \.taps), ("views", \.views), ("networkClicks", \.networkClicks), ("downloadsClaimed", \.downloadsClaimed),
    ("downloadsWithheldForTargeting", \.downloadsWithheldForTargeting), ("downloadsNotClaimed", \.downloadsNotClaimed),
    ("tokensRequested", \.tokensRequested), ("tokensLostToExpiry", \.tokensLostToExpiry), ("calls", \.calls),
    ("retries", \.retries), ("status200", \.status200), ("status400", \.status400), ("status404", \.status404),
    ("status500", \.status500), ("gaveUpInvalidToken", \.gaveUpInvalidToken), ("gaveUpNotFound", \.gaveUpNotFound),
    ("gaveUpExpired", \.gaveUpExpired), ("gaveUpUnavailable", \.gaveUpUnavailable), ("records", \.records),
    ("recordsAttributed", \.recordsAttributed), ("recordsDetailed", \.recordsDetailed), ("recordsClick", \.recordsClick),
    ("recordsImpression", \.recordsImpression), ("recordsDownload", \.recordsDownload),
    ("recordsRedownload", \.recordsRedownload), ("recordsPreOrder", \.recordsPreOrder),
    ("recordsSearchResults", \.recordsSearchResults), ("recordsSearchTab", \.recordsSearchTab),
    ("recordsTodayTab", \.recordsTodayTab), ("recordsProductPages", \.recordsProductPages),
    ("claimedByAdServices", \.claimedByAdServices), ("claimedByNetworks", \.claimedByNetworks),
    ("claimedByBoth", \.claimedByBoth), ("claimedByBothAppleAds", \.claimedByBothAppleAds),
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
    return .object([
      "interactions": .object(["taps": int(taps), "views": int(views), "networkClicks": int(networkClicks)]),
      "downloads": .object([
        "claimed": int(downloadsClaimed), "withheldForTargeting": int(downloadsWithheldForTargeting),
        "notClaimed": int(downloadsNotClaimed),
      ]),
      "tokens": .object(["requested": int(tokensRequested), "lostToExpiry": int(tokensLostToExpiry)]),
      "calls": .object([
        "total": int(calls), "retries": int(retries),
        "byStatus": .object(["200": int(status200), "400": int(status400), "404": int(status404), "500": int(status500)]),
        "gaveUp": .object([
          "invalidToken": int(gaveUpInvalidToken), "notFound": int(gaveUpNotFound), "expired": int(gaveUpExpired),
          "unavailable": int(gaveUpUnavailable),
        ]),
      ]),
      "records": .object([
        "total": int(records), "attributed": int(recordsAttributed),
        "notAttributed": int(records - recordsAttributed),
        "attributedShare": attributedShare.map { .double(($0 * 10_000).rounded() / 10_000) } ?? .null,
        "detailed": int(recordsDetailed), "standard": int(recordsAttributed - recordsDetailed),
        "byClaimType": .object(["Click": int(recordsClick), "Impression": int(recordsImpression)]),
        "byConversionType": .object([
          "Download": int(recordsDownload), "Redownload": int(recordsRedownload), "PreOrder": int(recordsPreOrder),
        ]),
        "bySupplyPlacement": .object(
          Dictionary(uniqueKeysWithValues: SupplyPlacement.allCases.map { ($0.rawValue, int(records(in: $0))) })),
      ]),
      "installsClaimed": .object([
        "adServices": int(claimedByAdServices), "networks": int(claimedByNetworks), "both": int(claimedByBoth),
        "bothByAppleAdsNetwork": int(claimedByBothAppleAds),
        "adServicesOnly": int(claimedByAdServices - claimedByBoth), "networksOnly": int(claimedByNetworks - claimedByBoth),
      ]),
    ])
  }

  /// Each stored property as given; other targets of the package build it too.
  package init() {
  }
}
