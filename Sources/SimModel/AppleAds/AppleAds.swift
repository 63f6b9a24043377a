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

/// The App Store placements Apple Ads run in (`supplyPlacement`, §8).
public enum SupplyPlacement: String, CaseIterable, Hashable, Sendable {
  case searchResults = "APPSTORE_SEARCH_RESULTS"
  case searchTab = "APPSTORE_SEARCH_TAB"
  case todayTab = "APPSTORE_TODAY_TAB"
  case productPages = "APPSTORE_PRODUCT_PAGES"

  /// Only search results ads are bought on keywords (and search match).
  public var hasKeywords: Bool { self == .searchResults }
}

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

/// How Apple's attribution API answers the advertiser's server (§8).
public struct AttributionAPISettings: Hashable, Sendable {
  /// Default settings: no faults, no outages, records ready within seconds.
  public init() {}

  /// How long after the token was created Apple's record is ready, in milliseconds: calls before
  /// get 404 "called too soon". Apple gives no figure [U]; the default is uniform over 0–10 s.
  public var recordDelay: Distribution = .uniform(lower: 0, upper: 10_000)
  /// Share of tokens that reach the server unusable (corrupted by the app or in transit): 400.
  public var invalidTokenShare = 0.0
  /// Share of calls answered 404 although the record exists (a lookup miss).
  public var notFoundShare = 0.0
  /// Share of calls answered 500 outside outages.
  public var unavailableShare = 0.0
  /// Periods when every call is answered 500.
  public var outages: [Outage] = []

  /// A period of virtual time when the API is down.
  public struct Outage: Hashable, Sendable {
    /// An outage from `start` (inclusive) to `end` (exclusive), as offsets from the epoch.
    public init(start: SimDuration, end: SimDuration) {
      self.start = start
      self.end = end
    }

    /// When it starts, from the epoch.
    public var start: SimDuration
    /// When it ends, from the epoch.
    public var end: SimDuration
  }
}

/// How the advertiser's server exchanges tokens (§8).
public struct AttributionServerSettings: Hashable, Sendable {
  /// Default settings: first call within a minute of the first launch, at most 3 retries after
  /// 404s in a row, retries every 10 minutes after a 500, at most 5 times.
  public init() {}

  /// From the first launch (when the app gets its token) to the server's first call, in
  /// milliseconds: the app sending the token to the server, and the server's queue.
  public var firstCallDelay: Distribution = .uniform(lower: 1_000, upper: 60_000)
  /// After a 500, when the server tries again ("retry later", §8).
  public var unavailableRetryDelay = SimDuration.minutes(10)
  /// How many times the server retries after 500 answers before giving up.
  public var unavailableRetries = 5
  /// How many times in a row the server retries after 404 answers, 5 s apart, before giving
  /// up. Apple's AdServices guide (C1): "retry at intervals of 5 seconds with a max retry of 3
  /// attempts", which its Chinese edition states as at most 3 retries: one call and three
  /// retries. The rulebook's "max 3 attempts" (§8) reads as three calls in all; that reading is
  /// `notFoundRetries: 2`.
  public var notFoundRetries = 3
}

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

/// Apple Ads reaching a cohort's users before they install.
public struct CohortAppleAdsExposure: Hashable, Sendable {
  /// Index into the scenario's Apple Ads campaigns.
  public var campaign: Int
  /// Probability that a user (in a storefront the campaign runs in) is reached.
  public var reach: Double
  /// Given reach, probability of a tap.
  public var tap: Double
  /// Given reach, probability of a view only (tap and view exclusive).
  public var view: Double
  /// Delay from the user's arrival to the interaction, in milliseconds.
  public var delay: Distribution
  /// Probability a tap leads to an install; nil for the cohort's `install.afterClick`.
  public var installAfterTap: Double?
  /// Probability a view leads to an install; nil for the cohort's `install.afterView`.
  public var installAfterView: Double?

  /// Each stored property as given; other targets of the package build it too.
  package init(
    campaign: Int,
    reach: Double,
    tap: Double,
    view: Double,
    delay: Distribution,
    installAfterTap: Double? = nil,
    installAfterView: Double? = nil
  ) {
    self.campaign = campaign
    self.reach = reach
    self.tap = tap
    self.view = view
    self.delay = delay
    self.installAfterTap = installAfterTap
    self.installAfterView = installAfterView
  }
}
