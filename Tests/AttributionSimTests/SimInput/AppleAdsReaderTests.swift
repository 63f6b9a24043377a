@testable import AttributionSim
import AttributionTestSupport
import SimEngine
import Testing

/// The `appleAds` block, the Apple Ads steps of scripted users and the Apple Ads keys of
/// cohorts are read into the exact model values, and every mistake gets a message naming the
/// rule and the fix (rulebook §1, §8; C3 [U]).
@Suite("Apple Ads scenarios are read, and bad ones get precise diagnostics")
struct AppleAdsReaderTests {
  /// A search results campaign in US and GB with a keyword ad group (two ads) and a search match
  /// ad group, and a Today tab campaign targeting age or gender, with one ad group.
  private static let campaigns = """
    campaigns: [
        { name: "brand-search", id: 542370539, supplyPlacement: "APPSTORE_SEARCH_RESULTS", countriesOrRegions: ["US", "GB"],
          adGroups: [
            { name: "exact", id: 542317095, keywords: [{ text: "puzzle game", id: 87675432 }, { text: "word puzzle", id: 87675433 }],
              ads: [{ name: "default", id: 542317136 }, { name: "autumn", id: 542317137 }] },
            { name: "discovery", id: 542317096, searchMatch: true },
          ] },
        { name: "today", id: 542370540, supplyPlacement: "APPSTORE_TODAY_TAB", ageOrGenderTargeting: true,
          adGroups: [{ name: "all", id: 542317097 }] },
      ]
    """

  /// A world with the network `apple-ads` (campaign IDs 10, search results, and 30, Today tab),
  /// the network `alpha`, the App Store as the publisher `app-store` and the app `garden`.
  private static func scenario(
    platform: String = "{ framework: \"skadnetwork\", version: \"3.0\" }",
    appleAds: String? = "{ orgId: 40669820, \(campaigns), adNetwork: { network: \"apple-ads\", publisher: \"app-store\" } }",
    users: String = "{ name: \"u\", timeline: [{ at: \"1h\", action: \"install\" }] }", cohorts: String? = nil,
    networkFramework: String = ""
  ) -> String {
    """
    {
      version: 1, name: "apple-ads", seed: 5, epoch: "2026-03-02T00:00:00Z",
      platform: \(platform),
      app: { appId: 1234567890 },
      adNetworks: [
        { name: "apple-ads", identifier: "com.apple.ads"\(networkFramework),
          campaigns: [{ name: "search-results", sourceIdentifier: 10 }, { name: "today-tab", sourceIdentifier: 30 }] },
        { name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 5 }] },
      ],
      publishers: [
        { name: "app-store", appId: 1, adNetworks: ["apple-ads"] },
        { name: "garden", appId: 6444000001, adNetworks: ["alpha", "apple-ads"] },
      ],
      \(appleAds.map { "appleAds: \($0)," } ?? "")
      users: [\(users)],
      \(cohorts.map { "cohorts: [\($0)]," } ?? "")
    }
    """
  }

  /// A cohort `co` with no network exposures and the given extra keys.
  private static func cohort(_ extra: String, install: String = "{ afterClick: 0.5, delay: \"1h\" }") -> String {
    "{ name: \"co\", count: 10, arrivals: { from: \"0d\", to: \"1d\" }, exposures: [], install: \(install), \(extra) }"
  }

  /// The diagnostics of `text` with `old` replaced by `new`.
  private func diagnostics(_ text: String, replacing old: String = "", with new: String = "") -> [String] {
    precondition(old.isEmpty || text.contains(old), "test setup: '\(old)' not in the scenario")
    return TestScenarios.diagnostics(old.isEmpty ? text : text.replacing(required: old, with: new))
  }

  // MARK: - Valid scenarios

