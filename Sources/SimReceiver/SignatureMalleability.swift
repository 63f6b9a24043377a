import AttributionCrypto
import SimJSON
import SimPlatform

/// Recognises high-S (malleable) ECDSA signatures on postbacks. Apple does not normalise S: about
/// half its genuine postbacks are high-S, and for each, (r, n − s) verifies too. Such a signature
/// is no sign of forgery, but its bytes do not identify the postback, so a receiver must key
/// replays on `transaction-id` or `postback-identifier`, never on the signature.
public enum SignatureMalleability {
  /// A warning when the body's signature (SKAdNetwork `attribution-signature`, or the signature
  /// of an AdAttributionKit `jws-string`) is well formed and high-S; nil otherwise.
  public static func warning(for body: JSONValue) -> String? {
    guard case .object(let fields) = body, let (signature, curve) = rawSignature(fields),
      (try? ECDSASignature.isHighS(raw: signature, curve: curve)) == true
    else { return nil }
    return "high-S signature: it verifies, and so does its twin (r, n − s); key replays on the "
      + (fields["jws-string"] == nil ? "transaction-id" : "postback-identifier") + ", not on the signature"
  }

  private static func rawSignature(_ fields: [String: JSONValue]) -> ([UInt8], Curve)? {
    if case .string(let text) = fields["jws-string"] {
      return (try? CompactJWS(parsing: text)).map { ($0.signature, .p256) }
    }
    guard case .string(let encoded) = fields["attribution-signature"], let der = try? Base64.decode(encoded) else { return nil }
    let curve = PostbackVerifier.curve(version: PostbackSigningString.version(of: fields))
    return (try? ECDSASignature.raw(fromDER: der, curve: curve)).map { ($0, curve) }
  }
}
