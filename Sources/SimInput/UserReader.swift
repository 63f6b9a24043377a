import SimEngine
import SimJSON
import SimModel

/// Reads one scripted user and its timeline.
package struct UserReader {
  package let reader: JSONReader
  package let references: References

  package static let actionKeys: [String: [String]] = [
    "view": ["network", "campaign", "publisher", "duration", "signature", "presentation", "api"],
    "click": ["network", "campaign", "publisher", "signature", "presentation", "impressionAge", "url"],
    "appleAdsTap": UserReader.appleAdsKeys,
    "appleAdsView": UserReader.appleAdsKeys,
    "install": ["redownload", "preOrder"],
    "launch": [],
    "event": ["name", "revenue", "currency"],
    "revenue": ["amount", "kind", "currency"],
    "update": ["fine", "coarse", "lock", "api", "tag", "tagOfReengagement", "conversionTypes"],
    "clockChange": ["by"],
  ]
  package static let actions = [
    "view", "click", "appleAdsTap", "appleAdsView", "install", "launch", "event", "revenue", "update", "clockChange",
  ]
  package static let appleAdsKeys = ["campaign", "adGroup", "keyword", "ad"]

  package func read() -> ScriptedUser? {
    guard let object = reader.object(keys: ["name", "country", "trackingAuthorized", "timeline"]) else { return nil }
    let name = object.required("name")?.nonEmptyString()
    let countryReader = object.optional("country")
    let givenCountry = countryReader.flatMap(UserReader.countryCode)
    let country = givenCountry ?? "US"
    let trackingAuthorized = object.optional("trackingAuthorized")?.bool() ?? false
    // A bad country was reported; checking campaigns against the default would only add noise.
    let knownCountry = countryReader == nil || givenCountry != nil ? country : nil
    var steps: [(TimedAction, JSONReader)] = []
    for step in object.required("timeline")?.array() ?? [] {
      if let action = readStep(step, user: name, country: knownCountry) { steps.append((action, step)) }
    }
    // Stable sort: steps at the same offset keep their file order.
    steps = steps.enumerated().sorted { ($0.element.0.at, $0.offset) < ($1.element.0.at, $1.offset) }
      .map(\.element)
    var installed = false
    for (step, stepReader) in steps {
      switch step.action {
      case .install:
        if installed { stepReader.error("the user installs the app a second time") }
        installed = true
      case .launch, .event, .revenue, .conversionValueUpdate:
        if !installed {
          stepReader.error("'\(UserReader.actionName(step.action))' at \(step.at) comes before the user installs the app")
        }
      case .impression, .appleAds, .clockChange:
        break
      }
    }
    guard let name else { return nil }
    return ScriptedUser(name: name, country: country, timeline: steps.map(\.0), trackingAuthorized: trackingAuthorized)
  }

  /// One timeline step of the user `user` in `country` (each nil when bad).
  private func readStep(_ reader: JSONReader, user: String?, country: String?) -> TimedAction? {
    // The action decides which other keys are allowed, so read it before checking keys.
    guard case .object(let members) = reader.node.value else {
      reader.expected("an object")
      return nil
    }
    guard let actionMember = members.first(where: { $0.key == "action" }) else {
      _ = reader.object(keys: ["at", "action"] + UserReader.actionKeys.values.flatMap { $0 })
      reader.error("missing key 'action' (one of \(UserReader.actions.map { "'\($0)'" }.joined(separator: ", ")))")
      return nil
    }
    guard let action = reader.child(actionMember.value, key: "action").oneOf(UserReader.actions),
      let object = reader.object(keys: ["at", "action"] + (UserReader.actionKeys[action] ?? []))
    else { return nil }
    let at = object.required("at", "offset from the epoch, e.g. \"2h\", or a date")?.instant(epoch: references.epoch)
    let userAction: UserAction?
    switch action {
    case "view", "click":
      let duration = action == "view" ? (object.optional("duration")?.duration() ?? .seconds(5)) : .zero
      // "invalid": the ad arrives with a signature that fails, to script the device's check (§7.3).
      let signatureValid = object.optional("signature")?.oneOf(["valid", "invalid"]).map { $0 == "valid" } ?? true
      let placement = references.exposure(object, view: action == "view")
      let extras = placement.map { readAdAttributionKitExtras(object, network: $0.network, view: action == "view") }
      userAction = placement.map {
        .impression(
          AdExposure(
            network: $0.network, campaign: $0.campaign, publisher: $0.publisher,
            kind: action == "view" ? .view(duration: duration) : .click, signatureValid: signatureValid,
            presentation: extras?.presentation ?? .custom, impressionAge: extras?.impressionAge ?? .zero,
            reengagementURL: extras?.url))
      }
    case "appleAdsTap", "appleAdsView":
      userAction = readAppleAds(
        object, step: reader, kind: action == "appleAdsTap" ? .tap : .view, user: user, country: country
      ).map { .appleAds($0) }
    case "install":
      let redownload = object.optional("redownload")?.bool() ?? false
      let preOrder = object.optional("preOrder")?.bool() ?? false
      if redownload, preOrder {
        object.optional("preOrder")?.error(
          "a pre-order's release is a first download, not a redownload: give 'redownload' or 'preOrder', not both")
      }
      userAction = .install(redownload: redownload, preOrder: preOrder)
    case "launch":
      userAction = .launch
    case "event":
      let name = object.required("name")?.nonEmptyString()
      let revenue = object.optional("revenue")?.nonNegativeNumber()
      let currency = object.optional("currency").flatMap(SchemaReader.currencyCode) ?? "USD"
      userAction = name.map { .event(name: $0, revenue: revenue, currency: currency) }
    case "revenue":
      let amount = object.required("amount")?.nonNegativeNumber()
      let kind = object.optional("kind")?.oneOf(["iap", "ad"]).flatMap(RevenueKind.init) ?? .inAppPurchase
      let currency = object.optional("currency").flatMap(SchemaReader.currencyCode) ?? "USD"
      userAction = amount.map { .revenue(amount: $0, kind: kind, currency: currency) }
    case "clockChange":
      userAction = object.required("by", "how far the clock moves, e.g. \"+24h\" or \"-2h\"")
        .flatMap { $0.duration(signed: true) }.map { .clockChange(by: $0) }
    default:  // "update"
      // Out-of-range fine values are allowed here on purpose: the device rejects them, as iOS does.
      let fine = object.optional("fine")?.integer(in: -1_000...1_000).map(Int.init)
      let coarse = object.optional("coarse")?.oneOf(CoarseValue.allCases.map(\.rawValue)).flatMap(CoarseValue.init)
      let lock = object.optional("lock")?.bool() ?? false
      let apiReader = object.optional("api")
      let api = apiReader?.oneOf(UpdateAPI.allCases.map(\.rawValue)).flatMap(UpdateAPI.init) ?? .current
      if !object.has("fine"), !object.has("coarse"), !object.has("lock") {
        reader.error("an update needs 'fine', 'coarse' or 'lock'")
      }
      if api == .legacy, object.has("coarse") || object.has("lock") {
        apiReader?.error("the legacy API sets a fine value only; 'coarse' and 'lock' need api 'current'")
      }
      if api == .legacy, !object.has("fine") { apiReader?.error("a legacy update needs 'fine'") }
      userAction = .conversionValueUpdate(
        ConversionUpdate(fine: fine, coarse: coarse, lock: lock), api: api, routing: readRouting(object, api: api))
    }
    guard let at, let userAction else { return nil }
    return TimedAction(at: at, action: userAction)
  }

  /// The AdAttributionKit-only parts of an ad: presentation, the `AppImpression`'s age at the
  /// tap, the re-engagement URL, and the view API (§2.1, §2.4, §3.5).
  private func readAdAttributionKitExtras(_ object: ObjectReader, network: Int, view: Bool)
    -> (presentation: AdExposure.Presentation, impressionAge: SimDuration, url: String?)
  {
    let adAttributionKit = references.networks[network].framework == .adAttributionKit
    for key in ["presentation", "impressionAge", "url", "api"] where object.has(key) && !adAttributionKit {
      object.optional(key)?.error(
        "'\(key)' describes AdAttributionKit ads; '\(references.networks[network].name)' serves SKAdNetwork ads")
    }
    guard adAttributionKit else { return (.custom, .zero, nil) }
    let presentation = object.optional("presentation")?.oneOf(AdExposure.Presentation.allCases.map(\.rawValue))
      .flatMap(AdExposure.Presentation.init) ?? .custom
    var age = SimDuration.zero
    if let ageReader = object.optional("impressionAge"), let value = ageReader.duration() {
      if presentation == .storeKit {
        ageReader.error("'impressionAge' is for custom clicks (handleTap); StoreKit-rendered ads record the tap themselves")
      }
      if value < .zero { ageReader.error("expected a duration of zero or more, found \(value)") }
      age = value
    }
    var url: String?
    if let urlReader = object.optional("url"), let text = urlReader.string() {
      // A re-engagement opens a universal link of the advertised app (§3.5).
      if text.hasPrefix("https://") { url = text } else { urlReader.error("expected a universal link (https://), found \(Excerpt.quoted(text))") }
    }
    if view, let apiReader = object.optional("api"), apiReader.oneOf(["beginView", "handleView"]) == "handleView",
      references.iosVersion < Platform.handleViewOS
    {
      apiReader.error("handleView() needs iOS \(Platform.handleViewOS) or later, but devices run iOS \(references.iosVersion)")
    }
    return (presentation, age, url)
  }

  /// An Apple Ads tap or view: the campaign, the ad group (optional when the campaign has one),
  /// the keyword (absent for search match) and the ad (default: the ad group's first), §8.
  private func readAppleAds(
    _ object: ObjectReader, step: JSONReader, kind: AppleAdsInteraction.Kind, user: String?, country: String?
  ) -> AppleAdsInteraction? {
    let action = kind == .tap ? "appleAdsTap" : "appleAdsView"
    guard let appleAds = references.appleAds else {
      if !references.appleAdsUnreadable {
        step.error(
          "'\(action)' is an Apple Ads interaction, but the scenario has no 'appleAds': add its campaigns there")
      }
      return nil
    }
    let campaignReader = object.required("campaign", "an Apple Ads campaign name")
    guard let campaignIndex = campaignReader?.reference(to: appleAds.campaigns.map(\.name), what: "Apple Ads campaign")
    else { return nil }
    let campaign = appleAds.campaigns[campaignIndex]
    if let country, !campaign.runs(in: country) {
      campaignReader?.error(
        "campaign '\(campaign.name)' runs in \(campaign.countriesOrRegions.joined(separator: ", ")); "
          + "\(user.map { "user '\($0)'" } ?? "the user") is in \(country)")
    }
    let groupIndex: Int?
    if campaign.adGroups.count == 1, !object.has("adGroup") {
      groupIndex = 0
    } else if campaign.adGroups.isEmpty {
      groupIndex = nil  // reported with the campaign
    } else {
      let names = campaign.adGroups.map(\.name)
      let listed = names.map { "'\($0)'" }.joined(separator: ", ")
      groupIndex = object.required("adGroup", "campaign '\(campaign.name)' has \(names.count) ad groups: \(listed)")?
        .reference(to: names, what: "ad group", owner: " of Apple Ads campaign '\(campaign.name)'")
    }
    guard let groupIndex else { return nil }
    let group = campaign.adGroups[groupIndex]
    var keyword: Int?
    if let keywordReader = object.optional("keyword") {
      if campaign.supplyPlacement.hasKeywords {
        keyword = keywordReader.reference(
          to: group.keywords.map(\.text), what: "keyword", owner: " of ad group '\(group.name)'")
        if keyword == nil { return nil }
      } else {
        keywordReader.error(
          AppleAdsReader.searchResultsOnly("keyword", campaign: campaign.name, placement: campaign.supplyPlacement))
      }
    } else if campaign.supplyPlacement.hasKeywords, !group.searchMatch, !group.keywords.isEmpty {
      // Without a keyword the tap is a search match, which this ad group does not take. (An ad
      // group with neither was reported with the campaign.)
      let listed = group.keywords.map { "'\($0.text)'" }.joined(separator: ", ")
      step.error("ad group '\(group.name)' has no search match: name one of its keywords (\(listed)) in 'keyword'")
    }
    var ad: Int? = group.ads.isEmpty ? nil : 0
    if let adReader = object.optional("ad") {
      ad = adReader.reference(to: group.ads.map(\.name), what: "ad", owner: " of ad group '\(group.name)'")
      if ad == nil { return nil }
    }
    return AppleAdsInteraction(campaign: campaignIndex, adGroup: groupIndex, keyword: keyword, ad: ad, kind: kind)
  }

  /// `tag` and `conversionTypes` of an update: which active AdAttributionKit conversion it is for.
  private func readRouting(_ object: ObjectReader, api: UpdateAPI) -> UpdateRouting {
    var routing = UpdateRouting()
    for key in ["tag", "tagOfReengagement", "conversionTypes"] where object.has(key) {
      guard let reader = object.optional(key) else { continue }
      if !references.usesAdAttributionKit {
        reader.error("'\(key)' routes AdAttributionKit updates; no network of this scenario serves AdAttributionKit ads")
      } else if api == .legacy {
        reader.error("'\(key)' needs api 'current'; the legacy API updates the install conversion only")
      }
    }
    routing.tag = object.optional("tag")?.nonEmptyString()
    routing.tagOfReengagement = object.optional("tagOfReengagement")?.integer(in: 1...10_000).map(Int.init)
    if object.has("tag"), object.has("tagOfReengagement") {
      object.optional("tagOfReengagement")?.error("give 'tag' or 'tagOfReengagement', not both")
    }
    if let typesReader = object.optional("conversionTypes"), let elements = typesReader.array() {
      let kinds = elements.compactMap { $0.oneOf(UpdateRouting.Kind.allCases.map(\.rawValue)).flatMap(UpdateRouting.Kind.init) }
      if elements.isEmpty { typesReader.error("expected 'install', 're-engagement' or both; omit the key for both") }
      routing.types = Set(kinds)
    }
    return routing
  }

  package static func actionName(_ action: UserAction) -> String {
    switch action {
    case .impression(let exposure):
      if case .view = exposure.kind { return "view" }
      return "click"
    case .appleAds(let interaction): return interaction.kind == .tap ? "appleAdsTap" : "appleAdsView"
    case .install: return "install"
    case .launch: return "launch"
    case .event: return "event"
    case .revenue: return "revenue"
    case .conversionValueUpdate: return "update"
    case .clockChange: return "clockChange"
    }
  }
}

extension JSONReader {
  /// A country code or a weighted choice of country codes.
  package func countryChoice() -> WeightedChoice<String>? {
    if case .string = node.value {
      return UserReader.countryCode(self).map { WeightedChoice([($0, 1)]) }
    }
    guard let object = object(keys: ["choice"]) else { return nil }
    return object.required("choice")?.weightedChoice(UserReader.countryCode)
  }
}

extension UserReader {
  package static func countryCode(_ reader: JSONReader) -> String? {
    guard let text = reader.string() else { return nil }
    guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
      reader.error("expected an ISO 3166 alpha-2 country code such as 'US', found \(Excerpt.quoted(text))")
      return nil
    }
    return text
  }
}
