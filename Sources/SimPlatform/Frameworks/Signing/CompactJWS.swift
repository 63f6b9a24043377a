import AttributionCrypto
import SimJSON

/// A compact JWS signed with ES256 (RFC 7515 §7.1), as AdAttributionKit uses for impressions
/// and postbacks (rulebook §2.4, §7.5).
public struct CompactJWS: Sendable {
  /// Why text is not a usable compact JWS.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three dot-separated segments.
    case segmentCount(Int)
    /// A segment is not base64url without padding.
    case malformedBase64(segment: String)
    /// The header or payload is not a JSON object.
    case notJSON(segment: String)
    /// `alg` is not ES256.
    case unsupportedAlgorithm(String)
    /// The header names no `kid`.
    case missingKeyId

    public var description: String {
      switch self {
      case .segmentCount(let count): "a compact JWS has 3 segments separated by '.', found \(count)"
      case .malformedBase64(let segment): "the \(segment) is not base64url without padding"
      case .notJSON(let segment): "the \(segment) is not a JSON object"
      case .unsupportedAlgorithm(let alg): "alg must be ES256, found '\(alg)'"
      case .missingKeyId: "the header has no kid"
      }
    }
  }

  /// The protected header.
  public var header: [String: JSONValue]
  /// The payload.
  public var payload: [String: JSONValue]
  /// `header.payload` as sent: what the signature covers.
  public var signingInput: String
  /// The raw r‖s signature.
  public var signature: [UInt8]

  /// The header's key ID.
  public var keyId: String {
    if case .string(let kid) = header["kid"] { return kid }
    return ""
  }

  /// Parses `text`, checking the structure, the encoding and `alg`; not the signature.
  public init(parsing text: String) throws(Problem) {
    let segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard segments.count == 3 else { throw .segmentCount(segments.count) }
    func object(_ segment: String, _ name: String) throws(Problem) -> [String: JSONValue] {
      guard let bytes = try? Base64.decodeURL(segment) else { throw .malformedBase64(segment: name) }
      guard let node = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)),
        case .object(let fields) = JSONValue(node)
      else { throw .notJSON(segment: name) }
      return fields
    }
    header = try object(segments[0], "header")
    payload = try object(segments[1], "payload")
    guard let signature = try? Base64.decodeURL(segments[2]) else { throw .malformedBase64(segment: "signature") }
    guard case .string(let alg) = header["alg"], alg == "ES256" else {
      if case .string(let alg) = header["alg"] { throw .unsupportedAlgorithm(alg) }
      throw .unsupportedAlgorithm("none given")
    }
    guard case .string = header["kid"] else { throw .missingKeyId }
    signingInput = segments[0] + "." + segments[1]
    self.signature = signature
  }

  /// Whether the signature verifies with `key`.
  public func verifies(with key: ECPublicKey) -> Bool {
    key.isValidRawSignature(signature, for: Array(signingInput.utf8))
  }

  /// A compact JWS of `payload`, with header `{alg: ES256, kid}`, signed with `key`.
  public static func sign(payload: JSONValue, keyId: String, key: ECPrivateKey) throws(CryptoError) -> String {
    try sign(payload: payload, keyId: keyId) { (input: [UInt8]) throws(CryptoError) in try key.rawSignature(for: input) }
  }

  /// A compact JWS of `payload`, with header `{alg: ES256, kid}`, whose raw r‖s signature over
  /// the signing input comes from `rawSignature`: a reproducible signer (``DeterministicSigner``)
  /// makes the whole JWS reproducible.
  public static func sign<Failure: Error>(
    payload: JSONValue, keyId: String, rawSignature: ([UInt8]) throws(Failure) -> [UInt8]
  ) throws(Failure) -> String {
    let input = signingInput(payload: payload, keyId: keyId)
    return input + "." + Base64.encodeURL(try rawSignature(Array(input.utf8)))
  }

  /// `header.payload`, base64url-encoded, with header `{alg: ES256, kid}`: what the signature covers.
  ///
  /// Header and payload are serialized with keys in byte order, so the text depends only on
  /// their values.
  public static func signingInput(payload: JSONValue, keyId: String) -> String {
    let header: JSONValue = .object(["alg": "ES256", "kid": .string(keyId)])
    return Base64.encodeURL(Array(header.serialized().utf8)) + "." + Base64.encodeURL(Array(payload.serialized().utf8))
  }

  /// `text` with its payload segment replaced and the old signature kept: a JWS altered in
  /// transit, which must no longer verify.
  package static func replacingPayload(of text: String, with payload: JSONValue) -> String {
    var segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    segments[1] = Base64.encodeURL(Array(payload.serialized().utf8))
    return segments.joined(separator: ".")
  }
}
