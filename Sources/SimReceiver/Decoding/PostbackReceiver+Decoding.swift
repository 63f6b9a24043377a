import SimJSON
import SimModel
import SimPlatform
import SimRecords

extension PostbackReceiver {
  /// What became of a postback read from a file on its way to the decoder.
  package enum DecodingReceipt: Equatable, Sendable {
    /// A winning postback the ad network accepted, decoded: its outcome (nil when it names no
    /// ad network, so no row).
    case decoded(DecodingOutcome?)
    /// The developer's copy of a postback: not decoded (its network's copy is).
    case developerCopy
    /// A postback that did not win: it carries no value.
    case nonWinning
    /// A retry or replay of a postback received before.
    case duplicate
    /// Not verified: a short code and the full reason.
    case rejected(code: String, reason: String)
  }

  /// Verifies `postback` and checks it for a retry, as its recipient's endpoint would; a winning
  /// postback the ad network accepted is then decoded into `decoder`, from the JWS payload this
  /// receiver already parsed when it has one. Whether the postback was accepted.
  ///
  /// A whole run's receivers and a shard's phase 2 both receive through here, so the two decode
  /// the same postbacks the same way.
  package mutating func receive(_ postback: PostbackRecord, decodingInto decoder: inout PostbackDecoder?) -> Bool {
    remember(receivedAt: postback.time)
    guard case .accepted = receive(postback.payload, endpoint: postback.recipient.rawValue) else { return false }
    if Self.decodes(postback), decoder != nil {
      var fields: PostbackFields?
      if let payload = lastPayload, case .object(let members) = postback.payload {
        fields = PostbackFields(members: members, verifiedPayload: payload)
      }
      decoder?.decode(postback, fields: fields)
    }
    return true
  }

  /// Whether `postback`, once accepted, is decoded: a winning postback to the ad network (the
  /// developer's copy repeats it; one that did not win carries no value). A merge of finalised
  /// shards, whose receivers wrote down what they accepted, decodes by it too.
  package static func decodes(_ postback: PostbackRecord) -> Bool {
    postback.recipient == .adNetwork && postback.didWin
  }

  /// Receives a postback read from a file (its `body` and flattened `fields`) at `recipient`'s
  /// endpoint, as a run's receivers receive the run's postbacks, and decodes it into `decoder`
  /// when it is a winning postback the ad network accepted: `attrsim decode` reads through here.
  ///
  /// Every postback is received, so a replay is keyed and dropped as in a run; a developer copy
  /// or a postback that did not win is named so even when repeated, as neither is decoded.
  package mutating func receive(
    _ body: JSONValue, fields: PostbackFields, recipient: PostbackRecipient, decodingInto decoder: inout PostbackDecoder
  ) -> DecodingReceipt {
    let receipt = receive(body, fields: fields, endpoint: recipient.rawValue)
    if case .rejected(let code, let reason) = receipt { return .rejected(code: code, reason: reason) }
    if recipient == .developer { return .developerCopy }
    if fields.didWin == false { return .nonWinning }
    guard case .accepted = receipt else { return .duplicate }
    return .decoded(decoder.decode(fields: fields))
  }
}
