import AttributionCrypto
import SimJSON
import SimPlatform

/// Verifies SKAdNetwork postback signatures the way an ad network must (rulebook §7.2, §7.4).
///
/// Versions 1.0 and 2.0 are checked with the P-192 keys, later ones with the P-256 keys; every
/// key of the right curve is tried, so a receiver can add its own (the simulator's) to Apple's.
public struct PostbackVerifier: Sendable {
  /// What verification concluded.
  public enum Outcome: Equatable, Sendable {
    /// The signature verifies; warnings name departures from Apple's JSON that do not change
    /// the signed text (a number sent as a string, say) and unsigned values no device sends
    /// (a conversion value of 99, a coarse value on a 3.0 postback).
    case valid(warnings: [String])
    /// It does not, and why.
    case invalid(Reason)
  }

  /// Why a postback is not valid.
  public enum Reason: Equatable, Sendable, CustomStringConvertible {
    /// The body is not a JSON object.
    case notAnObject
    /// The signed fields cannot be assembled.
    case fields(PostbackSigningString.Problem)
    /// `attribution-signature` is not base64.
    case malformedBase64
    /// `attribution-signature` is not a DER ECDSA signature.
    case malformedSignature
    /// No key of the version's curve is known.
    case noKey(curve: Curve)
    /// The signature is well formed but no key verifies it.
    case badSignature
    /// It verifies only over another version's field order, which Apple does not document
    /// for this version.
    case legacyFieldOrder(signedAs: String)

    /// A short stable name for counting: `badSignature`, `missingField`…
    public var code: String {
      switch self {
      case .notAnObject: "notAnObject"
      case .fields(.unknownVersion): "unknownVersion"
      case .fields(.missingField): "missingField"
      case .fields(.wrongType): "wrongType"
      case .malformedBase64: "malformedBase64"
      case .malformedSignature: "malformedSignature"
      case .noKey: "noKey"
      case .badSignature: "badSignature"
      case .legacyFieldOrder: "legacyFieldOrder"
      }
    }

    public var description: String {
      switch self {
      case .notAnObject: "the postback is not a JSON object"
      case .fields(let problem): problem.description
      case .malformedBase64: "attribution-signature is not base64"
      case .malformedSignature: "attribution-signature is not a DER ECDSA signature"
      case .noKey(let curve): "no \(curve.rawValue) key to verify with"
      case .badSignature: "bad signature: it does not verify with any known key"
      case .legacyFieldOrder(let signedAs):
        "bad signature for its version; it verifies over the \(signedAs) field order, which Apple does not document for this version"
      }
    }
  }

  /// The keys to try.
  public var keys: [ECPublicKey]

  /// A verifier trying `keys`.
  public init(keys: [ECPublicKey]) { self.keys = keys }

  /// Apple's published postback keys (rulebook §7.4): P-192 for 1.0 and 2.0, P-256 from 2.1.
  public static let applesKeys: [ECPublicKey] = [
    "MEkwEwYHKoZIzj0CAQYIKoZIzj0DAQEDMgAEMyHD625uvsmGq4C43cQ9BnfN2xslVT5V1nOmAMP6qaRRUll3PB1JYmgSm+62sosG",
    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWdp8GPcGqmhgzEFj9Z2nSpQVddayaPe4FMzqM9wib1+aHaaIzoHoLN9zW4K8y4SPykE3YVK3sVqW6Af0lfx3gg==",
  ].map { try! ECPublicKey(base64SPKI: $0) }

  /// Fields Apple sends as JSON numbers and booleans; other types still verify (the signed
  /// text is the same) but earn a warning.
  package static let numericFields = ["campaign-id", "app-id", "source-app-id", "fidelity-type", "postback-sequence-index"]
  package static let booleanFields = ["redownload", "did-win"]

  /// The curve of Apple's key for a postback version: P-192 for 1.0 and 2.0, P-256 since 2.1.
  package static func curve(version: String) -> Curve { ["1.0", "2.0"].contains(version) ? .p192 : .p256 }

  /// Verifies one postback body.
  public func verify(_ body: JSONValue) -> Outcome {
    guard case .object(let payload) = body else { return .invalid(.notAnObject) }
    let version = PostbackSigningString.version(of: payload)
    let message: String
    do {
      message = try PostbackSigningString.make(for: payload)
    } catch {
      return .invalid(.fields(error))
    }
    guard case .string(let encoded) = payload["attribution-signature"] else {
      return .invalid(.fields(payload["attribution-signature"] == nil
        ? .missingField("attribution-signature") : .wrongType(field: "attribution-signature", found: "not a string")))
    }
    guard let signature = try? Base64.decode(encoded) else { return .invalid(.malformedBase64) }
    let curve = Self.curve(version: version)
    guard (try? ECDSASignature.raw(fromDER: signature, curve: curve)) != nil else { return .invalid(.malformedSignature) }
    let candidates = keys.filter { $0.curve == curve }
    guard !candidates.isEmpty else { return .invalid(.noKey(curve: curve)) }
    func verifies(_ text: String) -> Bool {
      candidates.contains { $0.isValidSignature(signature, for: Array(text.utf8)) }
    }
    if verifies(message) { return .valid(warnings: warnings(payload) + UnsignedValues.warnings(payload, version: version)) }
    // A postback signed over an older order (seen from devices in test mode) is reported as
    // such, not accepted: the documented order is the contract.
    for older in ["2.1", "2.2"] where older < version && version < "4.0" {
      if let text = try? PostbackSigningString.make(for: payload, version: older), verifies(text) {
        return .invalid(.legacyFieldOrder(signedAs: older))
      }
    }
    return .invalid(.badSignature)
  }

  private func warnings(_ payload: [String: JSONValue]) -> [String] {
    var warnings: [String] = []
    for field in Self.numericFields.sorted() {
      if let value = payload[field], case .string = value { warnings.append("'\(field)' is a string; Apple sends a number") }
    }
    for field in Self.booleanFields.sorted() {
      if let value = payload[field], value != .bool(true), value != .bool(false) {
        warnings.append("'\(field)' is not a boolean; Apple sends true or false")
      }
    }
    return warnings
  }
}
