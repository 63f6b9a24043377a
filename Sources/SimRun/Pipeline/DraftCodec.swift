import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Writes drafts as JSON objects for shard files, and reads them back exactly: a merged run must
/// equal a whole one byte for byte.
package enum DraftCodec {
  /// Why a shard line could not be read.
  package struct DecodingError: Error {
    /// What was wrong, with the JSON path.
    package var reason: String
  }

  // MARK: - Writing

  package static func encode(_ envelope: DraftEnvelope) -> JSONValue {
    var object: [String: JSONValue] = ["at": .int(envelope.at.milliseconds), "u": .int(Int64(envelope.ordinal))]
    switch envelope.draft {
    case .install(let install):
      object["install"] = .object([
        "winner": encode(install.winner), "runnerUps": .array(install.runnerUps.map(encode)),
        "conversion": .int(Int64(install.conversion)),
      ])
    case .windowClosed(let installTime, let window, let user, let conversion):
      object["windowClosed"] = .object([
        "installTime": .int(installTime.milliseconds), "window": .int(Int64(window)), "user": .string(user),
        "conversion": .int(Int64(conversion)),
      ])
    case .postback(let draft):
      object["postback"] = .object([
        "installTime": .int(draft.installTime.milliseconds), "user": .string(draft.user),
        "network": .int(Int64(draft.network)), "campaign": .int(Int64(draft.campaign)),
        "publisher": .int(Int64(draft.publisher)), "transactionId": .string(draft.transactionId),
        "redownload": .bool(draft.redownload), "fidelityType": .int(Int64(draft.fidelityType)),
        "runnerUpRank": draft.runnerUpRank.map { .int(Int64($0)) } ?? .null, "window": .int(Int64(draft.window)),
        "fine": draft.fine.map { .int(Int64($0)) } ?? .null, "coarse": draft.coarse.map { .string($0.rawValue) } ?? .null,
        "country": .string(draft.country), "preparedAt": .int(draft.preparedAt.milliseconds),
        "conversion": .int(Int64(draft.conversion)), "conversionType": .string(draft.conversionType.rawValue),
      ])
    case .conversion(let record):
      let truth = record.truth
      object["conversion"] = .object([
        "record": record.untiered, "windowed": .bool(record.truncatesSourceIdentifier),
        "network": .int(Int64(truth.network)), "campaign": .int(Int64(truth.campaign)),
        "installTime": .int(truth.installTime.milliseconds), "user": .string(truth.user),
        "attributed": .bool(truth.attributed), "windows": .array(truth.windows.map(encode)),
        "conversion": .int(Int64(truth.conversion)), "install": .bool(truth.isInstall),
        "fates": .array(truth.fates.map { .string($0.rawValue) }),
      ])
    case .adServices(let exchange):
      object["adServices"] = .object([
        "time": .int(exchange.time.milliseconds), "user": .string(exchange.user), "attempt": .int(Int64(exchange.attempt)),
        "tokenAge": .int(exchange.tokenAge.milliseconds), "status": .int(Int64(exchange.status)),
        "reason": exchange.reason.map { .string($0) } ?? .null, "next": .string(exchange.next.rawValue),
        "record": exchange.record ?? .null,
      ])
    case .sdk(let record):
      object["sdk"] = .object([
        "time": .int(record.time.milliseconds), "user": .string(record.user), "activity": .string(record.activity),
        "detail": record.detail.map { .string($0) } ?? .null, "answer": record.answer ?? .null,
        "action": .string(record.action), "platform": record.platform.map { .string($0) } ?? .null,
        "metadata": .object(record.metadata),
        "lint": .array(record.lint.map(\.json)),
      ])
    case .inApp(let event):
      var fields: [String: JSONValue] = [
        "time": .int(event.time.milliseconds), "user": .string(event.user), "name": .string(event.name),
        "kind": .string(event.kind.rawValue), "country": .string(event.country),
      ]
      if let revenue = event.revenue { fields["revenue"] = .double(revenue) }
      if let currency = event.currency { fields["currency"] = .string(currency) }
      if let network = event.network { fields["network"] = .string(network) }
      if let campaign = event.campaign { fields["campaign"] = .string(campaign) }
      object["inApp"] = .object(fields)
    case .trace(let trace):
      object["trace"] = .object([
        "time": .int(trace.time.milliseconds), "user": .string(trace.user), "level": .string(trace.level.rawValue),
        "rule": .string(trace.rule), "message": .string(trace.message),
      ])
    }
    return .object(object)
  }

  private static func encode(_ facts: ConversionFacts) -> JSONValue {
    .object([
      "network": .int(Int64(facts.network)), "campaign": .int(Int64(facts.campaign)),
      "publisher": .int(Int64(facts.publisher)), "country": .string(facts.country), "time": .int(facts.time.milliseconds),
    ])
  }

  private static func encode(_ measures: Measures) -> JSONValue {
    .object([
      "sessions": .int(Int64(measures.sessions)), "activeDays": .int(Int64(measures.activeDays)),
      "events": .array(measures.eventCounts.map { .int(Int64($0)) }),
      "iap": .array(measures.purchaseRevenue.map { .double($0) }), "ad": .array(measures.adRevenue.map { .double($0) }),
      "eventValues": .array(measures.eventRevenue.map { .double($0) }),
    ])
  }

  // MARK: - Reading

  /// The value of a parsed line, keeping doubles that happen to be whole as doubles: `5.0` must
  /// come back as `5.0`, not `5`.
  package static func value(_ node: JSONNode) -> JSONValue {
    switch node.value {
    case .number(let number):
      let literal = number.literal
      if let integer = number.int64, !literal.contains("."), !literal.contains("e"), !literal.contains("E") {
        return .int(integer)
      }
      return .double(number.double)
    case .array(let elements): return .array(elements.map(value))
    case .object(let members):
      var object = [String: JSONValue](minimumCapacity: members.count)
      for member in members { object[member.key] = value(member.value) }
      return .object(object)
    default: return JSONValue(node)
    }
  }

  package static func decode(_ line: JSONValue) throws(DecodingError) -> DraftEnvelope {
    let object = try Fields(line, path: "$")
    let at = SimTime.zero + .milliseconds(try object.int("at"))
    let ordinal = Int(try object.int("u"))
    let draft: RunDraft
    if let install = try object.optionalObject("install") {
      draft = .install(
        InstallDraft(
          winner: try facts(try install.object("winner")),
          runnerUps: try install.array("runnerUps").map { (element) throws(DecodingError) in try facts(element) },
          conversion: Int(try install.int("conversion"))))
    } else if let closed = try object.optionalObject("windowClosed") {
      draft = .windowClosed(
        installTime: try closed.time("installTime"), window: Int(try closed.int("window")), user: try closed.string("user"),
        conversion: Int(try closed.int("conversion")))
    } else if let postback = try object.optionalObject("postback") {
      let coarse = try postback.optionalString("coarse")
      draft = .postback(
        PostbackDraft(
          installTime: try postback.time("installTime"), user: try postback.string("user"),
          network: Int(try postback.int("network")), campaign: Int(try postback.int("campaign")),
          publisher: Int(try postback.int("publisher")), transactionId: try postback.string("transactionId"),
          redownload: try postback.bool("redownload"), fidelityType: Int(try postback.int("fidelityType")),
          runnerUpRank: try postback.optionalInt("runnerUpRank").map { Int($0) }, window: Int(try postback.int("window")),
          fine: try postback.optionalInt("fine").map { Int($0) },
          coarse: try coarse.map { (text) throws(DecodingError) in
            guard let value = CoarseValue(rawValue: text) else { throw postback.error("coarse", "a coarse value") }
            return value
          },
          country: try postback.string("country"), preparedAt: try postback.time("preparedAt"),
          conversion: Int(try postback.int("conversion")),
          conversionType: try {
            () throws(DecodingError) -> ConversionType in
            guard let type = ConversionType(rawValue: try postback.string("conversionType")) else {
              throw postback.error("conversionType", "download, redownload or re-engagement")
            }
            return type
          }()))
    } else if let conversion = try object.optionalObject("conversion") {
      let truth = ConversionTruth(
        network: Int(try conversion.int("network")), campaign: Int(try conversion.int("campaign")),
        installTime: try conversion.time("installTime"), user: try conversion.string("user"),
        conversion: Int(try conversion.int("conversion")), attributed: try conversion.bool("attributed"),
        windows: try conversion.array("windows").map { (element) throws(DecodingError) in try measures(element) },
        isInstall: try conversion.bool("install"),
        fates: try conversion.strings("fates").map { (text) throws(DecodingError) in
          guard let fate = WindowFate(rawValue: text) else { throw conversion.error("fates", "window fates") }
          return fate
        })
      draft = .conversion(
        ConversionRecord(
          body: .stored(try conversion.value("record")), truth: truth, truncatesSourceIdentifier: try conversion.bool("windowed")))
    } else if let trace = try object.optionalObject("trace") {
      guard let level = TraceRecord.Level(rawValue: try trace.string("level")) else { throw trace.error("level", "a level") }
      draft = .trace(
        TraceRecord(
          time: try trace.time("time"), user: try trace.string("user"), level: level, rule: try trace.string("rule"),
          message: try trace.string("message")))
    } else if let exchange = try object.optionalObject("adServices") {
      guard let next = AdServicesExchange.Next(rawValue: try exchange.string("next")) else {
        throw exchange.error("next", "done, retry or give up")
      }
      // JSONValue takes `nil` as its own null: `.none` keeps "no record" out of the line.
      let record = try exchange.value("record")
      draft = .adServices(
        AdServicesExchange(
          time: try exchange.time("time"), user: try exchange.string("user"), attempt: Int(try exchange.int("attempt")),
          tokenAge: .milliseconds(try exchange.int("tokenAge")), status: Int(try exchange.int("status")),
          reason: try exchange.optionalString("reason"), next: next, record: record == .null ? JSONValue?.none : record))
    } else if let record = try object.optionalObject("sdk") {
      guard case .object(let metadata) = try record.value("metadata") else { throw record.error("metadata", "an object") }
      let lint = try record.array("lint").map { (finding) throws(DecodingError) -> SDKLintFinding in
        guard let kind = SDKLintFinding.Kind(rawValue: try finding.string("kind")) else {
          throw finding.error("kind", "a lint kind")
        }
        return SDKLintFinding(kind: kind, message: try finding.string("message"))
      }
      let answer = try record.value("answer")
      draft = .sdk(
        SDKTraceRecord(
          time: try record.time("time"), user: try record.string("user"), activity: try record.string("activity"),
          detail: try record.optionalString("detail"), answer: answer == .null ? JSONValue?.none : answer,
          action: try record.string("action"), platform: try record.optionalString("platform"), metadata: metadata,
          lint: lint))
    } else if let event = try object.optionalObject("inApp") {
      guard let kind = InAppEventRecord.Kind(rawValue: try event.string("kind")) else {
        throw event.error("kind", "first_open, session, purchase, ad or an empty kind")
      }
      draft = .inApp(
        InAppEventRecord(
          time: try event.time("time"), user: try event.string("user"), name: try event.string("name"), kind: kind,
          revenue: try event.optionalNumber("revenue"), currency: try event.optionalString("currency"),
          country: try event.string("country"), network: try event.optionalString("network"),
          campaign: try event.optionalString("campaign")))
    } else {
      throw DecodingError(reason: "$: expected one of install, windowClosed, postback, conversion, trace, adServices, sdk or inApp")
    }
    return DraftEnvelope(at: at, ordinal: ordinal, draft: draft)
  }

  private static func facts(_ object: Fields) throws(DecodingError) -> ConversionFacts {
    ConversionFacts(
      network: Int(try object.int("network")), campaign: Int(try object.int("campaign")),
      publisher: Int(try object.int("publisher")), country: try object.string("country"), time: try object.time("time"))
  }

  private static func measures(_ object: Fields) throws(DecodingError) -> Measures {
    let events = try object.numbers("events").map { Int($0) }
    var measures = Measures(eventCount: events.count, currencyCount: 0)
    measures.sessions = Int(try object.int("sessions"))
    measures.activeDays = Int(try object.int("activeDays"))
    measures.eventCounts = events
    measures.purchaseRevenue = try object.numbers("iap")
    measures.adRevenue = try object.numbers("ad")
    measures.eventRevenue = try object.numbers("eventValues")
    return measures
  }

  /// An object's members, read with errors that name their JSON path.
  private struct Fields {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(DecodingError) {
      guard case .object(let members) = value else { throw DecodingError(reason: "\(path): expected an object") }
      self.members = members
      self.path = path
    }

    func error(_ key: String, _ expected: String) -> DecodingError {
      DecodingError(reason: "\(path).\(key): expected \(expected)")
    }

    func value(_ key: String) throws(DecodingError) -> JSONValue {
      guard let value = members[key] else { throw error(key, "a value") }
      return value
    }

    func int(_ key: String) throws(DecodingError) -> Int64 {
      guard case .int(let value) = members[key] else { throw error(key, "an integer") }
      return value
    }

    func optionalInt(_ key: String) throws(DecodingError) -> Int64? {
      if members[key] == nil || members[key] == .null { return nil }
      return try int(key)
    }

    func time(_ key: String) throws(DecodingError) -> SimTime { SimTime.zero + .milliseconds(try int(key)) }

    func string(_ key: String) throws(DecodingError) -> String {
      guard case .string(let value) = members[key] else { throw error(key, "a string") }
      return value
    }

    func optionalString(_ key: String) throws(DecodingError) -> String? {
      if members[key] == nil || members[key] == .null { return nil }
      return try string(key)
    }

    func optionalNumber(_ key: String) throws(DecodingError) -> Double? {
      switch members[key] {
      case nil, .null?: return nil
      case .int(let value)?: return Double(value)
      case .double(let value)?: return value
      default: throw error(key, "a number")
      }
    }

    func bool(_ key: String) throws(DecodingError) -> Bool {
      guard case .bool(let value) = members[key] else { throw error(key, "true or false") }
      return value
    }

    func object(_ key: String) throws(DecodingError) -> Fields { try Fields(try value(key), path: "\(path).\(key)") }

    func optionalObject(_ key: String) throws(DecodingError) -> Fields? {
      guard let value = members[key] else { return nil }
      return try Fields(value, path: "\(path).\(key)")
    }

    func array(_ key: String) throws(DecodingError) -> [Fields] {
      guard case .array(let elements) = members[key] else { throw error(key, "an array") }
      var fields: [Fields] = []
      for (index, element) in elements.enumerated() { fields.append(try Fields(element, path: "\(path).\(key)[\(index)]")) }
      return fields
    }

    func strings(_ key: String) throws(DecodingError) -> [String] {
      guard case .array(let elements) = members[key] else { throw error(key, "an array of strings") }
      var strings: [String] = []
      for element in elements {
        guard case .string(let text) = element else { throw error(key, "an array of strings") }
        strings.append(text)
      }
      return strings
    }

    func numbers(_ key: String) throws(DecodingError) -> [Double] {
      guard case .array(let elements) = members[key] else { throw error(key, "an array of numbers") }
      var numbers: [Double] = []
      for element in elements {
        switch element {
        case .int(let value): numbers.append(Double(value))
        case .double(let value): numbers.append(value)
        default: throw error(key, "an array of numbers")
        }
      }
      return numbers
    }
  }
}
