import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Phase 2's `final.jsonl`: a shard's outputs after its tiers were decided from every shard's
/// crowd counts, each line with the time and user ordinal of the draft it came from, so that the
/// shards' files interleave into the whole run's order by (time, ordinal) alone. Postbacks are
/// signed here, on the cluster, and received: each says whether the receiver accepted it (a
/// postback's retries and copies come from its user, so from its shard). Conversions carry their
/// tiers and what their user's winning postbacks showed (``ConversionSignals``), so the merge
/// after phase 2 keeps nothing per user.
package enum FinalCodec {
  /// The file of lines, the manifest written after it (the tier stage's and receivers' counts),
  /// and the shard's first-signal delays in milliseconds, sorted, one a line (for the median).
  package static let fileName = "final.jsonl", manifestName = "final.json", signalsName = "final-signals.txt"
  /// Version 3: conversions carry their window fates and event values, counts the
  /// postbacks-per-install counters.
  package static let format = "attrsim-final-shard", version: Int64 = 3

  /// A postback as signed, and whether the receivers accepted it (nil when they did not run).
  package static func encode(_ postback: PostbackRecord, at position: DraftPosition, accepted: Bool?) -> JSONValue {
    var object: [String: JSONValue] = [
      "at": .int(position.at.milliseconds), "u": .int(Int64(position.ordinal)),
      "signed": .object([
        "time": .int(postback.time.milliseconds), "recipient": .string(postback.recipient.rawValue),
        "payload": postback.payload, "user": .string(postback.user), "content": .string(postback.content.rawValue),
        "sequenceIndex": .int(Int64(postback.sequenceIndex)), "didWin": .bool(postback.didWin),
        "preparedAt": .int(postback.preparedAt.milliseconds), "network": .int(Int64(postback.network)),
        "campaign": .int(Int64(postback.campaign)),
      ]),
    ]
    if let accepted { object["accepted"] = .bool(accepted) }
    return .object(object)
  }

  /// A conversion as its draft was, with the tiers decided for it and what its user's postbacks
  /// showed the receivers (nil when they did not decode).
  package static func encode(_ conversion: ConversionRecord, at position: DraftPosition, signals: ConversionSignals?) -> JSONValue {
    guard case .object(var object) = DraftCodec.encode(DraftEnvelope(at: position.at, ordinal: position.ordinal, draft: .conversion(conversion)))
    else { return .null }
    if let tiers = conversion.tiers {
      object["tiers"] = .object(["winner": encode(tiers.winner), "runnerUps": .array(tiers.runnerUps.map(encode))])
    }
    if let signals {
      var seen: [String: JSONValue] = [:]
      for (window, carried) in signals.windows { seen[String(window)] = .bool(carried) }
      var entry: [String: JSONValue] = ["windows": .object(seen)]
      if let first = signals.firstSignal { entry["first"] = .int(first.milliseconds) }
      object["signals"] = .object(entry)
    }
    return .object(object)
  }

  /// Traces, AdServices calls, SDK records and in-app happenings pass through as drafts.
  package static func encode(_ draft: RunDraft, at position: DraftPosition) -> JSONValue {
    DraftCodec.encode(DraftEnvelope(at: position.at, ordinal: position.ordinal, draft: draft))
  }

  private static func encode(_ decision: TierDecision) -> JSONValue {
    .object([
      "tier": .int(Int64(decision.tier)), "digits": .int(Int64(decision.sourceIdentifierDigits)),
      "country": .bool(decision.countryCodeAllowed),
    ])
  }

  /// One line read back: its place and the output.
  package enum Output {
    case postback(PostbackRecord, accepted: Bool?)
    case conversion(ConversionRecord, signals: ConversionSignals?)
    case trace(TraceRecord)
    case adServices(AdServicesExchange)
    case sdk(SDKTraceRecord)
    case inApp(InAppEventRecord)
  }

  package static func decode(_ line: JSONValue) throws(DraftCodec.DecodingError) -> (at: SimTime, ordinal: Int, output: Output) {
    guard case .object(let object) = line, case .int(let at)? = object["at"], case .int(let ordinal)? = object["u"] else {
      throw DraftCodec.DecodingError(reason: "$: expected at and u")
    }
    let time = SimTime.zero + .milliseconds(at)
    if let signed = object["signed"] {
      var accepted: Bool?
      if let flag = object["accepted"] {
        guard case .bool(let value) = flag else { throw DraftCodec.DecodingError(reason: "$.accepted: expected true or false") }
        accepted = value
      }
      return (time, Int(ordinal), .postback(try postback(signed), accepted: accepted))
    }
    let envelope = try DraftCodec.decode(line)
    switch envelope.draft {
    case .conversion(var record):
      guard case .object(let tiers)? = object["tiers"], let winner = decision(tiers["winner"]),
        case .array(let list)? = tiers["runnerUps"]
      else { throw DraftCodec.DecodingError(reason: "$.tiers: expected the conversion's tier decisions") }
      var runnerUps: [TierDecision] = []
      for entry in list {
        guard let decided = decision(entry) else { throw DraftCodec.DecodingError(reason: "$.tiers.runnerUps: expected decisions") }
        runnerUps.append(decided)
      }
      record.tiers = ConversionTiers(winner: winner, runnerUps: runnerUps)
      return (time, Int(ordinal), .conversion(record, signals: try signals(object["signals"])))
    case .trace(let trace): return (time, Int(ordinal), .trace(trace))
    case .adServices(let exchange): return (time, Int(ordinal), .adServices(exchange))
    case .sdk(let record): return (time, Int(ordinal), .sdk(record))
    case .install, .windowClosed, .postback:
      throw DraftCodec.DecodingError(reason: "$: an undecided draft in a finalised shard")
    case .inApp(let event): return (time, Int(ordinal), .inApp(event))
    }
  }

  private static func signals(_ value: JSONValue?) throws(DraftCodec.DecodingError) -> ConversionSignals? {
    guard let value else { return nil }
    guard case .object(let object) = value, case .object(let seen)? = object["windows"] else {
      throw DraftCodec.DecodingError(reason: "$.signals: expected the windows its postbacks came in")
    }
    var signals = ConversionSignals()
    for (name, carried) in seen {
      guard let window = Int(name), case .bool(let flag) = carried else {
        throw DraftCodec.DecodingError(reason: "$.signals.windows.\(name): expected a window and true or false")
      }
      signals.windows[window] = flag
    }
    switch object["first"] {
    case nil: break
    // Run times are never negative; one that is would make delays overflow later.
    case .int(let first)? where first >= 0: signals.firstSignal = SimTime.zero + .milliseconds(first)
    default: throw DraftCodec.DecodingError(reason: "$.signals.first: expected a time in milliseconds")
    }
    return signals
  }

  private static func decision(_ value: JSONValue?) -> TierDecision? {
    guard case .object(let object)? = value, case .int(let tier)? = object["tier"], case .int(let digits)? = object["digits"],
      case .bool(let country)? = object["country"]
    else { return nil }
    return TierDecision(tier: Int(tier), sourceIdentifierDigits: Int(digits), countryCodeAllowed: country)
  }

  private static func postback(_ value: JSONValue) throws(DraftCodec.DecodingError) -> PostbackRecord {
    func fail(_ key: String) -> DraftCodec.DecodingError { DraftCodec.DecodingError(reason: "$.signed.\(key): missing or of the wrong kind") }
    guard case .object(let object) = value else { throw fail("") }
    guard case .int(let time)? = object["time"] else { throw fail("time") }
    guard case .string(let recipientText)? = object["recipient"], let recipient = PostbackRecipient(rawValue: recipientText)
    else { throw fail("recipient") }
    guard let payload = object["payload"] else { throw fail("payload") }
    guard case .string(let user)? = object["user"] else { throw fail("user") }
    guard case .string(let contentText)? = object["content"], let content = SKAdNetworkPostback.ValueContent(rawValue: contentText)
    else { throw fail("content") }
    guard case .int(let index)? = object["sequenceIndex"] else { throw fail("sequenceIndex") }
    guard case .bool(let didWin)? = object["didWin"] else { throw fail("didWin") }
    guard case .int(let prepared)? = object["preparedAt"] else { throw fail("preparedAt") }
    guard case .int(let network)? = object["network"], case .int(let campaign)? = object["campaign"] else {
      throw fail("network")
    }
    return PostbackRecord(
      time: SimTime.zero + .milliseconds(time), recipient: recipient, payload: payload, user: user, content: content,
      sequenceIndex: Int(index), didWin: didWin, preparedAt: SimTime.zero + .milliseconds(prepared), network: Int(network),
      campaign: Int(campaign))
  }
}
