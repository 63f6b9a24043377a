import AttributionSim
import SimJSON

extension TestScenarios {
  /// An SKAdNetwork 3.0 world on iOS 16 with Apple Ads: organisation 40669820; campaign `search`
  /// (542370539, search results, US and GB) with ad group `exact` (542317095; keywords
  /// "puzzle game" 87675432 and "brain teaser" 87675433; search match; ad `default` 542317136);
  /// campaign `today` (542370600, Today tab) with ad group `all` (542317200, no ads); campaign
  /// `targeted` (542370700, search tab, age or gender targeting) with ad group `young` (542317300).
  /// The SKAdNetwork network `s1` (campaign `c`, 7) shows ads in `hub`; the network `apple`
  /// (`com.apple.ads`, campaigns 10, 20, 30, 40) stands for Apple Ads in `store` when
  /// `linked`. The API answers without faults; records are ready as soon as the token exists and the
  /// server calls 1 s after the first launch, unless `api` or `server` say otherwise.
  package static func appleAds(
    users: String, api: String = "recordDelay: \"0s\"", server: String = "firstCallDelay: \"1s\"",
    linked: Bool = false, platformExtra: String = "", iosVersion: String = "16.0"
  ) -> String {
    """
    {
      version: 1,
      name: "apple-ads",
      seed: 11,
      epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "3.0", iosVersion: "\(iosVersion)"\(platformExtra) },
      app: { appId: 1234567890 },
      adNetworks: [
        { name: "s1", identifier: "sk1.skadnetwork", campaigns: [{ name: "c", sourceIdentifier: 7 }] },
        { name: "apple", identifier: "com.apple.ads", campaigns: [
          { name: "search-results", sourceIdentifier: 10 }, { name: "search-tab", sourceIdentifier: 20 },
          { name: "today-tab", sourceIdentifier: 30 }, { name: "product-pages", sourceIdentifier: 40 }] },
      ],
      publishers: [
        { name: "hub", appId: 6444000009, adNetworks: ["s1"] },
        { name: "store", appId: 375380948, adNetworks: ["apple"] },
      ],
      privacy: { forceTier: 3 },
      appleAds: {
        orgId: 40669820,
        campaigns: [
          { name: "search", id: 542370539, supplyPlacement: "APPSTORE_SEARCH_RESULTS", countriesOrRegions: ["US", "GB"],
            adGroups: [{ name: "exact", id: 542317095, searchMatch: true,
              keywords: [{ text: "puzzle game", id: 87675432 }, { text: "brain teaser", id: 87675433 }],
              ads: [{ name: "default", id: 542317136 }] }] },
          { name: "today", id: 542370600, supplyPlacement: "APPSTORE_TODAY_TAB", adGroups: [{ name: "all", id: 542317200 }] },
          { name: "targeted", id: 542370700, supplyPlacement: "APPSTORE_SEARCH_TAB", ageOrGenderTargeting: true,
            adGroups: [{ name: "young", id: 542317300 }] },
        ],
        api: { \(api) },
        server: { \(server) },
        \(linked ? "adNetwork: { network: \"apple\", publisher: \"store\" }," : "")
      },
      users: [\(users)],
    }
    """
  }

  /// Runs scenario text and returns the summary, the AdServices calls and the postbacks.
  package static func runAppleAds(_ text: String) throws -> (
    summary: RunSummary, calls: [AdServicesExchange], postbacks: [PostbackRecord]
  ) {
    let (summary, outputs) = ScenarioRunner.collect(try load(text))
    return (summary, outputs.adServices, outputs.postbacks)
  }
}