  @Test("a full appleAds block, its scripted steps and cohort keys are read into the exact model values")
  func fullBlock() throws {
    let appleAds = """
      { orgId: 40669820, \(Self.campaigns),
        api: { recordDelay: { uniform: { min: "1s", max: "20s" } }, invalidTokenShare: 0.001, notFoundShare: 0.01,
               unavailableShare: 0.002, outages: [{ from: "3d", to: "3d6h" }] },
        server: { firstCallDelay: "30s", unavailableRetryDelay: "15m", unavailableRetries: 3, notFoundRetries: 2 },
        adNetwork: { network: "apple-ads", publisher: "app-store",
                     placementCampaigns: { APPSTORE_TODAY_TAB: "search-results", APPSTORE_SEARCH_RESULTS: "today-tab" } } }
      """
    let users = """
      { name: "ann", trackingAuthorized: true, timeline: [
        { at: "1h", action: "appleAdsView", campaign: "brand-search", adGroup: "exact", keyword: "word puzzle", ad: "autumn" },
        { at: "2h", action: "appleAdsTap", campaign: "today" },
        { at: "3h", action: "install", preOrder: true } ] },
      { name: "bob", country: "GB", timeline: [
        { at: "1h", action: "appleAdsTap", campaign: "brand-search", adGroup: "discovery" },
        { at: "2h", action: "install", redownload: true } ] }
      """
    let cohort = Self.cohort(
      """
      trackingConsent: 0.35,
      appleAds: [{ campaign: "today", reach: 0.5, tap: 0.2, view: 0.3, delay: { uniform: { min: "0s", max: "2d" } },
                   installAfterTap: 0.4, installAfterView: 0.05 },
                 { campaign: "brand-search", tap: 0.1, delay: "1h" }]
      """, install: "{ afterClick: 0.5, delay: \"1h\", preOrder: 0.1 }")
    let scenario = try TestScenarios.load(Self.scenario(appleAds: appleAds, users: users, cohorts: cohort))

    var expected = AppleAds(
      orgId: 40_669_820,
      campaigns: [
        AppleAdsCampaign(
          name: "brand-search", id: 542_370_539, supplyPlacement: .searchResults,
          adGroups: [
            AppleAdsAdGroup(
              name: "exact", id: 542_317_095,
              keywords: [AppleAdsKeyword(text: "puzzle game", id: 87_675_432), AppleAdsKeyword(text: "word puzzle", id: 87_675_433)],
              ads: [AppleAdsAd(name: "default", id: 542_317_136), AppleAdsAd(name: "autumn", id: 542_317_137)]),
            AppleAdsAdGroup(name: "discovery", id: 542_317_096, searchMatch: true),
          ],
          countriesOrRegions: ["US", "GB"]),
        AppleAdsCampaign(
          name: "today", id: 542_370_540, supplyPlacement: .todayTab, adGroups: [AppleAdsAdGroup(name: "all", id: 542_317_097)],
          ageOrGenderTargeting: true),
      ])
    expected.api.recordDelay = .uniform(lower: 1_000, upper: 20_000)
    expected.api.invalidTokenShare = 0.001
    expected.api.notFoundShare = 0.01
    expected.api.unavailableShare = 0.002
    expected.api.outages = [AttributionAPISettings.Outage(start: .days(3), end: .days(3) + .hours(6))]
    expected.server.firstCallDelay = .fixed(30_000)
    expected.server.unavailableRetryDelay = .minutes(15)
    expected.server.unavailableRetries = 3
    expected.server.notFoundRetries = 2
    // Mapped placements as given; the others by their default campaign IDs (search tab 20 and
    // product pages 40 have none, which is fine: no campaign runs there).
    expected.adNetwork = AppleAdsNetworkLink(network: 0, publisher: 0, placementCampaigns: [.todayTab: 0, .searchResults: 1])
    #expect(scenario.appleAds == expected)

    #expect(scenario.scriptedUsers.map(\.trackingAuthorized) == [true, false])
    #expect(scenario.scriptedUsers[0].timeline.map(\.action) == [
      .appleAds(AppleAdsInteraction(campaign: 0, adGroup: 0, keyword: 1, ad: 1, kind: .view)),
      .appleAds(AppleAdsInteraction(campaign: 1, adGroup: 0, keyword: nil, ad: nil, kind: .tap)),
      .install(redownload: false, preOrder: true),
    ])
    // Search match: no keyword; an ad group without ads: no ad.
    #expect(scenario.scriptedUsers[1].timeline.map(\.action) == [
      .appleAds(AppleAdsInteraction(campaign: 0, adGroup: 1, keyword: nil, ad: nil, kind: .tap)),
      .install(redownload: true, preOrder: false),
    ])

    let readCohort = try #require(scenario.cohorts.first)
    #expect(readCohort.trackingConsent == 0.35)
    #expect(readCohort.install.preOrder == 0.1)
    #expect(readCohort.appleAds == [
      CohortAppleAdsExposure(
        campaign: 1, reach: 0.5, tap: 0.2, view: 0.3, delay: .uniform(lower: 0, upper: 172_800_000), installAfterTap: 0.4,
        installAfterView: 0.05),
      CohortAppleAdsExposure(
        campaign: 0, reach: 1, tap: 0.1, view: 0, delay: .fixed(3_600_000), installAfterTap: nil, installAfterView: nil),
    ])
  }

  @Test("defaults: the API and server settings, the placements' campaigns by campaign ID, the ad group's first ad")
  func defaults() throws {
    let users = """
      { name: "u", timeline: [{ at: "1h", action: "appleAdsTap", campaign: "brand-search", adGroup: "exact", keyword: "puzzle game" }] }
      """
    let scenario = try TestScenarios.load(Self.scenario(users: users, cohorts: Self.cohort("")))
    let appleAds = try #require(scenario.appleAds)
    #expect(appleAds.api == AttributionAPISettings())
    #expect(appleAds.server == AttributionServerSettings())
    #expect(appleAds.adNetwork == AppleAdsNetworkLink(network: 0, publisher: 0, placementCampaigns: [.searchResults: 0, .todayTab: 1]))
    #expect(scenario.scriptedUsers[0].timeline.map(\.action) == [
      .appleAds(AppleAdsInteraction(campaign: 0, adGroup: 0, keyword: 0, ad: 0, kind: .tap))
    ])
    #expect(scenario.scriptedUsers[0].trackingAuthorized == false)
    #expect(scenario.cohorts[0].appleAds == [])
    #expect(scenario.cohorts[0].trackingConsent == 0)
    #expect(scenario.cohorts[0].install.preOrder == 0)
  }

  @Test("a scenario without appleAds has none, and a network link is optional")
  func optional() throws {
    #expect(try TestScenarios.load(Self.scenario(appleAds: nil)).appleAds == nil)
    let unlinked = try TestScenarios.load(Self.scenario(appleAds: "{ orgId: 1, \(Self.campaigns) }"))
    #expect(unlinked.appleAds?.adNetwork == nil)
    #expect(unlinked.appleAds?.campaigns.count == 2)
  }

  @Test("§1, C3: an AdAttributionKit network stands for Apple Ads on iOS 26.2")
  func adAttributionKitLink() throws {
    let platform = "{ framework: \"skadnetwork\", version: \"4.0\", iosVersion: \"26.2\" }"
    let framework = ", framework: \"adattributionkit\""
    let scenario = try TestScenarios.load(Self.scenario(platform: platform, networkFramework: framework))
    #expect(scenario.appleAds?.adNetwork?.network == 0)
    let old = diagnostics(Self.scenario(platform: platform, networkFramework: framework), replacing: "26.2", with: "18.4")
    #expect(old == [
      "bad.json:23:28: error: appleAds.adNetwork.network: Apple Ads serves AdAttributionKit ads from iOS 26.2 (rulebook §1, C3), "
        + "but devices run iOS 18.4: set platform.iosVersion to 26.2 or later"
    ])
  }

  // MARK: - The appleAds block

  @Test("an unknown key inside appleAds gets a suggestion, at every level")
  func unknownKeys() {
    let text = Self.scenario()
    let found = diagnostics(text, replacing: "ageOrGenderTargeting: true", with: "ageOrGenderTargetting: true")
    #expect(found == [
      "bad.json:21:76: error: appleAds.campaigns[1].ageOrGenderTargetting: unknown key 'ageOrGenderTargetting'; "
        + "did you mean 'ageOrGenderTargeting'?"
    ])
    let api = diagnostics(text, replacing: "adNetwork: {", with: "api: { outage: [] }, adNetwork: {")
    #expect(api.contains { $0.contains("appleAds.api.outage: unknown key 'outage'; did you mean 'outages'?") })
    let placement = diagnostics(
      text, replacing: "publisher: \"app-store\" }",
      with: "publisher: \"app-store\", placementCampaigns: { APPSTORE_SEARCH_RESULT: \"search-results\" } }")
    #expect(placement.contains {
      $0.contains(
        "appleAds.adNetwork.placementCampaigns.APPSTORE_SEARCH_RESULT: unknown key 'APPSTORE_SEARCH_RESULT'; "
          + "did you mean 'APPSTORE_SEARCH_RESULTS'?")
    })
  }

  @Test("required keys, ranges and placements are checked")
  func requiredKeys() {
    let found = diagnostics(
      Self.scenario(appleAds: "{ campaigns: [{ name: \"x\", id: 0, supplyPlacement: \"APPSTORE_TODAY_TB\", adGroups: [] }] }"))
    #expect(found.contains { $0.contains("error: appleAds: missing key 'orgId' (the Apple Ads organisation ID)") })
    #expect(found.contains { $0.contains("appleAds.campaigns[0].id: expected an integer of at least 1, found 0") })
    #expect(found.contains {
      $0.contains("appleAds.campaigns[0].supplyPlacement: expected one of 'APPSTORE_SEARCH_RESULTS', ")
        && $0.hasSuffix("found 'APPSTORE_TODAY_TB'; did you mean 'APPSTORE_TODAY_TAB'?")
    })
    #expect(found.contains { $0.contains("appleAds.campaigns[0].adGroups: expected at least one ad group") })
    #expect(found.count == 4)
  }

  @Test("names and IDs are unique within their list")
  func duplicates() {
    let text = Self.scenario()
    let campaign = diagnostics(text, replacing: "name: \"today\", id: 542370540", with: "name: \"brand-search\", id: 542370539")
    #expect(campaign.contains { $0.contains("appleAds.campaigns[1]: duplicate campaign name 'brand-search' (first at 15:5)") })
    #expect(campaign.contains { $0.contains("appleAds.campaigns[1]: duplicate campaign ID '542370539' (first at 15:5)") })
    let group = diagnostics(text, replacing: "name: \"discovery\"", with: "name: \"exact\"")
    #expect(group.contains { $0.contains("appleAds.campaigns[0].adGroups[1]: duplicate ad group name 'exact'") })
    let keyword = diagnostics(text, replacing: "text: \"word puzzle\"", with: "text: \"puzzle game\"")
    #expect(keyword.contains { $0.contains("adGroups[0].keywords[1]: duplicate keyword 'puzzle game'") })
    let ad = diagnostics(text, replacing: "name: \"autumn\"", with: "name: \"default\"")
    #expect(ad.contains { $0.contains("adGroups[0].ads[1]: duplicate ad name 'default'") })
  }

  @Test("§8: keywords and search match are bought for search results only")
  func keywordsOnNonSearchCampaign() {
    let found = diagnostics(
      Self.scenario(), replacing: "adGroups: [{ name: \"all\", id: 542317097 }]",
      with: "adGroups: [{ name: \"all\", id: 542317097, keywords: [{ text: \"x\", id: 1 }], searchMatch: false }]")
    #expect(found.contains {
      $0.hasSuffix(
        "appleAds.campaigns[1].adGroups[0].keywords: keywords are bought for search results only (APPSTORE_SEARCH_RESULTS); "
          + "campaign 'today' runs in APPSTORE_TODAY_TAB: remove 'keywords'")
    })
    #expect(found.contains {
      $0.hasSuffix(
        "appleAds.campaigns[1].adGroups[0].searchMatch: search match is for search results only (APPSTORE_SEARCH_RESULTS); "
          + "campaign 'today' runs in APPSTORE_TODAY_TAB: remove 'searchMatch'")
    })
    #expect(found.count == 2)
    let step = diagnostics(
      Self.scenario(users: "{ name: \"u\", timeline: [{ at: \"1h\", action: \"appleAdsTap\", campaign: \"today\", keyword: \"x\" }] }"))
    #expect(step == [
      "bad.json:24:98: error: users[0].timeline[0].keyword: keywords are bought for search results only (APPSTORE_SEARCH_RESULTS); "
        + "campaign 'today' runs in APPSTORE_TODAY_TAB: remove 'keyword'"
    ])
  }

  @Test("§8: a search results ad group needs keywords or search match")
  func searchResultsGroupWithoutKeywords() {
    let found = diagnostics(Self.scenario(), replacing: ", searchMatch: true", with: "")
    #expect(found == [
      "bad.json:19:9: error: appleAds.campaigns[0].adGroups[1]: a search results ad group needs 'keywords' or "
        + "'searchMatch: true': nothing else matches searches to it"
    ])
  }

  @Test("§8: an outage must end after it starts; the retry delay must be above zero")
  func outageEndsBeforeItStarts() {
    let found = diagnostics(
      Self.scenario(), replacing: "adNetwork: {",
      with: "api: { outages: [{ from: \"3d\", to: \"1d\" }, { from: \"2d\", to: \"2d\" }] }, server: { unavailableRetryDelay: \"0s\" }, adNetwork: {")
    #expect(found.contains { $0.contains("appleAds.api.outages[0].to: an outage must end after it starts: it starts at 3d and ends at 1d") })
    #expect(found.contains { $0.contains("appleAds.api.outages[1].to: an outage must end after it starts: it starts at 2d and ends at 2d") })
    #expect(found.contains { $0.contains("appleAds.server.unavailableRetryDelay: expected a duration longer than zero, found 0s") })
    #expect(found.count == 3)
  }

  // MARK: - Apple Ads as an ad network

  @Test("§1, C3: Apple Ads serves SKAdNetwork ads signed with 1 to 3 only")
  func linkOnFourZero() {
    let found = diagnostics(Self.scenario(platform: "{ framework: \"skadnetwork\", version: \"4.0\" }"))
    #expect(found == [
      "bad.json:23:28: error: appleAds.adNetwork.network: Apple Ads serves SKAdNetwork ads signed with versions 1 to 3 only "
        + "(rulebook §1, C3); this scenario signs with 4.0: use platform version 3.0, or an AdAttributionKit network (iOS 26.2)"
    ])
  }

  @Test("C3 [U]: every placement the campaigns use needs a campaign of the network")
  func unmappedPlacement() {
    let found = diagnostics(Self.scenario(), replacing: "sourceIdentifier: 30", with: "sourceIdentifier: 31")
    #expect(found == [
      "bad.json:23:17: error: appleAds.adNetwork: network 'apple-ads' has no campaign with campaign ID 30 for APPSTORE_TODAY_TAB "
        + "(the placement encoding, C3 [U]): add one, or map the placement in 'placementCampaigns'"
    ])
    // Mapping it explicitly mends it; a mapping to an unknown campaign is named with a suggestion.
    let mapped = Self.scenario().replacing(required: "sourceIdentifier: 30", with: "sourceIdentifier: 31")
      .replacing(
        required: "publisher: \"app-store\" }", with: "publisher: \"app-store\", placementCampaigns: { APPSTORE_TODAY_TAB: \"today-tab\" } }")
    #expect(diagnostics(mapped) == [])
    let misspelt = diagnostics(mapped, replacing: "APPSTORE_TODAY_TAB: \"today-tab\"", with: "APPSTORE_TODAY_TAB: \"today-tb\"")
    #expect(misspelt.count == 1)
    #expect(misspelt.allSatisfy {
      $0.hasSuffix(
        "appleAds.adNetwork.placementCampaigns.APPSTORE_TODAY_TAB: unknown campaign 'today-tb' of ad network 'apple-ads'; "
          + "did you mean 'today-tab'?")
    })
  }

  @Test("the App Store publisher is an app listing the network")
  func linkPublisher() {
    let found = diagnostics(Self.scenario(), replacing: "adNetworks: [\"apple-ads\"] }", with: "adNetworks: [\"alpha\"] }")
    #expect(found.contains {
      $0.hasSuffix(
        "appleAds.adNetwork.publisher: 'app-store' does not list 'apple-ads' in its adNetworks, so its clicks would be ineligible: add it")
    })
    let unknown = diagnostics(Self.scenario(), replacing: "publisher: \"app-store\" }", with: "publisher: \"app-stor\" }")
    #expect(unknown.contains { $0.hasSuffix("appleAds.adNetwork.publisher: unknown publisher 'app-stor'; did you mean 'app-store'?") })
  }

  @Test("§8, C3: the linked network's clicks come from Apple Ads taps, not from network ads")
  func linkedNetworkNamed() {
    let exposure = Self.cohort(
      "appleAds: [{ campaign: \"today\", tap: 1, delay: \"1h\" }], "
        + "exposures: [{ network: \"apple-ads\", campaign: \"today-tab\", publisher: \"app-store\", click: 1 }]"
    ).replacing(required: "exposures: [], ", with: "")
    let message = "'apple-ads' stands for Apple Ads (appleAds.adNetwork): its clicks come from Apple Ads taps "
      + "(appleAdsTap steps, cohort 'appleAds'), not from network ads"
    let found = diagnostics(Self.scenario(cohorts: exposure))
    #expect(found.count == 1)
    #expect(found.allSatisfy { $0.hasSuffix("cohorts[0].exposures[0].network: \(message)") })
    let step = diagnostics(
      Self.scenario(
        users: "{ name: \"u\", timeline: [{ at: \"1h\", action: \"click\", network: \"apple-ads\", campaign: \"today-tab\", "
          + "publisher: \"garden\" }] }"))
    #expect(step.count == 1)
    #expect(step.allSatisfy { $0.hasSuffix("users[0].timeline[0].network: \(message)") })
    let reengagement = diagnostics(
      Self.scenario(
        cohorts: Self.cohort(
          "reengagements: [{ network: \"apple-ads\", campaign: \"today-tab\", publisher: \"garden\", delay: \"1d\" }]")))
    #expect(reengagement.count == 1)
    #expect(reengagement.allSatisfy { $0.hasSuffix("cohorts[0].reengagements[0].network: \(message)") })
  }

  // MARK: - Scripted users

  /// The diagnostics of a user `u` in `country` whose timeline is `steps`.
  private func userDiagnostics(_ steps: String, country: String = "US", appleAds: Bool = true) -> [String] {
    let user = "{ name: \"u\", country: \"\(country)\", timeline: [\(steps)] }"
    return appleAds ? diagnostics(Self.scenario(users: user)) : diagnostics(Self.scenario(appleAds: nil, users: user))
  }

  @Test("§8: a campaign with several ad groups needs 'adGroup'")
  func missingAdGroup() {
    let found = userDiagnostics("{ at: \"1h\", action: \"appleAdsTap\", campaign: \"brand-search\", keyword: \"puzzle game\" }")
    #expect(found == [
      "bad.json:24:50: error: users[0].timeline[0]: missing key 'adGroup' (campaign 'brand-search' has 2 ad groups: 'exact', 'discovery')"
    ])
  }

  @Test("§8: a tap without a keyword is a search match, which the ad group must take")
  func searchMatchNotAllowed() {
    let found = userDiagnostics("{ at: \"1h\", action: \"appleAdsTap\", campaign: \"brand-search\", adGroup: \"exact\" }")
    #expect(found == [
      "bad.json:24:50: error: users[0].timeline[0]: ad group 'exact' has no search match: name one of its keywords "
        + "('puzzle game', 'word puzzle') in 'keyword'"
    ])
  }

  @Test("unknown campaigns, ad groups, keywords and ads are named with a suggestion")
  func unknownReferences() {
    let campaign = userDiagnostics("{ at: \"1h\", action: \"appleAdsView\", campaign: \"brand-serch\" }")
    #expect(campaign == [
      "bad.json:24:96: error: users[0].timeline[0].campaign: unknown Apple Ads campaign 'brand-serch'; did you mean 'brand-search'?"
    ])
    let keyword = userDiagnostics(
      "{ at: \"1h\", action: \"appleAdsTap\", campaign: \"brand-search\", adGroup: \"exact\", keyword: \"puzle game\" }")
    #expect(keyword.count == 1)
    #expect(keyword.allSatisfy { $0.hasSuffix("unknown keyword 'puzle game' of ad group 'exact'; did you mean 'puzzle game'?") })
    let ad = userDiagnostics(
      "{ at: \"1h\", action: \"appleAdsTap\", campaign: \"brand-search\", adGroup: \"exact\", keyword: \"puzzle game\", ad: \"autum\" }")
    #expect(ad.count == 1)
    #expect(ad.allSatisfy { $0.hasSuffix("unknown ad 'autum' of ad group 'exact'; did you mean 'autumn'?") })
    let group = userDiagnostics("{ at: \"1h\", action: \"appleAdsTap\", campaign: \"brand-search\", adGroup: \"discovry\" }")
    #expect(group.count == 1)
    #expect(group.allSatisfy {
      $0.hasSuffix("unknown ad group 'discovry' of Apple Ads campaign 'brand-search'; did you mean 'discovery'?")
    })
    let cohort = diagnostics(Self.scenario(cohorts: Self.cohort("appleAds: [{ campaign: \"tody\", tap: 1, delay: \"1h\" }]")))
    #expect(cohort.count == 1)
    #expect(cohort.allSatisfy { $0.hasSuffix("cohorts[0].appleAds[0].campaign: unknown Apple Ads campaign 'tody'; did you mean 'today'?") })
  }

  @Test("§8: users only see campaigns running in their storefront")
  func countryNotTargeted() {
    let found = userDiagnostics(
      "{ at: \"1h\", action: \"appleAdsTap\", campaign: \"brand-search\", adGroup: \"discovery\" }", country: "DE")
    #expect(found == ["bad.json:24:95: error: users[0].timeline[0].campaign: campaign 'brand-search' runs in US, GB; user 'u' is in DE"])
    // The Today tab campaign runs in every storefront.
    #expect(userDiagnostics("{ at: \"1h\", action: \"appleAdsTap\", campaign: \"today\" }", country: "DE") == [])
  }

  @Test("§8: a pre-order's release is a first download, never a redownload")
  func preOrderRedownload() {
    let found = userDiagnostics("{ at: \"1h\", action: \"install\", redownload: true, preOrder: true }")
    #expect(found == [
      "bad.json:24:109: error: users[0].timeline[0].preOrder: a pre-order's release is a first download, not a redownload: "
        + "give 'redownload' or 'preOrder', not both"
    ])
  }

  @Test("Apple Ads steps and cohort keys need the scenario's appleAds")
  func withoutAppleAds() {
    let found = userDiagnostics(
      "{ at: \"1h\", action: \"appleAdsTap\", campaign: \"today\" }, { at: \"2h\", action: \"appleAdsView\", campaign: \"today\" }",
      appleAds: false)
    #expect(found == [
      "bad.json:15:50: error: users[0].timeline[0]: 'appleAdsTap' is an Apple Ads interaction, but the scenario has no 'appleAds': "
        + "add its campaigns there",
      "bad.json:15:106: error: users[0].timeline[1]: 'appleAdsView' is an Apple Ads interaction, but the scenario has no "
        + "'appleAds': add its campaigns there",
    ])
    let cohort = diagnostics(
      Self.scenario(appleAds: nil, cohorts: Self.cohort("appleAds: [{ campaign: \"today\", tap: 1, delay: \"1h\" }]")))
    #expect(cohort.count == 1)
    #expect(cohort.allSatisfy {
      $0.hasSuffix("cohorts[0].appleAds: the cohort's Apple Ads name campaigns, but the scenario has no 'appleAds': add them there")
    })
    // An unreadable appleAds was reported once; the steps naming it add nothing.
    let unreadable = diagnostics(
      Self.scenario(
        appleAds: "[]", users: "{ name: \"u\", timeline: [{ at: \"1h\", action: \"appleAdsTap\", campaign: \"today\" }] }"))
    #expect(unreadable.count == 1)
    #expect(unreadable.allSatisfy { $0.hasSuffix("appleAds: expected an object, found array") })
  }

  @Test("an unknown action suggests the Apple Ads actions")
  func unknownAction() {
    let found = userDiagnostics("{ at: \"1h\", action: \"appleAdTap\", campaign: \"today\" }")
    #expect(found.count == 1)
    #expect(found.allSatisfy { $0.contains("found 'appleAdTap'; did you mean 'appleAdsTap'?") })
  }

  // MARK: - Cohorts

  @Test("cohort Apple Ads: tap and view are exclusive, delay is required, probabilities are checked")
  func cohortExposureChecks() {
    let found = diagnostics(
      Self.scenario(
        cohorts: Self.cohort(
          "trackingConsent: 1.5, appleAds: [{ campaign: \"today\", tap: 0.7, view: 0.4, installAfterTap: 2 }]",
          install: "{ afterClick: 0.5, delay: \"1h\", preOrder: -0.1 }")))
    #expect(found.contains { $0.hasSuffix("cohorts[0].trackingConsent: expected a probability from 0 to 1, found number 1.5") })
    #expect(found.contains {
      $0.hasSuffix("cohorts[0].appleAds[0]: 'tap' (0.7) and 'view' (0.4) are exclusive outcomes and add up to more than 1")
    })
    #expect(found.contains {
      $0.hasSuffix("cohorts[0].appleAds[0]: missing key 'delay' (time from the user's arrival to the tap or view)")
    })
    #expect(found.contains { $0.hasSuffix("cohorts[0].appleAds[0].installAfterTap: expected a probability from 0 to 1, found number 2") })
    #expect(found.contains { $0.hasSuffix("cohorts[0].install.preOrder: expected a probability from 0 to 1, found number -0.1") })
    #expect(found.count == 5)
  }

  @Test("cohort Apple Ads: an entry needs tap or view, and a campaign is listed once (its draws are named after it)")
  func cohortEntriesAreMeaningfulAndDistinct() {
    let found = diagnostics(
      Self.scenario(
        cohorts: Self.cohort(
          """
          appleAds: [{ campaign: "today", tap: 0.2, delay: "1h" }, { campaign: "today", view: 0.3, delay: "1h" },
                     { campaign: "brand-search", delay: "1h" }]
          """, install: "{ afterClick: 0.5, delay: \"1h\" }")))
    #expect(found.contains {
      $0.contains("cohorts[0].appleAds[1]: duplicate Apple Ads campaign 'today' (first at")
    })
    #expect(found.contains { $0.hasSuffix("cohorts[0].appleAds[2]: give 'tap', 'view' or both: the probabilities that a reached user taps or only sees the ad") })
    #expect(found.count == 2)
  }
}
