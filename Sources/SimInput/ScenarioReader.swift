import AttributionCrypto
import DidYouMean
import Foundation
import SimEngine
import SimJSON
import SimModel

/// Turns a parsed scenario file into a ``Scenario``, logging every problem it finds.
package struct ScenarioReader {
  package let root: JSONReader
  /// The scenario file's folder as the user named it ("" for the current folder).
  package let baseDirectory: String
  package let log: DiagnosticLog
  /// How many users the scenario may have.
  package var limits = WorkLimits.standard
  /// The scenario's schemas as read, checked against its users' events at the end.
  package let readSchemas = ReadSchemas()
  /// Set when the scenario is read from copies pinned beside a shard: the copies, and the folder
  /// (absolute) its original was in, against which its references resolve.
  package var pinned: (copies: InputCopies, folder: String)?

  /// `$schema` names the JSON Schema an editor checks the file with (Docs/schemas); only its
  /// kind is checked here.
  package static let topLevelKeys = [
    "$schema", "version", "name", "description", "seed", "epoch", "horizon", "platform", "app", "adNetworks",
    "publishers", "appleAds", "privacy", "rules", "schema", "signing", "users", "cohorts", "expect", "products",
  ]

  package func read() -> Scenario? {
    guard let object = root.object(keys: ScenarioReader.topLevelKeys) else { return nil }
    // An unknown version makes every other message unreliable: report it alone.
    guard let versionReader = object.required("version", "the scenario format version, 1"),
      let version = versionReader.integer()
    else { return nil }
    guard version == Int64(Scenario.supportedFormatVersion) else {
      versionReader.error(
        "unsupported scenario format version \(version); this build reads version \(Scenario.supportedFormatVersion)")
      return nil
    }
    _ = object.optional("$schema")?.string()
    _ = object.optional("description")?.string()
    let name = object.required("name")?.folderName()
    let seed = object.required("seed")?.integer(in: 0...Int64.max)
    let epoch = object.required("epoch").flatMap(readEpoch)
    let horizon = object.optional("horizon")?.instant(epoch: epoch)
    let platform = object.required("platform").flatMap(readPlatform)
    let signedVersion = platform?.version ?? .v4_0
    let networks = object.required("adNetworks").flatMap { readNetworks($0, platform: platform, epoch: epoch) } ?? []
    // After the networks: the app's Info.plist names them by identifier.
    let app = object.required("app").flatMap {
      readApp(
        $0, networkIdentifiers: networks.map(\.identifier), iosVersion: platform?.iosVersion,
        usesAdAttributionKit: Scenario.usesAdAttributionKit(networks))
    }
    let publishers = object.required("publishers").flatMap { readPublishers($0, networks: networks, version: signedVersion) } ?? []
    // Before users and cohorts, which name its campaigns and must not name its network.
    let appleAdsReader = object.optional("appleAds")
    let appleAds = appleAdsReader.flatMap {
      AppleAdsReader(reader: $0, networks: networks, publishers: publishers, platform: platform, epoch: epoch).read()
    }
    let defaultThresholds = PrivacySettings.defaultThresholds(for: signedVersion)
    let privacy = object.optional("privacy").map { readPrivacy($0, defaults: defaultThresholds) } ?? PrivacySettings(thresholds: defaultThresholds)
    let rules = object.optional("rules").map(RulesReader.read) ?? PlatformRules()
    let schema = object.optional("schema").flatMap(readSchemaReference) ?? .empty
    if app?.sdk?.model == .schema, !object.has("schema") {
      object.optional("app")?.error(
        "the SDK's model is the scenario's schema, but the scenario has no 'schema': add one, or give the SDK another model")
    }
    let signing = object.optional("signing").map(readSigning) ?? SigningSettings()
    let products = object.optional("products").map(SubscriptionReader.products) ?? (readable: [], unreadable: [])
    var references = References(
      networks: networks, publishers: publishers, iosVersion: platform?.iosVersion ?? .current,
      usesAdAttributionKit: Scenario.usesAdAttributionKit(networks), appleAds: appleAds,
      appleAdsUnreadable: appleAdsReader != nil && appleAds == nil, epoch: epoch,
      products: products.readable, unreadableProducts: products.unreadable, productsDeclared: object.has("products"))
    references.files = files
    references.currencies = schema.currencies
    let users = object.optional("users")?.array()?.compactMap { UserReader(reader: $0, references: references).read() } ?? []
    let cohorts = object.optional("cohorts")?.array()?.compactMap { CohortReader(reader: $0, references: references).read() } ?? []
    checkUnique(object.optional("users"), names: users.map(\.name), what: "user")
    checkUnique(object.optional("cohorts"), names: cohorts.map(\.name), what: "cohort")
    checkUserCount(scripted: users.count, cohorts: object.optional("cohorts"))
    if !object.has("users"), !object.has("cohorts") {
      root.error("the scenario has no users: add 'users' (scripted) or 'cohorts'")
    }
    let expectations = object.optional("expect").map {
      ExpectationReader(
        reader: $0, users: users.map(\.name), networks: networks, version: signedVersion, framework: platform?.framework,
        usesAppleAds: object.has("appleAds"), hasSDK: declaresSDK(object.optional("app")), epoch: epoch
      ).read()
    }
    guard let name, let seed, let epoch, let platform, let app, !log.hasErrors else { return nil }
    var scenario = Scenario(
      name: name, seed: UInt64(seed), epoch: epoch, platform: platform, app: app,
      adNetworks: networks, publishers: publishers, privacy: privacy, rules: rules, schema: schema,
      scriptedUsers: users, cohorts: cohorts, horizon: horizon, signing: signing)
    if let expectations { scenario.expectations = expectations }
    scenario.appleAds = appleAds
    checkCurrencies(scenario, object)
    SpendReader.checkCurrencies(scenario, networks: object.optional("adNetworks"))
    for (schema, root) in readSchemas.roots { SchemaEventCheck.check(schema, against: scenario, root: root) }
    scenario.warnings = log.sorted.filter { $0.severity == .warning }
    return log.hasErrors ? nil : scenario
  }

  /// Why `schema` cannot measure `scenario`'s revenue, or nil when it converts every currency.
  package static func currencyProblem(_ scenario: Scenario, _ schema: ConversionSchema) -> String? {
    let missing = schema.currencies.missing(scenario.currencies)
    guard !missing.isEmpty else { return nil }
    return "revenue comes in \(missing.joined(separator: ", ")), which the schema (in \(schema.currencies.base)) cannot convert: "
      + "add \(missing.map { "exchangeRates.\($0)" }.joined(separator: ", ")) to it"
  }

  /// Every currency the scenario's revenue comes in must convert into each schema's currency.
  private func checkCurrencies(_ scenario: Scenario, _ object: ObjectReader) {
    let schemas = [(scenario.schema, object.optional("schema"))]
      + (scenario.app.legacySdk.map { [($0, object.optional("app"))] } ?? [])
    for (schema, reader) in schemas {
      guard schema != .empty, let problem = Self.currencyProblem(scenario, schema) else { continue }
      (reader ?? root).error(problem)
    }
  }

  /// The keys of a network's `dashboard` object.
  package static let dashboardKeys = ["preset", "nulls", "delivery", "batchHourUTC", "viewedAt"]

  /// A network's `dashboard`: a preset's name, or an object of settings over a preset.
  private static func readDashboard(_ reader: JSONReader, epoch: Epoch?) -> DashboardSettings? {
    let names = DashboardSettings.presets.map(\.name)
    // An unreadable epoch is reported already; batch times then count from the Unix epoch.
    func daily(_ hour: Int) -> DashboardSettings.Delivery {
      .daily(firstBatch: DashboardSettings.firstBatch(hourUTC: hour, epoch: epoch ?? Epoch(unixMilliseconds: 0)))
    }
    func preset(_ name: String) -> DashboardSettings {
      let preset = DashboardSettings.presets.first { $0.name == name }!
      return DashboardSettings(name: name, nulls: preset.nulls, delivery: preset.dailyHour.map(daily) ?? .live)
    }
    if case .string = reader.node.value { return reader.oneOf(names).map(preset) }
    guard let object = reader.object(keys: dashboardKeys) else { return nil }
    var settings = object.optional("preset").flatMap { $0.oneOf(names) }.map(preset) ?? DashboardSettings(name: "custom")
    if object.has("nulls") || object.has("delivery") || object.has("batchHourUTC") { settings.name = "custom" }
    if let nulls = object.optional("nulls")?.oneOf(DashboardSettings.Nulls.allCases.map(\.rawValue)) {
      settings.nulls = DashboardSettings.Nulls(rawValue: nulls)!
    }
    let hourReader = object.optional("batchHourUTC")
    let hour = hourReader?.integer(in: 0...23)
    switch object.optional("delivery")?.oneOf(["live", "daily"]) {
    case "live"?:
      if let hourReader { hourReader.error("'batchHourUTC' applies to daily delivery; this dashboard is live") }
      settings.delivery = .live
    case "daily"?:
      settings.delivery = daily(Int(hour ?? 4))
    default:
      if let hour {
        guard case .daily = settings.delivery else {
          hourReader!.error("'batchHourUTC' applies to daily delivery; add delivery: \"daily\"")
          return nil
        }
        settings.delivery = daily(Int(hour))
      }
    }
    if let viewReader = object.optional("viewedAt") {
      guard let at = viewReader.instant(epoch: epoch) else { return nil }
      settings.viewedAt = at
    }
    return settings
  }

  /// A campaign's flight: `{ start, end }`, each an offset or a date, ending after it starts.
  private static func readFlight(_ reader: JSONReader, epoch: Epoch?) -> CampaignFlight? {
    guard let object = reader.object(keys: ["start", "end"]),
      let start = object.required("start", "when the campaign starts: an offset from the epoch or a date")?
        .instant(epoch: epoch),
      let end = object.required("end", "when it ends: an offset from the epoch or a date")?.instant(epoch: epoch)
    else { return nil }
    guard end > start else {
      object.required("end")?.error(
        "expected a flight end after its start (\(DurationNotation.format(start)) from the epoch), "
          + "found \(DurationNotation.format(end)) from the epoch")
      return nil
    }
    return CampaignFlight(start: start, end: end)
  }

  private func readEpoch(_ reader: JSONReader) -> Epoch? {
    guard let text = reader.string() else { return nil }
    guard let epoch = Epoch(iso8601: text) else {
      reader.error("expected an ISO-8601 date-time such as '2026-03-02T00:00:00Z', found \(Excerpt.quoted(text))")
      return nil
    }
    return epoch
  }

  private func readPlatform(_ reader: JSONReader) -> Platform? {
    guard let object = reader.object(keys: ["framework", "version", "developerMode", "iosVersion", "postbackDelivery"])
    else { return nil }
    let delivery = object.optional("postbackDelivery").map(DeliveryReader.postbackDelivery) ?? PostbackDelivery()
    let frameworkName = object.required("framework")?.oneOf(["skadnetwork", "adattributionkit"])
    let developerMode = object.optional("developerMode")?.bool() ?? false
    var iosVersion = OSVersion.current
    if let versionReader = object.optional("iosVersion"), let text = versionReader.string() {
      if let parsed = OSVersion(text) {
        iosVersion = parsed
      } else {
        versionReader.error("expected an iOS version such as '17.4', found \(Excerpt.quoted(text))")
      }
    }
    var platform: Platform
    switch frameworkName {
    case "skadnetwork":
      guard let versionReader = object.required("version", "the version ads are signed with"),
        let text = versionReader.oneOf(SKAdNetworkVersion.allCases.map(\.rawValue)),
        let version = SKAdNetworkVersion(rawValue: text)
      else { return nil }
      // Devices too old for the signed version would send an older postback version (§1);
      // that downgrade is not simulated, so refuse rather than mis-simulate.
      if iosVersion < version.minimumOS {
        (object.optional("iosVersion") ?? versionReader).error(
          "SKAdNetwork \(text) needs iOS \(version.minimumOS) or later, but devices run iOS \(iosVersion)")
      }
      platform = Platform(framework: .skAdNetwork(version), developerMode: developerMode, iosVersion: iosVersion)
    case "adattributionkit":
      if iosVersion < Platform.adAttributionKitOS {
        (object.optional("iosVersion") ?? object.required("framework"))?.error(
          "AdAttributionKit needs iOS \(Platform.adAttributionKitOS) or later, but devices run iOS \(iosVersion)")
      }
      // SKAdNetwork networks beside AdAttributionKit share its windows and tiers: 4.0 (§3.6).
      if let versionReader = object.optional("version"), let text = versionReader.string(), text != "4.0" {
        versionReader.error(
          "SKAdNetwork ads beside AdAttributionKit must be signed with 4.0, whose windows and tiers they share; found \(Excerpt.quoted(text))")
      }
      platform = Platform(framework: .adAttributionKit, developerMode: developerMode, iosVersion: iosVersion)
    default:
      return nil
    }
    platform.postbackDelivery = delivery
    return platform
  }

  /// The advertised app; `networkIdentifiers` are the keys its Info.plist may configure, and
  /// `iosVersion` (nil when the platform is bad) gates its Info.plist keys.
  private func readApp(
    _ reader: JSONReader, networkIdentifiers: [String], iosVersion: OSVersion?, usesAdAttributionKit: Bool
  ) -> AdvertisedApp? {
    guard
      let object = reader.object(keys: [
        "appId", "bundleId", "attributionReportEndpoint", "legacySdk", "sdk", "infoPlist", "marketplace",
      ])
    else {
      return nil
    }
    let appId = object.required("appId", "the App Store item identifier")?.integer(in: 1...Int64.max)
    let bundleId = object.optional("bundleId")?.nonEmptyString()
    var endpoint: String?
    if let endpointReader = object.optional("attributionReportEndpoint"), let text = endpointReader.string() {
      if text.hasPrefix("https://") {
        endpoint = text
      } else {
        endpointReader.error("expected an https:// URL, found \(Excerpt.quoted(text))")
      }
    }
    var legacySdk: ConversionSchema?
    if let sdk = object.optional("legacySdk")?.object(keys: ["schema"]) {
      legacySdk = sdk.required("schema", "the schema the second SDK maps activity with")
        .flatMap(readSchemaReference)
    }
    // Read even when appId is bad, so the Info.plist's problems are reported in the same run.
    var app = AdvertisedApp(appId: appId ?? 0, bundleId: bundleId, attributionReportEndpoint: endpoint, legacySdk: legacySdk)
    if let infoPlist = object.optional("infoPlist") {
      let plist = InfoPlistReader(reader: infoPlist, networkIdentifiers: networkIdentifiers, iosVersion: iosVersion)
      plist.read(into: &app)
      plist.checkFramework(usesAdAttributionKit: usesAdAttributionKit)
    }
    app.sdk = object.optional("sdk").flatMap { ClientSDKReader(reader: $0, baseDirectory: baseDirectory).read() }
    if let marketplaceReader = object.optional("marketplace"), let marketplace = marketplaceReader.nonEmptyString() {
      if !usesAdAttributionKit {
        marketplaceReader.error("'marketplace' is sent in AdAttributionKit postbacks; no network of this scenario serves them")
      }
      app.marketplace = marketplace
    }
    return appId == nil ? nil : app
  }

  private func readNetworks(_ reader: JSONReader, platform: Platform?, epoch: Epoch?) -> [AdNetwork]? {
    guard let elements = reader.array() else { return nil }
    if elements.isEmpty { reader.error("expected at least one ad network") }
    let version = platform?.version ?? .v4_0
    let defaultFramework: AdFramework = platform?.framework == .adAttributionKit ? .adAttributionKit : .skAdNetwork
    let networks: [AdNetwork] = elements.compactMap { element in
      guard
        let object = element.object(keys: [
          "name", "identifier", "framework", "campaigns", "signingKey", "invalidSignatureShare", "postbackURL", "dashboard",
        ])
      else { return nil }
      let frameworkReader = object.optional("framework")
      let framework = frameworkReader?.oneOf(AdFramework.allCases.map(\.rawValue)).flatMap(AdFramework.init) ?? defaultFramework
      if let frameworkReader, framework == .adAttributionKit, let platform {
        if version != .v4_0 {
          frameworkReader.error(
            "AdAttributionKit beside SKAdNetwork needs SKAdNetwork 4.0 ads, whose windows and tiers it shares (§3.6); "
              + "this scenario signs with \(version.rawValue)")
        }
        if platform.iosVersion < Platform.adAttributionKitOS {
          frameworkReader.error(
            "AdAttributionKit needs iOS \(Platform.adAttributionKitOS) or later, but devices run iOS \(platform.iosVersion)")
        }
      }
      let name = object.required("name")?.nonEmptyString()
      let identifier = object.required("identifier", "the registered ad network ID")?.nonEmptyString()
      if let identifier, let idReader = object.optional("identifier"), identifier != identifier.lowercased() {
        idReader.error("ad network IDs are lowercase; found \(Excerpt.quoted(identifier))")
      }
      let campaignsReader = object.required("campaigns")
      let campaigns: [Campaign] = campaignsReader?.array()?.compactMap { campaign in
        guard
          let object = campaign.object(keys: [
            "name", "sourceIdentifier", "forceTier", "eligibleForReengagement", "spend", "flight",
          ])
        else { return nil }
        let reengagementReader = object.optional("eligibleForReengagement")
        let reengagement = reengagementReader?.bool() ?? false
        if let reengagementReader, reengagement {
          if framework != .adAttributionKit {
            reengagementReader.error("re-engagement is AdAttributionKit's (§3.5); this network serves SKAdNetwork ads")
          } else if let platform, platform.iosVersion < Platform.reengagementOS {
            reengagementReader.error(
              "re-engagement needs iOS \(Platform.reengagementOS) or later, but devices run iOS \(platform.iosVersion)")
          }
        }
        let name = object.required("name")?.nonEmptyString()
        // Before 4.0 the campaign is a `campaign-id` of 1 to 100 (rulebook §7.1, A19).
        let range: ClosedRange<Int64> = version.hasConversionWindows ? 0...9_999 : 1...100
        let what = version.hasConversionWindows ? "0 to 9999" : "the campaign-id, 1 to 100, for SKAdNetwork \(version.rawValue)"
        let source = object.required("sourceIdentifier", what)?.integer(in: range)
        let tier = object.optional("forceTier")?.integer(in: 0...3)
        let spend = object.optional("spend").flatMap { SpendReader(reader: $0).read() }
        // Keep a campaign whose other fields are bad, so references to it do not cascade into
        // more errors; the scenario is rejected anyway.
        guard let name else { return nil }
        var read = Campaign(
          name: name, sourceIdentifier: Int(source ?? 0), forceTier: tier.map(Int.init),
          eligibleForReengagement: reengagement)
        read.spend = spend
        read.flight = object.optional("flight").flatMap { Self.readFlight($0, epoch: epoch) }
        return read
      } ?? []
      if let campaignsReader, case .array(let list) = campaignsReader.node.value, list.isEmpty {
        campaignsReader.error("expected at least one campaign")
      }
      checkUnique(campaignsReader, names: campaigns.map(\.name), what: "campaign")
      let signingKey = object.optional("signingKey").flatMap(readKeyFile) ?? .derivedFromSeed
      let invalidShare = object.optional("invalidSignatureShare")?.probability() ?? 0
      let postbackURL = object.optional("postbackURL").flatMap(DeliveryReader.endpoint)
      guard let name else { return nil }
      var network = AdNetwork(
        name: name, identifier: identifier ?? "", campaigns: campaigns, signingKey: signingKey,
        invalidSignatureShare: invalidShare, framework: framework)
      network.postbackURL = postbackURL
      if let dashboard = object.optional("dashboard").flatMap({ Self.readDashboard($0, epoch: epoch) }) { network.dashboard = dashboard }
      return network
    }
    checkUnique(reader, names: networks.map(\.name), what: "ad network")
    return networks
  }

  private func readPublishers(_ reader: JSONReader, networks: [AdNetwork], version: SKAdNetworkVersion) -> [PublisherApp]? {
    guard let elements = reader.array() else { return nil }
    let publishers: [PublisherApp] = elements.compactMap { element in
      guard let object = element.object(keys: ["name", "appId", "domain", "adNetworks"]) else { return nil }
      let name = object.required("name")?.nonEmptyString()
      let source: PublisherApp.Source?
      switch (object.optional("appId"), object.optional("domain")) {
      case (let appReader?, nil):
        source = appReader.integer(in: 0...Int64.max).map { .app($0) }
      case (nil, let domainReader?):
        source = domainReader.nonEmptyString().map { .web(domain: $0) }
        if !version.hasConversionWindows {
          domainReader.error("web ads (a publisher 'domain') need SKAdNetwork 4.0; this scenario signs ads with \(version.rawValue)")
        }
      case (_?, _?):
        element.error("a publisher has an 'appId' (an app) or a 'domain' (a website), not both")
        source = nil
      case (nil, nil):
        element.error("missing key 'appId' (an app) or 'domain' (a website)")
        source = nil
      }
      // Websites have no Info.plist, so they list no networks.
      let listed: [Int]
      if case .web = source {
        object.optional("adNetworks")?.error("websites have no Info.plist network list; remove 'adNetworks'")
        listed = Array(networks.indices)
      } else {
        listed = object.required("adNetworks", "the networks its Info.plist lists")?.array()?
          .compactMap { $0.reference(to: networks.map(\.name), what: "ad network") } ?? []
      }
      guard let name, let source else { return nil }
      return PublisherApp(name: name, source: source, adNetworks: listed)
    }
    checkUnique(reader, names: publishers.map(\.name), what: "publisher")
    return publishers
  }

  /// The privacy block; thresholds not given are the framework's `defaults`.
  private func readPrivacy(_ reader: JSONReader, defaults: [Int]) -> PrivacySettings {
    var settings = PrivacySettings(thresholds: defaults)
    guard let object = reader.object(keys: ["forceTier", "thresholds", "crowdPeriod"]) else { return settings }
    settings.forceTier = object.optional("forceTier")?.integer(in: 0...3).map(Int.init)
    if let thresholdsReader = object.optional("thresholds"),
      let thresholds = thresholdsReader.object(keys: ["tier1", "tier2", "tier3"])
    {
      for tier in 1...3 {
        if let count = thresholds.optional("tier\(tier)")?.integer(in: 1...Int64(Int32.max)) {
          settings.thresholds[tier - 1] = Int(count)
        }
      }
      // Checked after merging with the defaults: a lone `tier1: 100` would sit above tier 2's 50.
      if settings.thresholds != settings.thresholds.sorted() {
        let listed = settings.thresholds.enumerated().map { "tier\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
        thresholdsReader.error("tier thresholds must not decrease (defaults fill the tiers not given); found \(listed)")
      }
    }
    if let period = object.optional("crowdPeriod")?.duration() {
      if period <= .zero {
        object.optional("crowdPeriod")?.error("expected a period longer than zero, found \(period)")
      } else {
        settings.crowdPeriod = period
      }
    }
    return settings
  }

  /// The schema, inline or from a file named relative to the scenario.
  private func readSigning(_ reader: JSONReader) -> SigningSettings {
    var settings = SigningSettings()
    guard let object = reader.object(keys: ["appleKey", "impressionCheck"]) else { return settings }
    if let key = object.optional("appleKey").flatMap(readKeyFile) { settings.appleKey = key }
    if let check = object.optional("impressionCheck")?.oneOf(SigningSettings.ImpressionCheck.allCases.map(\.rawValue)) {
      settings.impressionCheck = SigningSettings.ImpressionCheck(rawValue: check)!
    }
    return settings
  }

  /// A P-256 private key file, relative to the scenario's folder; checked here so a bad key is
  /// reported with the scenario's other errors rather than failing the run.
  private func readKeyFile(_ reader: JSONReader) -> SigningKeySource? {
    guard let relativePath = reader.nonEmptyString(), let displayPath = files.locate(relativePath, kind: "key", reader) else {
      return nil
    }
    let text: String
    do {
      text = try FileProblem.readText(displayPath)
    } catch {
      reader.error("cannot read key file '\(displayPath)': \(error.reason) (expected a PEM private key)")
      return nil
    }
    log.noteInput(displayPath)
    do {
      let key = try ECPrivateKey(pem: text)
      guard key.curve == .p256 else {
        reader.error("key file '\(displayPath)' holds a \(key.curve.rawValue) key; signing keys are P-256")
        return nil
      }
    } catch {
      reader.error("key file '\(displayPath)' is not a PEM private key (expected '-----BEGIN PRIVATE KEY-----')")
      return nil
    }
    // Recorded as the scenario names it, so keys.json reads the same from any working folder.
    return .pem(path: relativePath, text: text)
  }

  /// Where the files the scenario names are read from.
  package var files: FileLocator { FileLocator(baseDirectory: baseDirectory, pinned: pinned) }

  private func readSchemaReference(_ reader: JSONReader) -> ConversionSchema? {
    guard case .string(let relativePath) = reader.node.value else {
      return readSchemas.note(SchemaReader(reader: reader).read(), root: reader)
    }
    guard let displayPath = files.locate(relativePath, kind: "schema", reader),
      let node = InputDocument.node(at: displayPath, kind: "schema", referencedBy: reader) else { return nil }
    let root = JSONReader(node: node, path: "", file: displayPath, log: log)
    return readSchemas.note(SchemaReader(reader: root).read(), root: root)
  }

  /// Whether `app` has an `sdk` key, readable or not: an unreadable SDK is reported where it is
  /// written, not again by every expectation that needs it.
  private func declaresSDK(_ app: JSONReader?) -> Bool {
    guard case .object(let members)? = app?.node.value else { return false }
    return members.contains { $0.key == "sdk" }
  }

  /// Logs the cohort count that takes the scenario's users past ``WorkLimits/users``.
  private func checkUserCount(scripted: Int, cohorts: JSONReader?) {
    guard let cohorts, case .array(let elements) = cohorts.node.value else { return }
    var total = scripted
    for (index, element) in elements.enumerated() {
      guard case .object(let members) = element.value, let member = members.first(where: { $0.key == "count" }),
        case .number(let number) = member.value.value, let count = number.int64, count > 0,
        count <= Int64(WorkLimits.large.users)
      else { continue }
      total += Int(count)
      if total > limits.users {
        cohorts.child(element, index: index).child(member.value, key: "count").error(
          "\(DigitGrouping.text(total)) users in all (scripted users and cohorts up to this one) are above "
            + limits.describe(\.users, "users in a run"))
        return
      }
    }
  }

  /// Logs duplicate names, pointing at the second occurrence.
  private func checkUnique(_ reader: JSONReader?, names: [String], what: String) {
    guard let reader, let elements = reader.array() else { return }
    JSONReader.logDuplicates(zip(names, elements).map { ($0, $1) }, what: "\(what) name")
  }


  /// Each stored property as given; other targets of the package build it too.
  package init(root: JSONReader, baseDirectory: String, log: DiagnosticLog, limits: WorkLimits = WorkLimits.standard) {
    self.root = root
    self.baseDirectory = baseDirectory
    self.log = log
    self.limits = limits
  }
}

extension JSONReader {
  /// The index of the name this string refers to, logging an unknown name with a suggestion.
  package func reference(to names: [String], what: String, owner: String = "") -> Int? {
    guard let name = string() else { return nil }
    if let index = names.firstIndex(of: name) { return index }
    var message = "unknown \(what) '\(name)'\(owner)"
    if let suggestion = Suggestion.closest(to: name, among: names) {
      message += "; did you mean '\(suggestion)'?"
    } else if !names.isEmpty {
      message += " (declared: \(names.map { "'\($0)'" }.joined(separator: ", ")))"
    }
    error(message)
    return nil
  }
}
