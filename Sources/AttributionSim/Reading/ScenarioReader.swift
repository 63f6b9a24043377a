import DidYouMean
import Foundation
import SimEngine
import SimJSON

/// Turns a parsed scenario file into a ``Scenario``, logging every problem it finds.
struct ScenarioReader {
  let root: JSONReader
  /// The scenario file's folder as the user named it ("" for the current folder).
  let baseDirectory: String
  let log: DiagnosticLog

  static let topLevelKeys = [
    "version", "name", "description", "seed", "epoch", "horizon", "platform", "app", "adNetworks",
    "publishers", "privacy", "schema", "users", "cohorts",
  ]

  func read() -> Scenario? {
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
    _ = object.optional("description")?.string()
    let name = object.required("name")?.nonEmptyString()
    let seed = object.required("seed")?.integer(in: 0...Int64.max)
    let epoch = object.required("epoch").flatMap(readEpoch)
    let horizon = object.optional("horizon")?.duration()
    let platform = object.required("platform").flatMap(readPlatform)
    let app = object.required("app").flatMap(readApp)
    let networks = object.required("adNetworks").flatMap(readNetworks) ?? []
    let publishers = object.required("publishers").flatMap { readPublishers($0, networks: networks) } ?? []
    let privacy = object.optional("privacy").map(readPrivacy) ?? .unrestricted
    let schema = object.optional("schema").flatMap(readSchemaReference) ?? .empty
    let references = References(networks: networks, publishers: publishers)
    let users = object.optional("users")?.array()?.compactMap { UserReader(reader: $0, references: references).read() } ?? []
    let cohorts = object.optional("cohorts")?.array()?.compactMap { CohortReader(reader: $0, references: references).read() } ?? []
    checkUnique(object.optional("users"), names: users.map(\.name), what: "user")
    checkUnique(object.optional("cohorts"), names: cohorts.map(\.name), what: "cohort")
    if !object.has("users"), !object.has("cohorts") {
      root.error("the scenario has no users: add 'users' (scripted) or 'cohorts'")
    }
    guard let name, let seed, let epoch, let platform, let app, !log.hasErrors else { return nil }
    return Scenario(
      name: name, seed: UInt64(seed), epoch: epoch, platform: platform, app: app,
      adNetworks: networks, publishers: publishers, privacy: privacy, schema: schema,
      scriptedUsers: users, cohorts: cohorts, horizon: horizon)
  }

  private func readEpoch(_ reader: JSONReader) -> Epoch? {
    guard let text = reader.string() else { return nil }
    guard let epoch = Epoch(iso8601: text) else {
      reader.error("expected an ISO-8601 date-time such as '2026-03-02T00:00:00Z', found '\(text)'")
      return nil
    }
    return epoch
  }

  private func readPlatform(_ reader: JSONReader) -> Platform? {
    guard let object = reader.object(keys: ["framework", "version", "developerMode"]) else { return nil }
    let frameworkName = object.required("framework")?.oneOf(["skadnetwork", "adattributionkit"])
    let developerMode = object.optional("developerMode")?.bool() ?? false
    switch frameworkName {
    case "skadnetwork":
      guard let versionReader = object.required("version", "the version ads are signed with"),
        let text = versionReader.oneOf(SKAdNetworkVersion.allCases.map(\.rawValue)),
        let version = SKAdNetworkVersion(rawValue: text)
      else { return nil }
      // The foundation runs the SKAdNetwork 4 flow; 2.2 and 3.0 rules (a single postback, the
      // 24 h rolling timer) are a separate piece of work, so refuse rather than mis-simulate.
      guard version == .v4_0 else {
        versionReader.error("SKAdNetwork \(text) is not simulated yet; this build simulates version 4.0")
        return nil
      }
      return Platform(framework: .skAdNetwork(version), developerMode: developerMode)
    case "adattributionkit":
      object.required("framework")?.error("AdAttributionKit is not simulated yet; use 'skadnetwork' version '4.0'")
      return nil
    default:
      return nil
    }
  }

  private func readApp(_ reader: JSONReader) -> AdvertisedApp? {
    guard let object = reader.object(keys: ["appId", "bundleId", "attributionReportEndpoint"]) else {
      return nil
    }
    let appId = object.required("appId", "the App Store item identifier")?.integer(in: 1...Int64.max)
    let bundleId = object.optional("bundleId")?.nonEmptyString()
    var endpoint: String?
    if let endpointReader = object.optional("attributionReportEndpoint"), let text = endpointReader.string() {
      if text.hasPrefix("https://") {
        endpoint = text
      } else {
        endpointReader.error("expected an https:// URL, found '\(text)'")
      }
    }
    return appId.map { AdvertisedApp(appId: $0, bundleId: bundleId, attributionReportEndpoint: endpoint) }
  }

