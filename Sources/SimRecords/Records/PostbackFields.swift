import SimJSON
import SimPlatform

/// A postback body's fields in one flat object, whichever framework sent it: an SKAdNetwork
/// body's fields as they are (rulebook §7.1); an AdAttributionKit body's JWS payload fields with
/// its unsigned siblings and `jws-string` beside them (§7.5).
///
/// Flattening decodes the JWS without verifying it: it is for reading what a postback says, after
/// a receiver has decided whether to believe it.
public struct PostbackFields: Sendable, Equatable {
  /// Every field, under its name in the body or the JWS payload.
  public var fields: [String: JSONValue]
  /// Whether the body is an AdAttributionKit postback (it carries a `jws-string`).
  public var isAdAttributionKit: Bool
  /// Whether the JWS payload was decoded into ``fields``: false for an AdAttributionKit body
  /// whose `jws-string` is not a compact JWS (its siblings are all there is), true otherwise.
  public var payloadDecoded: Bool

  /// The fields of `body`; a body that is not a JSON object has none.
  public init(_ body: JSONValue) {
    guard case .object(let members) = body else {
      self.init(members: [:])
      return
    }
    self.init(members: members)
  }

  /// The fields of a body given as its members.
  public init(members: [String: JSONValue]) {
    guard let jwsField = members["jws-string"] else {
      fields = members
      isAdAttributionKit = false
      payloadDecoded = true
      return
    }
    isAdAttributionKit = true
    fields = members
    guard case .string(let text) = jwsField, let jws = try? CompactJWS(parsing: text) else {
      payloadDecoded = false
      return
    }
    payloadDecoded = true
    // Apple keeps payload and sibling names apart; if a body repeats a signed name outside the
    // JWS anyway, the signed value is the one to believe.
    fields.merge(jws.payload) { _, signed in signed }
  }

  /// The fields of an AdAttributionKit body whose JWS a receiver has already parsed (and
  /// verified): its `members` with the JWS `payload` merged over them, as ``init(members:)``
  /// would give without parsing the JWS again.
  package init(members: [String: JSONValue], verifiedPayload payload: [String: JSONValue]) {
    isAdAttributionKit = true
    payloadDecoded = true
    fields = members.merging(payload) { _, signed in signed }
  }

  /// The field called `name`.
  public subscript(name: String) -> JSONValue? { fields[name] }

  /// `ad-network-id` (SKAdNetwork) or `ad-network-identifier` (AdAttributionKit).
  public var networkId: String? { string("ad-network-id") ?? string("ad-network-identifier") }

  /// The dedup key within a network: `transaction-id` (SKAdNetwork) or `postback-identifier`
  /// (AdAttributionKit) (§5.3).
  public var identifier: String? { string("transaction-id") ?? string("postback-identifier") }

  /// `source-identifier`: the 2–4 digits a 4.0 or AdAttributionKit postback carries.
  public var sourceIdentifier: String? { string("source-identifier") }

  /// `campaign-id`, which SKAdNetwork postbacks before 4.0 carry instead of a source identifier.
  public var campaignId: Int64? {
    if case .int(let id) = fields["campaign-id"] { return id }
    return nil
  }

  /// `postback-sequence-index`; nil before SKAdNetwork 4.0, whose single postback is index 0.
  public var sequenceIndex: Int? {
    if case .int(let index) = fields["postback-sequence-index"] { return Int(index) }
    return nil
  }

  /// Why `postback-sequence-index` is none Apple sends (0, 1 or 2: windows 1–3, rulebook §7.1), or
  /// nil when it is one of them or absent; a decoder must not read 7 as an eighth window.
  public var sequenceIndexProblem: String? {
    guard let raw = fields["postback-sequence-index"] else { return nil }
    if case .int(let index) = raw, (0...2).contains(index) { return nil }
    return "postback-sequence-index is \(raw.serialized()): expected 0, 1 or 2 (windows 1 to 3)"
  }

  /// `did-win`; nil before SKAdNetwork 3.0, which sent only winning postbacks.
  public var didWin: Bool? {
    if case .bool(let won) = fields["did-win"] { return won }
    return nil
  }

  /// The fine `conversion-value`.
  public var fineValue: Int64? {
    if case .int(let value) = fields["conversion-value"] { return value }
    return nil
  }

  /// The `coarse-conversion-value` as sent, which may name no coarse value the platform has.
  public var coarseValue: String? { string("coarse-conversion-value") }

  private func string(_ name: String) -> String? {
    if case .string(let text) = fields[name] { return text }
    return nil
  }
}
