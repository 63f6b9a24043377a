import DidYouMean
import SimEngine
import SimJSON
import SimModel

/// Reads a scenario's `expect` block: postbacks of scripted users, figure checks, golden settings.
package struct ExpectationReader {
  package let reader: JSONReader
  /// The scenario's scripted users, by name.
  package let users: [String]
  package let networks: [AdNetwork]
  /// The scenario's version, which decides the fields its postbacks can carry.
  package let version: SKAdNetworkVersion
  /// The platform's framework (nil when it could not be read): with the networks' frameworks,
  /// whether postbacks carry SKAdNetwork fields, AdAttributionKit fields or either.
  package var framework: Platform.Framework? = nil
  /// Whether the scenario has Apple Ads, whose AdServices records can be expected.
  package var usesAppleAds = false
  /// Whether the app has a client SDK (`app.sdk`), whose trace can be expected.
  package var hasSDK = false
  /// The scenario's epoch, for times given as dates.
  package var epoch: Epoch? = nil

  package static let keys = ["postbacks", "exhaustive", "checks", "golden", "adServices", "sdk"]
  package static let sdkKeys = ["user", "values", "lint", "actions", "rule"]
  package static let adServicesKeys = ["user", "statuses", "record", "fields", "rule"]
  /// Every field an AdServices record may carry (§8).
  package static let adServicesFields = [
    "attribution", "orgId", "campaignId", "conversionType", "claimType", "adGroupId", "countryOrRegion", "keywordId",
    "adId", "supplyPlacement", "clickDate", "impressionDate",
  ]
  package static let postbackKeys = [
    "user", "recipient", "network", "sequenceIndex", "didWin", "fields", "payload", "sendTime", "absent", "rule",
  ]
  package static let checkKeys = ["metric", "of", "equals", "min", "max", "within", "rule"]
  /// Every field a postback of `version` may carry (§7.1).
  package static func payloadFields(_ version: SKAdNetworkVersion) -> [String] {
    var fields = [
      "version", "ad-network-id", "transaction-id", "app-id", "attribution-signature", "redownload", "source-app-id",
      "fidelity-type", "conversion-value",
    ]
    if version >= .v3_0 { fields.append("did-win") }
    fields += version.hasConversionWindows
      ? ["source-identifier", "postback-sequence-index", "coarse-conversion-value", "source-domain", "country-code"]
      : ["campaign-id"]
    return fields
  }

  /// Every field an AdAttributionKit postback may carry, flattened: the JWS payload's, then the
  /// unsigned siblings and `jws-string` itself (§7.5).
  package static let adAttributionKitFields = [
    "postback-identifier", "ad-network-identifier", "advertised-item-identifier", "publisher-item-identifier",
    "source-identifier", "impression-type", "conversion-type", "did-win", "postback-sequence-index",
    "marketplace-identifier", "conversion-value", "coarse-conversion-value", "ad-interaction-type", "country-code",
    "jws-string",
  ]

  /// The fields an expectation may name in this scenario, and the postbacks they belong to in
  /// words: SKAdNetwork's of `version`, AdAttributionKit's, or both when the scenario mixes them.
  private var knownFields: (names: [String], postbacks: String) {
    let skAdNetwork = Scenario.usesSKAdNetwork(platform: framework, networks: networks)
    let adAttributionKit = Scenario.usesAdAttributionKit(networks)
    switch (skAdNetwork, adAttributionKit) {
    case (true, true):
      let names = Self.payloadFields(version)
      return (
        names + Self.adAttributionKitFields.filter { !names.contains($0) },
        "SKAdNetwork \(version.rawValue) or AdAttributionKit postbacks"
      )
    case (false, true): return (Self.adAttributionKitFields, "AdAttributionKit postbacks")
    default: return (Self.payloadFields(version), "SKAdNetwork \(version.rawValue) postbacks")
    }
  }

  package func read() -> Expectations {
    guard let object = reader.object(keys: Self.keys) else { return Expectations() }
    var expectations = Expectations()
    expectations.postbacks = object.optional("postbacks")?.array()?.compactMap(readPostback) ?? []
    expectations.exhaustive = object.optional("exhaustive")?.bool() ?? false
    expectations.checks = object.optional("checks")?.array()?.compactMap(readCheck) ?? []
    if let adServices = object.optional("adServices") {
      if !usesAppleAds { adServices.error("'adServices' expects AdServices records; this scenario has no 'appleAds'") }
      expectations.adServices = adServices.array()?.compactMap(readAdServices) ?? []
    }
    if let sdk = object.optional("sdk") {
      if !hasSDK { sdk.error("'sdk' expects the client SDK's trace; this scenario's app has no 'sdk'") }
      expectations.sdk = sdk.array()?.compactMap(readSDK) ?? []
    }
    if let golden = object.optional("golden") { expectations.golden = readGolden(golden) }
    if expectations.exhaustive, expectations.postbacks.isEmpty, let flag = object.optional("exhaustive") {
      flag.error("'exhaustive' needs 'postbacks' naming the users whose postbacks are all listed")
    }
    return expectations
  }

  private func origin(_ reader: JSONReader) -> ExpectationOrigin {
    ExpectationOrigin(file: reader.file, location: reader.node.location, path: reader.path)
  }

  private func readPostback(_ reader: JSONReader) -> PostbackExpectation? {
    guard let object = reader.object(keys: Self.postbackKeys) else { return nil }
    let user = object.required("user", "a scripted user's name").flatMap(readUser)
    var recipient = PostbackRecipient.adNetwork
    if let text = object.optional("recipient")?.oneOf(["ad-network", "developer"]) {
      recipient = PostbackRecipient(rawValue: text)!
    }
    var networkId: String?
    if let networkReader = object.optional("network"), let name = networkReader.nonEmptyString() {
      if let network = networks.first(where: { $0.name == name }) {
        networkId = network.identifier
      } else {
        let hint = Suggestion.closest(to: name, among: networks.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        networkReader.error("no ad network is called '\(name)'\(hint)")
      }
    }
    let indexReader = object.optional("sequenceIndex")
    let sequenceIndex = indexReader?.integer(in: 0...2).map { Int($0) }
    if let sequenceIndex, sequenceIndex > 0, !version.hasConversionWindows {
      indexReader?.error("SKAdNetwork \(version.rawValue) sends one postback per install: sequenceIndex can only be 0")
    }
    let didWin = object.optional("didWin")?.bool()
    let absent = object.optional("absent")?.bool() ?? false
    var fields: [String: JSONValue] = [:]
    var whole = false
    let fieldsReader = object.optional("fields"), payloadReader = object.optional("payload")
    if fieldsReader != nil, payloadReader != nil {
      reader.error("give either 'fields' (a subset of the payload) or 'payload' (all of it), not both")
    }
    if let body = fieldsReader ?? payloadReader {
      whole = payloadReader != nil
      fields = readFields(body) ?? [:]
    }
    let sendTime = object.optional("sendTime").flatMap(readTimeBound)
    if absent {
      for key in ["fields", "payload", "sendTime"] where object.has(key) {
        object.optional(key)?.error("an absent postback has no '\(key)': 'absent' says no postback matches the selection")
      }
    }
    guard let user else { return nil }
    return PostbackExpectation(
      user: user, recipient: recipient, adNetworkId: networkId, sequenceIndex: sequenceIndex, didWin: didWin,
      fields: fields, wholePayload: whole, sendTime: sendTime, absent: absent,
      rule: object.optional("rule")?.nonEmptyString(), origin: origin(reader))
  }

  /// An AdServices expectation: the statuses of a user's calls, the fields of the record.
  private func readAdServices(_ reader: JSONReader) -> AdServicesExpectation? {
    guard let object = reader.object(keys: Self.adServicesKeys) else { return nil }
    let user = object.required("user", "a scripted user's name").flatMap(readUser)
    let statuses = object.optional("statuses")?.array()?.compactMap { element -> Int? in
      guard let status = element.integer() else { return nil }
      guard [200, 400, 404, 500].contains(status) else {
        element.error("expected a status Apple's attribution API answers: 200, 400, 404 or 500; found \(status)")
        return nil
      }
      return Int(status)
    }
    let fieldsReader = object.optional("fields"), recordReader = object.optional("record")
    if fieldsReader != nil, recordReader != nil {
      reader.error("give either 'fields' (a subset of the record) or 'record' (all of it), not both")
    }
    let fields = (fieldsReader ?? recordReader).flatMap {
      readFields($0, known: (Self.adServicesFields, "AdServices records"), example: "{ \"claimType\": \"Click\" }")
    }
    if statuses == nil, fields == nil { reader.error("expected 'statuses', 'record' or 'fields'") }
    guard let user else { return nil }
    return AdServicesExpectation(
      user: user, statuses: statuses, fields: fields ?? [:], wholeRecord: recordReader != nil,
      rule: object.optional("rule")?.nonEmptyString(), origin: origin(reader))
  }

  /// An SDK expectation: the values after each trace line, lint counts by kind, actions in order.
  private func readSDK(_ reader: JSONReader) -> SDKExpectation? {
    guard let object = reader.object(keys: Self.sdkKeys) else { return nil }
    let user = object.required("user", "a scripted user's name").flatMap(readUser)
    let values = object.optional("values")?.array()?.compactMap { element -> Int? in
      element.integer().map(Int.init)
    }
    let lint = object.optional("lint").flatMap(readLintCounts)
    let actions = object.optional("actions")?.array()?.compactMap { $0.nonEmptyString() }
    if !["values", "lint", "actions"].contains(where: object.has) {
      reader.error("expected 'values', 'lint' or 'actions': an SDK expectation with none of them checks nothing")
    }
    guard let user else { return nil }
    return SDKExpectation(
      user: user, values: values, lint: lint, actions: actions, rule: object.optional("rule")?.nonEmptyString(),
      origin: origin(reader))
  }

  /// `{ "ignoredAfterLock": 1 }`: counts by lint kind; an unknown kind is logged with a suggestion.
  private func readLintCounts(_ reader: JSONReader) -> [SDKLintFinding.Kind: Int]? {
    guard case .object(let members) = reader.node.value else {
      reader.expected("an object of counts by lint kind, e.g. { \"ignoredAfterLock\": 1 }, or {} for none")
      return nil
    }
    let kinds = SDKLintFinding.Kind.allCases.map(\.rawValue)
    var counts: [SDKLintFinding.Kind: Int] = [:]
    for member in members {
      let child = reader.child(member.value, key: member.key)
      guard let kind = SDKLintFinding.Kind(rawValue: member.key) else {
        let hint = Suggestion.closest(to: member.key, among: kinds).map { "; did you mean '\($0)'?" }
          ?? "; the kinds are \(kinds.joined(separator: ", "))"
        reader.log.add(
          ScenarioDiagnostic(
            file: reader.file, location: member.keyLocation, path: child.path,
            message: "'\(member.key)' is not an SDK lint kind\(hint)"))
        continue
      }
      if let count = child.integer(in: 0...Int64(Int32.max)) { counts[kind] = Int(count) }
    }
    return counts
  }

  /// A scripted user's name, logged with a suggestion when there is none such.
  private func readUser(_ reader: JSONReader) -> String? {
    guard let user = reader.nonEmptyString() else { return nil }
    if !users.contains(user) {
      let hint = Suggestion.closest(to: user, among: users).map { "; did you mean '\($0)'?" } ?? ""
      reader.error(
        users.isEmpty
          ? "the scenario has no scripted users, so nothing of '\(user)' can be expected"
          : "no scripted user is called '\(user)'\(hint)")
    }
    return user
  }

  private func readFields(_ reader: JSONReader) -> [String: JSONValue]? {
    readFields(reader, known: knownFields, example: "{ \"fidelity-type\": 1 }")
  }

  /// An object of fields, each among `known.names`; an unknown one is logged with a suggestion.
  private func readFields(
    _ reader: JSONReader, known: (names: [String], postbacks: String), example: String
  ) -> [String: JSONValue]? {
    guard case .object(let members) = reader.node.value else {
      reader.expected("an object of \(known.postbacks) fields, e.g. \(example)")
      return nil
    }
    var fields: [String: JSONValue] = [:]
    for member in members {
      guard known.names.contains(member.key) else {
        let hint = Suggestion.closest(to: member.key, among: known.names).map { "; did you mean '\($0)'?" } ?? ""
        reader.log.add(
          ScenarioDiagnostic(
            file: reader.file, location: member.keyLocation, path: reader.child(member.value, key: member.key).path,
            message: "'\(member.key)' is not a field of \(known.postbacks)\(hint)"))
        continue
      }
      fields[member.key] = JSONValue(member.value)
    }
    return fields
  }

  /// `"2d"` (exactly then), or `{ from: "1d", to: "2d" }` (either end may be left out).
  private func readTimeBound(_ reader: JSONReader) -> ClosedRange<SimDuration>? {
    if case .string = reader.node.value {
      return reader.instant(epoch: epoch).map { $0...$0 }
    }
    guard let object = reader.object(keys: ["from", "to"]) else { return nil }
    let from = object.optional("from")?.instant(epoch: epoch) ?? .zero
    let to = object.optional("to")?.instant(epoch: epoch) ?? SimDuration(milliseconds: .max)
    if !object.has("from"), !object.has("to") {
      reader.error("expected 'from', 'to' or both (offsets from the epoch)")
      return nil
    }
    guard from <= to else {
      reader.error("'from' (\(DurationNotation.format(from))) is after 'to' (\(DurationNotation.format(to)))")
      return nil
    }
    return from...to
  }

  private func readCheck(_ reader: JSONReader) -> FigureCheck? {
    guard let object = reader.object(keys: Self.checkKeys) else { return nil }
    let metric = object.required("metric", "a path into summary.json, e.g. installs.attributed").flatMap(readPath)
    let denominator = object.optional("of").flatMap(readPath)
    let equals = object.optional("equals")?.number()
    let minimum = object.optional("min")?.number(), maximum = object.optional("max")?.number()
    let within = object.optional("within")?.nonNegativeNumber()
    if !["equals", "min", "max", "within"].contains(where: object.has) {
      reader.error("a check needs a bound: 'equals', 'min', 'max' or 'within'")
    }
    if let minimum, let maximum, minimum > maximum {
      reader.error("'min' (\(FigureCheck.format(minimum))) is above 'max' (\(FigureCheck.format(maximum)))")
    }
    guard let metric else { return nil }
    return FigureCheck(
      metric: metric, denominator: denominator, equals: equals, minimum: minimum, maximum: maximum, within: within,
      rule: object.optional("rule")?.nonEmptyString(), origin: origin(reader))
  }

  private func readPath(_ reader: JSONReader) -> SummaryPath? {
    guard let text = reader.nonEmptyString() else { return nil }
    guard let path = SummaryPath(text) else {
      reader.error("\(Excerpt.quoted(text)) is not a path such as 'installs.attributed' or 'decoding.campaigns[campaign=NAME].roasError'")
      return nil
    }
    return path
  }

  private func readGolden(_ reader: JSONReader) -> GoldenSettings {
    var settings = GoldenSettings()
    guard let object = reader.object(keys: ["files", "normalise"]) else { return settings }
    if let files = object.optional("files")?.array() {
      settings.files = files.compactMap { $0.oneOf(GoldenSettings.comparableFiles) }
      if settings.files.isEmpty, let filesReader = object.optional("files") {
        filesReader.error("expected at least one of \(GoldenSettings.comparableFiles.joined(separator: ", "))")
      }
    }
    if let names = object.optional("normalise")?.array() {
      settings.normalisation = []
      for name in names {
        if let chosen = name.oneOf(GoldenSettings.Normalisation.names.map(\.name)) {
          settings.normalisation.insert(GoldenSettings.Normalisation.names.first { $0.name == chosen }!.option)
        }
      }
    }
    return settings
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    reader: JSONReader,
    users: [String],
    networks: [AdNetwork],
    version: SKAdNetworkVersion,
    framework: Platform.Framework? = nil,
    usesAppleAds: Bool = false,
    hasSDK: Bool = false,
    epoch: Epoch? = nil
  ) {
    self.reader = reader
    self.users = users
    self.networks = networks
    self.version = version
    self.framework = framework
    self.usesAppleAds = usesAppleAds
    self.hasSDK = hasSDK
    self.epoch = epoch
  }
}