  private func readNetworks(_ reader: JSONReader) -> [AdNetwork]? {
    guard let elements = reader.array() else { return nil }
    if elements.isEmpty { reader.error("expected at least one ad network") }
    let networks: [AdNetwork] = elements.compactMap { element in
      guard let object = element.object(keys: ["name", "identifier", "campaigns"]) else { return nil }
      let name = object.required("name")?.nonEmptyString()
      let identifier = object.required("identifier", "the registered ad network ID")?.nonEmptyString()
      if let identifier, let idReader = object.optional("identifier"), identifier != identifier.lowercased() {
        idReader.error("ad network IDs are lowercase; found '\(identifier)'")
      }
      let campaignsReader = object.required("campaigns")
      let campaigns: [Campaign] = campaignsReader?.array()?.compactMap { campaign in
        guard let object = campaign.object(keys: ["name", "sourceIdentifier", "tier"]) else { return nil }
        let name = object.required("name")?.nonEmptyString()
        let source = object.required("sourceIdentifier", "0 to 9999")?.integer(in: 0...9_999)
        let tier = object.optional("tier")?.integer(in: 0...3)
        // Keep a campaign whose other fields are bad, so references to it do not cascade into
        // more errors; the scenario is rejected anyway.
        guard let name else { return nil }
        return Campaign(name: name, sourceIdentifier: Int(source ?? 0), tier: tier.map(Int.init))
      } ?? []
      if let campaignsReader, case .array(let list) = campaignsReader.node.value, list.isEmpty {
        campaignsReader.error("expected at least one campaign")
      }
      checkUnique(campaignsReader, names: campaigns.map(\.name), what: "campaign")
      guard let name else { return nil }
      return AdNetwork(name: name, identifier: identifier ?? "", campaigns: campaigns)
    }
    checkUnique(reader, names: networks.map(\.name), what: "ad network")
    return networks
  }

  private func readPublishers(_ reader: JSONReader, networks: [AdNetwork]) -> [PublisherApp]? {
    guard let elements = reader.array() else { return nil }
    let publishers: [PublisherApp] = elements.compactMap { element in
      guard let object = element.object(keys: ["name", "appId", "adNetworks"]) else { return nil }
      let name = object.required("name")?.nonEmptyString()
      let appId = object.required("appId")?.integer(in: 0...Int64.max)
      let listed: [Int] = object.required("adNetworks", "the networks its Info.plist lists")?.array()?
        .compactMap { $0.reference(to: networks.map(\.name), what: "ad network") } ?? []
      guard let name, let appId else { return nil }
      return PublisherApp(name: name, appId: appId, adNetworks: listed)
    }
    checkUnique(reader, names: publishers.map(\.name), what: "publisher")
    return publishers
  }

  private func readPrivacy(_ reader: JSONReader) -> PrivacySettings {
    guard let object = reader.object(keys: ["tier"]),
      let tier = object.required("tier", "the crowd-anonymity tier, 0 to 3")?.integer(in: 0...3)
    else { return .unrestricted }
    return PrivacySettings(tier: Int(tier))
  }

  /// The schema, inline or from a file named relative to the scenario.
  private func readSchemaReference(_ reader: JSONReader) -> ConversionSchema? {
    guard case .string(let relativePath) = reader.node.value else {
      return SchemaReader(reader: reader).read()
    }
    let displayPath =
      relativePath.hasPrefix("/") || baseDirectory.isEmpty ? relativePath : "\(baseDirectory)/\(relativePath)"
    let text: String
    do {
      text = try String(contentsOf: URL(fileURLWithPath: displayPath), encoding: .utf8)
    } catch {
      reader.error("cannot read schema file '\(displayPath)': \(FileText.reason(error))")
      return nil
    }
    let schemaLog = log
    do {
      let node = try JSONParser.parse(text)
      return SchemaReader(reader: JSONReader(node: node, path: "", file: displayPath, log: schemaLog)).read()
    } catch {
      schemaLog.add(ScenarioDiagnostic(file: displayPath, location: error.location, path: "", message: error.message))
      return nil
    }
  }

  /// Logs duplicate names, pointing at the second occurrence.
  private func checkUnique(_ reader: JSONReader?, names: [String], what: String) {
    guard let reader, let elements = reader.array() else { return }
    var seen: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      if let first = seen[name] {
        let location = elements.indices.contains(first) ? elements[first].node.location.description : "?"
        if elements.indices.contains(index) {
          elements[index].error("duplicate \(what) name '\(name)' (first at \(location))")
        }
      } else {
        seen[name] = index
      }
    }
  }
}

/// The declared names user descriptions may refer to.
struct References {
  let networks: [AdNetwork]
  let publishers: [PublisherApp]

  /// Resolves a `network`, `campaign`, `publisher` triple of an object, logging bad references
  /// and publishers that do not list the network.
  func exposure(_ object: ObjectReader) -> (network: Int, campaign: Int, publisher: Int)? {
    let network = object.required("network")?.reference(to: networks.map(\.name), what: "ad network")
    let campaign = network.flatMap { network in
      object.required("campaign")?.reference(
        to: networks[network].campaigns.map(\.name), what: "campaign",
        owner: " of ad network '\(networks[network].name)'")
    }
    let publisher = object.required("publisher")?.reference(to: publishers.map(\.name), what: "publisher")
    guard let network, let campaign, let publisher else { return nil }
    return (network, campaign, publisher)
  }
}

extension JSONReader {
  /// The index of the name this string refers to, logging an unknown name with a suggestion.
  func reference(to names: [String], what: String, owner: String = "") -> Int? {
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
