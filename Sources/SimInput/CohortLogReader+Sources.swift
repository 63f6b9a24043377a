import DidYouMean
import SimJSON
import SimModel

/// A log's `sources` and `campaigns`: where its users came from, in the scenario's terms.
extension CohortLogReader {
  /// A mapping's entries as read: the install sources, and each logged name with where it was
  /// written, to be checked against the log once it is loaded.
  struct SourceEntries {
    var mapping = LogSourceMapping()
    var written: [(field: String, member: JSONMember, reader: JSONReader)] = []
  }

  /// The words a `sources` entry may give beside a network's name.
  static let sourceWords = ["organic", "appleAds"]

  /// Reads `sources` (`{ "<media source>": "<network>" | "organic" | "appleAds" }`) and `campaigns`
  /// (`{ "<campaign>": { network, campaign } }`), logging names the scenario does not declare; nil
  /// when any entry is unreadable.
  func readSourceEntries(_ object: ObjectReader, replay: Bool) -> SourceEntries? {
    var entries = SourceEntries()
    var readable = true
    for field in ["sources", "campaigns"] {
      guard let fieldReader = object.optional(field) else { continue }
      if replay {
        fieldReader.error(
          "a replayed user lives the logged user of the same number, whatever their install: '\(field)' is for 'use': \"resample\"")
        readable = false
        continue
      }
      guard case .object(let members) = fieldReader.node.value else {
        fieldReader.expected(
          field == "sources"
            ? "an object of the log's media sources and the scenario's network (or organic, appleAds) each stands for"
            : "an object of the log's campaigns and the scenario's { network, campaign } each stands for")
        readable = false
        continue
      }
      for member in members {
        let reader = fieldReader.child(member.value, key: member.key)
        let source = field == "sources" ? readSourceTarget(reader) : readCampaignTarget(reader)
        guard let source else {
          readable = false
          continue
        }
        if field == "sources" { entries.mapping.sources[member.key] = source } else { entries.mapping.campaigns[member.key] = source }
        entries.written.append((field, member, reader))
      }
    }
    return readable ? entries : nil
  }

  /// A network's name (the one standing for Apple Ads is `appleAds`), `organic` or `appleAds`.
  private func readSourceTarget(_ reader: JSONReader) -> LogSourceMapping.Source? {
    guard let name = reader.nonEmptyString() else { return nil }
    // A network of that name outranks the words, which a scenario is unlikely to use as names.
    if let network = networks.firstIndex(where: { $0.name == name }) {
      return network == appleAdsNetwork ? .appleAds : .network(network)
    }
    switch name {
    case "organic": return .organic
    case "appleAds": return .appleAds
    default:
      let choices = networks.map(\.name) + Self.sourceWords
      var message = "expected an ad network of the scenario, organic or appleAds, found \(Excerpt.quoted(name))"
      if let suggestion = Suggestion.closest(to: name, among: choices) { message += "; did you mean '\(suggestion)'?" }
      reader.error(message)
      return nil
    }
  }

  /// `{ network, campaign }`: a campaign of one of the scenario's networks.
  private func readCampaignTarget(_ reader: JSONReader) -> LogSourceMapping.Source? {
    guard let object = reader.object(keys: ["network", "campaign"]) else { return nil }
    guard let network = object.required("network", "the scenario's ad network")?.reference(to: networks.map(\.name), what: "ad network")
    else { return nil }
    guard
      let campaign = object.required("campaign", "a campaign of that network")?.reference(
        to: networks[network].campaigns.map(\.name), what: "campaign", owner: " of ad network '\(networks[network].name)'")
    else { return nil }
    return .campaign(network: network, campaign: campaign)
  }

  /// Logs each mapped name the log never gives (a misspelling would silently map nothing), and
  /// warns about logged users whose source and campaign the mapping leaves out; false when a name
  /// is missing (the warning would then only add noise).
  func checkSourceEntries(_ entries: SourceEntries, against users: LoggedUsers, relativePath: String) -> Bool {
    guard !entries.mapping.isEmpty else { return true }
    var found = true
    for entry in entries.written {
      let logged = entry.field == "sources" ? users.sources : users.campaigns
      let key = entry.member.key
      guard !logged.contains(key) else { continue }
      let what = entry.field == "sources" ? "media source" : "campaign"
      var message = "the event log '\(relativePath)' has no \(what) \(Excerpt.quoted(key))"
      if let suggestion = Suggestion.closest(to: key, among: logged) {
        message += "; did you mean '\(suggestion)'?"
      } else if logged.isEmpty {
        message += ": it names no \(what)s"
      } else {
        message += " (it has \(Self.listed(logged)))"
      }
      reader.log.add(
        ScenarioDiagnostic(file: reader.file, location: entry.member.keyLocation, path: entry.reader.path, message: message))
      found = false
    }
    guard found else { return false }
    var unmapped: [String: Int] = [:]
    for user in 0..<users.count where entries.mapping.sources(of: user, in: users).isEmpty {
      unmapped[users.source(of: user) ?? "(no source)", default: 0] += 1
    }
    let left = unmapped.values.reduce(0, +)
    guard left > 0 else { return true }
    let largest = unmapped.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map { "'\($0.key)' \($0.value)" }
    reader.warning(
      "\(left) of \(users.count) logged users came through sources the mapping leaves out (\(largest.joined(separator: ", "))"
        + "\(unmapped.count > 5 ? ", …" : "")): they are drawn only for installs whose own source has no mapped logged user")
    return true
  }

  /// Up to 8 names, quoted.
  private static func listed(_ names: [String]) -> String {
    names.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 8 ? ", …" : "")
  }
}
