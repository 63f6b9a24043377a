import SimEngine
import SimJSON
import SimModel

/// Reads the `appleAds` block: the campaigns, Apple's attribution API, the advertiser's server,
/// and the ad network standing for Apple Ads (rulebook §8).
package struct AppleAdsReader {
  package let reader: JSONReader
  /// The scenario's ad networks and publishers, which `adNetwork` names.
  package let networks: [AdNetwork]
  package let publishers: [PublisherApp]
  /// Nil when the platform is bad: the checks against it are then skipped.
  package let platform: Platform?
  /// The scenario's epoch, for outages given as dates.
  package var epoch: Epoch?

  package static let keys = ["orgId", "campaigns", "api", "server", "adNetwork"]

  /// The settings, or nil when `appleAds` is not an object. Bad parts are logged and left out
  /// or defaulted, so that users and cohorts naming the campaigns add no errors of their own.
  package func read() -> AppleAds? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    let orgId = object.required("orgId", "the Apple Ads organisation ID")?.integer(in: 1...Int64.max)
    let campaigns = object.required("campaigns").map(readCampaigns) ?? []
    var appleAds = AppleAds(orgId: orgId ?? 0, campaigns: campaigns)
    if let api = object.optional("api") { readAPI(api, into: &appleAds.api) }
    if let server = object.optional("server") { readServer(server, into: &appleAds.server) }
    appleAds.adNetwork = object.optional("adNetwork").flatMap { readLink($0, campaigns: campaigns) }
    return appleAds
  }

  // MARK: - Campaigns

  private func readCampaigns(_ reader: JSONReader) -> [AppleAdsCampaign] {
    guard let elements = reader.array() else { return [] }
    if elements.isEmpty { reader.error("expected at least one campaign") }
    let read = elements.compactMap { element in readCampaign(element).map { (campaign: $0, reader: element) } }
    JSONReader.logDuplicates(read.map { ($0.campaign.name, $0.reader) }, what: "campaign name")
    Self.checkUniqueIds(read.map { ($0.campaign.id, $0.reader) }, what: "campaign ID")
    return read.map(\.campaign)
  }

  private func readCampaign(_ reader: JSONReader) -> AppleAdsCampaign? {
    guard
      let object = reader.object(keys: [
        "name", "id", "supplyPlacement", "countriesOrRegions", "ageOrGenderTargeting", "adGroups",
      ])
    else { return nil }
    let name = object.required("name")?.nonEmptyString()
    let id = object.required("id", "the campaignId")?.integer(in: 1...Int64.max)
    let placement = object.required("supplyPlacement", "where in the App Store its ads run")?
      .oneOf(SupplyPlacement.allCases.map(\.rawValue)).flatMap(SupplyPlacement.init)
    var countries: [String] = []
    if let countriesReader = object.optional("countriesOrRegions"), let elements = countriesReader.array() {
      // An empty list would read as "every storefront", the opposite of what it says.
      if elements.isEmpty {
        countriesReader.error("expected at least one country or region; omit the key for every storefront")
      }
      countries = elements.compactMap(UserReader.countryCode)
    }
    let targeting = object.optional("ageOrGenderTargeting")?.bool() ?? false
    let groupsReader = object.required("adGroups")
    var groups: [(group: AppleAdsAdGroup, reader: JSONReader)] = []
    if let elements = groupsReader?.array() {
      if elements.isEmpty { groupsReader?.error("expected at least one ad group") }
      groups = elements.compactMap { element in
        readAdGroup(element, campaign: name, placement: placement).map { (group: $0, reader: element) }
      }
    }
    JSONReader.logDuplicates(groups.map { ($0.group.name, $0.reader) }, what: "ad group name")
    Self.checkUniqueIds(groups.map { ($0.group.id, $0.reader) }, what: "ad group ID")
    // Keep a campaign whose other fields are bad, so references to it do not cascade into more
    // errors; the scenario is rejected anyway.
    guard let name else { return nil }
    return AppleAdsCampaign(
      name: name, id: id ?? 0, supplyPlacement: placement ?? .searchResults, adGroups: groups.map(\.group),
      countriesOrRegions: countries, ageOrGenderTargeting: targeting)
  }

  /// An ad group; `placement` (nil when bad) decides whether it may bid on keywords.
  private func readAdGroup(_ reader: JSONReader, campaign: String?, placement: SupplyPlacement?) -> AppleAdsAdGroup? {
    guard let object = reader.object(keys: ["name", "id", "keywords", "searchMatch", "ads"]) else { return nil }
    let name = object.required("name")?.nonEmptyString()
    let id = object.required("id", "the adGroupId")?.integer(in: 1...Int64.max)
    if let placement, !placement.hasKeywords {
      for key in ["keywords", "searchMatch"] where object.has(key) {
        object.optional(key)?.error(Self.searchResultsOnly(key, campaign: campaign, placement: placement))
      }
    }
    let keywordsReader = object.optional("keywords")
    let keywordElements = keywordsReader?.array()
    var keywords: [(keyword: AppleAdsKeyword, reader: JSONReader)] = []
    for element in keywordElements ?? [] {
      guard let keywordObject = element.object(keys: ["text", "id"]) else { continue }
      let text = keywordObject.required("text", "the keyword as bid")?.nonEmptyString()
      let keywordId = keywordObject.required("id", "the keywordId")?.integer(in: 1...Int64.max)
      if let text { keywords.append((AppleAdsKeyword(text: text, id: keywordId ?? 0), element)) }
    }
    JSONReader.logDuplicates(keywords.map { ($0.keyword.text, $0.reader) }, what: "keyword")
    Self.checkUniqueIds(keywords.map { ($0.keyword.id, $0.reader) }, what: "keyword ID")
    let searchMatchReader = object.optional("searchMatch")
    let searchMatchValue = searchMatchReader?.bool()
    let searchMatch = searchMatchValue ?? false
    // Without either no search reaches the ad group, and its taps could carry neither a keyword
    // nor search match. (Values of the wrong kind were reported already.)
    if placement?.hasKeywords == true, !searchMatch, searchMatchReader == nil || searchMatchValue != nil,
      keywordElements?.isEmpty ?? (keywordsReader == nil)
    {
      reader.error(
        "a search results ad group needs 'keywords' or 'searchMatch: true': nothing else matches searches to it")
    }
    var ads: [(ad: AppleAdsAd, reader: JSONReader)] = []
    for element in object.optional("ads")?.array() ?? [] {
      guard let adObject = element.object(keys: ["name", "id"]) else { continue }
      let adName = adObject.required("name")?.nonEmptyString()
      let adId = adObject.required("id", "the adId")?.integer(in: 1...Int64.max)
      if let adName { ads.append((AppleAdsAd(name: adName, id: adId ?? 0), element)) }
    }
    JSONReader.logDuplicates(ads.map { ($0.ad.name, $0.reader) }, what: "ad name")
    Self.checkUniqueIds(ads.map { ($0.ad.id, $0.reader) }, what: "ad ID")
    guard let name else { return nil }
    return AppleAdsAdGroup(
      name: name, id: id ?? 0, keywords: keywords.map(\.keyword), searchMatch: searchMatch, ads: ads.map(\.ad))
  }

  /// Why `key` (`keywords`, `searchMatch` or a step's `keyword`) does not apply to a campaign in
  /// `placement`: only search results ads are bought on searches (§8).
  package static func searchResultsOnly(_ key: String, campaign: String?, placement: SupplyPlacement) -> String {
    let what = key == "searchMatch" ? "search match is" : "keywords are bought"
    return "\(what) for search results only (\(SupplyPlacement.searchResults.rawValue)); "
      + "\(campaign.map { "campaign '\($0)'" } ?? "this campaign") runs in \(placement.rawValue): remove '\(key)'"
  }

  // MARK: - Attribution API and server

  private func readAPI(_ reader: JSONReader, into settings: inout AttributionAPISettings) {
    guard
      let object = reader.object(keys: [
        "recordDelay", "invalidTokenShare", "notFoundShare", "unavailableShare", "outages",
      ])
    else { return }
    if let delay = object.optional("recordDelay")?.distribution(of: .duration) { settings.recordDelay = delay }
    if let share = object.optional("invalidTokenShare")?.probability() { settings.invalidTokenShare = share }
    if let share = object.optional("notFoundShare")?.probability() { settings.notFoundShare = share }
    if let share = object.optional("unavailableShare")?.probability() { settings.unavailableShare = share }
    settings.outages = object.optional("outages")?.array()?.compactMap { element in
      guard let outage = element.object(keys: ["from", "to"]),
        let from = outage.required("from", "when the API goes down, from the epoch")?.instant(epoch: epoch),
        let to = outage.required("to", "when it is back, from the epoch")?.instant(epoch: epoch)
      else { return nil }
      guard to > from else {
        outage.required("to")?.error("an outage must end after it starts: it starts at \(from) and ends at \(to)")
        return nil
      }
      return AttributionAPISettings.Outage(start: from, end: to)
    } ?? []
  }

  private func readServer(_ reader: JSONReader, into settings: inout AttributionServerSettings) {
    guard let object = reader.object(keys: ["firstCallDelay", "unavailableRetryDelay", "unavailableRetries", "notFoundRetries"]) else {
      return
    }
    if let delay = object.optional("firstCallDelay")?.distribution(of: .duration) { settings.firstCallDelay = delay }
    if let delayReader = object.optional("unavailableRetryDelay"), let delay = delayReader.duration() {
      // A zero delay would retry at the same instant, as often as retries allow.
      if delay <= .zero {
        delayReader.error("expected a duration longer than zero, found \(delay)")
      } else {
        settings.unavailableRetryDelay = delay
      }
    }
    if let retries = object.optional("unavailableRetries")?.integer(in: 0...100) {
      settings.unavailableRetries = Int(retries)
    }
    if let retries = object.optional("notFoundRetries")?.integer(in: 0...100) { settings.notFoundRetries = Int(retries) }
  }

  // MARK: - Apple Ads as an ad network

  /// The network standing for Apple Ads, and the campaign of it each placement's taps are
  /// clicks of (§1, §8, C3 [U]).
  private func readLink(_ reader: JSONReader, campaigns: [AppleAdsCampaign]) -> AppleAdsNetworkLink? {
    guard let object = reader.object(keys: ["network", "publisher", "placementCampaigns"]) else { return nil }
    let networkReader = object.required("network", "the ad network standing for Apple Ads")
    let network = networkReader?.reference(to: networks.map(\.name), what: "ad network")
    let publisherReader = object.required("publisher", "the App Store, as a publisher app")
    let publisher = publisherReader?.reference(to: publishers.map(\.name), what: "publisher")
    if let network, let networkReader { checkFramework(networks[network], networkReader) }
    if let publisher, let publisherReader {
      let app = publishers[publisher]
      if app.isWeb {
        publisherReader.error(
          "'\(app.name)' is a website; Apple Ads are shown in the App Store: name a publisher app (with an 'appId')")
      } else if let network, !app.adNetworks.contains(network) {
        publisherReader.error(
          "'\(app.name)' does not list '\(networks[network].name)' in its adNetworks, so its clicks would be "
            + "ineligible: add it")
      }
    }
    guard let network else { return nil }
    let mapping = readPlacementCampaigns(object, network: networks[network], campaigns: campaigns)
    guard let publisher, let mapping else { return nil }
    return AppleAdsNetworkLink(network: network, publisher: publisher, placementCampaigns: mapping)
  }

  /// Apple Ads serves SKAdNetwork ads signed with versions 1 to 3, and AdAttributionKit ads from
  /// iOS 26.2 (§1, C3 [U]).
  private func checkFramework(_ network: AdNetwork, _ reader: JSONReader) {
    guard let platform else { return }
    switch network.framework {
    case .skAdNetwork:
      if platform.version.hasConversionWindows {
        reader.error(
          "Apple Ads serves SKAdNetwork ads signed with versions 1 to 3 only (rulebook §1, C3); this scenario "
            + "signs with \(platform.version.rawValue): use platform version 3.0, or an AdAttributionKit network "
            + "(iOS \(Platform.appleAdsAdAttributionKitOS))")
      }
    case .adAttributionKit:
      let oldest = Platform.appleAdsAdAttributionKitOS
      if platform.iosVersion < oldest {
        reader.error(
          "Apple Ads serves AdAttributionKit ads from iOS \(oldest) (rulebook §1, C3), but devices run iOS "
            + "\(platform.iosVersion): set platform.iosVersion to \(oldest) or later")
      }
    }
  }

  /// Each placement's campaign of `network`: as mapped, else the one whose campaign ID encodes
  /// it. Nil when a placement the campaigns use has none (logged at the `adNetwork` object).
  private func readPlacementCampaigns(
    _ object: ObjectReader, network: AdNetwork, campaigns: [AppleAdsCampaign]
  ) -> [SupplyPlacement: Int]? {
    var mapping: [SupplyPlacement: Int] = [:]
    var mapped: Set<SupplyPlacement> = []
    if let mappingReader = object.optional("placementCampaigns"),
      let members = mappingReader.object(keys: SupplyPlacement.allCases.map(\.rawValue))
    {
      for placement in SupplyPlacement.allCases {
        guard let campaignReader = members.optional(placement.rawValue) else { continue }
        mapped.insert(placement)
        mapping[placement] = campaignReader.reference(
          to: network.campaigns.map(\.name), what: "campaign", owner: " of ad network '\(network.name)'")
      }
    }
    for placement in SupplyPlacement.allCases where !mapped.contains(placement) {
      let id = AppleAdsNetworkLink.defaultCampaignIds[placement]
      mapping[placement] = network.campaigns.firstIndex { $0.sourceIdentifier == id }
    }
    // A bad mapping was logged where it stands; only placements left to the default are checked.
    let used = SupplyPlacement.allCases.filter { placement in campaigns.contains { $0.supplyPlacement == placement } }
    let term = network.framework == .adAttributionKit ? "source identifier" : "campaign ID"
    var complete = true
    for placement in used where mapping[placement] == nil {
      complete = false
      guard !mapped.contains(placement), let id = AppleAdsNetworkLink.defaultCampaignIds[placement] else { continue }
      object.reader.error(
        "network '\(network.name)' has no campaign with \(term) \(id) for \(placement.rawValue) (the placement "
          + "encoding, C3 [U]): add one, or map the placement in 'placementCampaigns'")
    }
    return complete ? mapping : nil
  }

  // MARK: - Helpers

  /// Logs repeated IDs; IDs below 1 were reported as bad already.
  package static func checkUniqueIds(_ items: [(id: Int64, reader: JSONReader)], what: String) {
    JSONReader.logDuplicates(items.filter { $0.id > 0 }.map { (String($0.id), $0.reader) }, what: what)
  }
}
