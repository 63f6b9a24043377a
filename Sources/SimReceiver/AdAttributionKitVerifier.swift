import AttributionCrypto
import SimJSON
import SimPlatform

/// Verifies AdAttributionKit postbacks: the `jws-string` signed with the key its `kid` names
/// (rulebook §7.4, §7.5). Unsigned siblings (conversion values, interaction type, country)
/// are outside the signature by design.
public struct AdAttributionKitVerifier: Sendable {
  /// Keys by `kid`.
  public var keys: [String: ECPublicKey]
  /// Keys tried when no key is known for a postback's `kid` (a receiver's own, say).
  public var otherKeys: [ECPublicKey]

  /// A verifier with these keys.
  public init(keys: [String: ECPublicKey], otherKeys: [ECPublicKey] = []) {
    self.keys = keys
    self.otherKeys = otherKeys
  }

  /// Apple's published AdAttributionKit keys (rulebook §7.4).
  public static let applesKeys: [String: ECPublicKey] = [
    "apple-cas-identifier/0":
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWdp8GPcGqmhgzEFj9Z2nSpQVddayaPe4FMzqM9wib1+aHaaIzoHoLN9zW4K8y4SPykE3YVK3sVqW6Af0lfx3gg==",
    "apple-development-identifier/0":
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAELeEDzpJEP+/qRSE5hJVC1p1J0ssUnQGMzBBbvnACBok8OVGGLgxL0myrKiy6lvRtSlLRsWit87i+vftD8AEqeQ==",
    "apple-development-identifier/1":
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8YzdO7eM97s/IJ25kdW5CZ3A14USE5IJ5Ha/vhWaxI6UBI1ZxCEvjrKxVluVGe6qWwF1BDFq+QHqKfH5u+wxHQ==",
  ].mapValues { try! ECPublicKey(base64SPKI: $0) }

  /// What verification concluded.
  public enum Outcome: Equatable, Sendable {
    /// The JWS verifies with the key its `kid` names.
    case valid(payload: [String: JSONValue])
    /// There is no `jws-string`.
    case missingJWS
    /// The JWS is malformed.
    case malformed(CompactJWS.Problem)
    /// No key is known for the `kid`, and no other key was given.
    case unknownKeyId(String)
    /// The signature does not verify.
    case badSignature
  }

  /// Whether a body is an AdAttributionKit postback (it carries a `jws-string`).
  public static func isAdAttributionKit(_ body: JSONValue) -> Bool {
    if case .object(let fields) = body { return fields["jws-string"] != nil }
    return false
  }

  /// Verifies one postback body.
  public func verify(_ body: JSONValue) -> Outcome {
    guard case .object(let fields) = body, case .string(let text) = fields["jws-string"] else { return .missingJWS }
    let jws: CompactJWS
    do {
      jws = try CompactJWS(parsing: text)
    } catch {
      return .malformed(error)
    }
    let candidates = keys[jws.keyId].map { [$0] } ?? otherKeys.filter { $0.curve == .p256 }
    guard !candidates.isEmpty else { return .unknownKeyId(jws.keyId) }
    return candidates.contains(where: jws.verifies) ? .valid(payload: jws.payload) : .badSignature
  }
}

extension AdAttributionKitVerifier.Outcome: CustomStringConvertible {
  /// A short stable name for counting, as ``PostbackVerifier/Reason/code``.
  public var code: String {
    switch self {
    case .valid: "valid"
    case .missingJWS: "missingField"
    case .malformed: "malformedJWS"
    case .unknownKeyId: "unknownKeyId"
    case .badSignature: "badSignature"
    }
  }

  public var description: String {
    switch self {
    case .valid: "valid"
    case .missingJWS: "no jws-string"
    case .malformed(let problem): "malformed JWS: \(problem.description)"
    case .unknownKeyId(let kid): "no key for kid '\(kid)'"
    case .badSignature: "bad signature: the JWS does not verify with the key its kid names"
    }
  }
}
