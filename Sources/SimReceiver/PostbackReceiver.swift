import AttributionCrypto
import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// A postback endpoint as an ad network or developer runs it: it checks each postback's
/// signature (unless told not to), then drops replays, keyed by ``ReplayIdentifier`` (the ad
/// network and `transaction-id` for SKAdNetwork, or `postback-identifier` for AdAttributionKit;
/// rulebook §5.3, §7). Nothing is dropped silently: every postback gets a receipt, and the
/// counts say how many of each.
public struct PostbackReceiver: Sendable {
  /// What a receiver checks before it drops replays.
  public enum Verification: Sendable {
    /// Each postback's signature, against the receiver's keys, as an endpoint does.
    case signatures
    /// Nothing: postbacks are taken as read (postbacks from anywhere, which `attrsim decode`
    /// reads), and replays dropped by the same key; one without the key's fields is accepted.
    case skipped
  }

  /// What became of one postback.
  public enum Receipt: Equatable, Sendable {
    /// Verified and new; warnings as from ``PostbackVerifier``, and for AdAttributionKit about
    /// unsigned siblings no device sends.
    case accepted(warnings: [String])
    /// Verified, but its identifier was accepted before: a device retry or a replay. Fields
    /// that differ from the first copy are named; unsigned fields can be altered on a replay.
    case duplicate(identifier: String, differingFields: [String])
    /// Not verified: a short code (`badSignature`, `missingField`…) and the full reason.
    case rejected(code: String, reason: String)
  }

  /// Counts of receipts.
  public typealias Counts = ReceiptCounts

  private let verification: Verification
  private let skAdNetwork: PostbackVerifier
  private let adAttributionKit: AdAttributionKitVerifier
  /// The first accepted copy of each identifier, per endpoint, as digests: enough to tell a
  /// duplicate and the fields it changed, in a fifth of the memory of its text.
  private var seen = PostbackFingerprints()
  /// What has been received so far.
  public private(set) var counts = Counts()
  /// How long a run's receiver remembers a postback to catch its copies (``runHorizon``); nil
  /// (the default) remembers every postback for good.
  package var deduplicationHorizon: SimDuration?

  /// A run's receivers remember each postback for 10 days after they accept it: a device
  /// retries a postback it saw no answer to for at most 9 days from its first attempt
  /// (rulebook §5.3, ``PostbackDelivery/retrySpan``), and the accepted copy came at or after
  /// that first attempt, so every retry comes within 9 days of it; the tenth day is a margin.
  /// Remembering every postback for the whole run made the receivers grow with the users.
  package static let runHorizon = PostbackDelivery.retrySpan + .days(1)
  /// The last body that verified: a developer copy follows its network's copy with the same
  /// bytes, and verifying costs about 0.1 ms, so the same body is not verified twice in a row.
  private var lastVerified: (body: JSONValue, identifier: String, warnings: [String], payload: [String: JSONValue]?)?
  /// The JWS payload of the last body received, when it was an AdAttributionKit postback that
  /// verified: what readers of the body would otherwise parse the JWS again for.
  package var lastPayload: [String: JSONValue]? { lastVerified?.payload }

  /// A receiver trusting Apple's published keys, `otherKeys` (a simulator's, say) and
  /// `adAttributionKitKeys` by `kid`.
  ///
  /// A key given for a `kid` replaces Apple's published key for it: a simulator signs under
  /// Apple's key IDs with its own keys, having no access to Apple's. JWS whose `kid` has no key
  /// are tried with `otherKeys`. With `verification` `.skipped` no key is used.
  public init(
    otherKeys: [ECPublicKey] = [], adAttributionKitKeys: [String: ECPublicKey] = [:], trustApplesKeys: Bool = true,
    verification: Verification = .signatures
  ) {
    self.verification = verification
    skAdNetwork = PostbackVerifier(keys: (trustApplesKeys ? PostbackVerifier.applesKeys : []) + otherKeys)
    adAttributionKit = AdAttributionKitVerifier(
      keys: (trustApplesKeys ? AdAttributionKitVerifier.applesKeys : [:]).merging(adAttributionKitKeys) { _, given in given },
      otherKeys: otherKeys)
  }

