import SimEngine

/// Apple Ads campaigns of the advertised app and the AdServices attribution API (rulebook §8).
///
/// Apple Ads are shown inside the App Store. A download is attributed by Apple from the user's
/// taps and views; the app asks AdServices for a token at first launch and the advertiser's
/// server exchanges it with Apple's attribution API for the record.
public struct AppleAds: Hashable, Sendable {
  /// Apple Ads settings with the given campaigns; the API and the server take their defaults.
  public init(orgId: Int64, campaigns: [AppleAdsCampaign]) {
    self.orgId = orgId
    self.campaigns = campaigns
  }

  /// The advertiser's Apple Ads organisation (`orgId`).
  public var orgId: Int64
  /// The campaigns.
  public var campaigns: [AppleAdsCampaign]
  /// How Apple's attribution API answers: processing time, faults and outages.
  public var api = AttributionAPISettings()
  /// How the advertiser's server calls the API and retries.
  public var server = AttributionServerSettings()
  /// Apple Ads as an SKAdNetwork or AdAttributionKit network too (§1, §8 [U]); nil when not.
  public var adNetwork: AppleAdsNetworkLink?

  /// The taps' and views' lookbacks for downloads (§8: 30 days, 24 hours).
  public static let tapLookback = SimDuration.days(30), viewLookback = SimDuration.hours(24)
  /// The lookbacks for pre-orders (§8: 90 days, 61 days).
  public static let preOrderTapLookback = SimDuration.days(90), preOrderViewLookback = SimDuration.days(61)
  /// How long an attribution token can be exchanged (§8: 24 hours).
  public static let tokenLifetime = SimDuration.hours(24)
  /// Apple's guidance after a 404: retry every 5 seconds (§8, C1).
  public static let notFoundRetryInterval = SimDuration.seconds(5)
  /// The oldest iOS whose records carry `adId` (§8). The token API itself (iOS 14.3) predates
  /// every SKAdNetwork version simulated.
  public static let adIdOS = OSVersion(15, 2)
}