  /// A receiver trusting Apple's published keys and those of `file`, with the same precedence.
  public init(keys file: PublicKeyFile.Keys, trustApplesKeys: Bool = true) {
    self.init(otherKeys: file.postbackKeys, adAttributionKitKeys: file.adAttributionKitKeys, trustApplesKeys: trustApplesKeys)
  }

  /// Receives `body` at `endpoint` (postbacks are deduplicated per endpoint: an ad network and
  /// the developer each get their own copy).
  public mutating func receive(_ body: JSONValue, endpoint: String = "") -> Receipt {
    receive(body, fields: nil, endpoint: endpoint)
  }

  /// Receives `body` at `endpoint`; `fields` are its flattened fields when the caller has them
  /// already (a receiver that skips verification reads its replay key from them).
  package mutating func receive(_ body: JSONValue, fields: PostbackFields?, endpoint: String) -> Receipt {
    if case .skipped = verification {
      // Nothing to drop a repeat by: each copy is taken, as a reader of loose postbacks would.
      guard let identifier = ReplayIdentifier.of(fields ?? PostbackFields(body)) else { return accept(warnings: []) }
      return keepOrDrop(body, endpoint: endpoint, identifier: identifier, warnings: [])
    }
    let identifier: String
    let warnings: [String]
    var verifiedPayload: [String: JSONValue]?
    if let last = lastVerified, last.body == body {
      (identifier, warnings, verifiedPayload) = (last.identifier, last.warnings, last.payload)
    } else if AdAttributionKitVerifier.isAdAttributionKit(body) {
      let outcome = adAttributionKit.verify(body)
      guard case .valid(let payload) = outcome else { return reject(code: outcome.code, reason: outcome.description) }
      verifiedPayload = payload
      guard let id = ReplayIdentifier.adAttributionKit(payload) else {
        return reject(code: "missingField", reason: "the JWS payload has no postback-identifier")
      }
      identifier = id
      guard case .object(let siblings) = body else { return reject(code: "notAnObject", reason: "the postback is not a JSON object") }
      warnings = UnsignedValues.warnings(siblings.merging(payload) { _, signed in signed }, version: nil)
    } else {
      switch skAdNetwork.verify(body) {
      case .invalid(let reason): return reject(code: reason.code, reason: reason.description)
      case .valid(let found): warnings = found
      }
      // Verification assembled every signed field, so both are present and have signable types.
      guard case .object(let fields) = body,
        let id = ReplayIdentifier.skAdNetwork(network: fields["ad-network-id"], transaction: fields["transaction-id"])
      else { return reject(code: "missingField", reason: "missing field 'transaction-id'") }
      identifier = id
    }
    lastVerified = (body, identifier, warnings, verifiedPayload)
    return keepOrDrop(body, endpoint: endpoint, identifier: identifier, warnings: warnings)
  }

  /// With a ``deduplicationHorizon``, moves the receiver's clock to `time` (postbacks come in
  /// time order) and forgets the postbacks accepted more than the horizon before it.
  package mutating func remember(receivedAt time: SimTime) {
    guard let horizon = deduplicationHorizon else { return }
    // Never back: a late record of a postback (a replay) must not keep the others longer.
    let now = max(seen.clock ?? time, time)
    seen.clock = now
    seen.forget(receivedBefore: now - horizon)
  }

  /// A duplicate when a postback with `identifier` was accepted at `endpoint` before; otherwise
  /// `body` is kept as that postback and accepted.
  private mutating func keepOrDrop(_ body: JSONValue, endpoint: String, identifier: String, warnings: [String]) -> Receipt {
    if let differing = seen.differingFieldsOrKeep(body, endpoint: endpoint, identifier: identifier) {
      counts.duplicates += 1
      if !differing.isEmpty { counts.duplicatesDiffering += 1 }
      return .duplicate(identifier: identifier, differingFields: differing)
    }
    return accept(warnings: warnings)
  }

  private mutating func accept(warnings: [String]) -> Receipt {
    counts.accepted += 1
    return .accepted(warnings: warnings)
  }

  private mutating func reject(code: String, reason: String) -> Receipt {
    counts.rejected[code, default: 0] += 1
    return .rejected(code: code, reason: reason)
  }

  /// Top-level fields present in one body and not the other, or with other values; sorted.
  package static func differingFields(_ first: JSONValue, _ second: JSONValue) -> [String] {
    guard case .object(let a) = first, case .object(let b) = second else { return first == second ? [] : ["(body)"] }
    return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
  }
}
