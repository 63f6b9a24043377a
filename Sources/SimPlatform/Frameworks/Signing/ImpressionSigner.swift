import AttributionCrypto
import SimJSON

/// An ad network signing its impressions (rulebook §7.3), reproducibly.
package struct ImpressionSigner {
  private let signer: DeterministicSigner
  /// The network's public key, as registered with Apple: what the device checks with.
  package let publicKey: ECPublicKey

  package init(_ entry: SimulatedKeys.Entry) {
    signer = entry.makeSigner()
    publicKey = entry.key.publicKey
  }

  /// `impression` with its signature over its own fields.
  package func signed(_ impression: ImpressionSignature) -> ImpressionSignature {
    guard let signature = try? signer.signature(for: Array(impression.signingString.utf8)) else {
      preconditionFailure("cannot sign an impression")
    }
    var signed = impression
    signed.signature = Base64.encode(signature)
    return signed
  }

  /// An AdAttributionKit impression: a compact JWS of `payload` with the network's ID as `kid` (§2.4).
  package func signedJWS(payload: [String: JSONValue], keyId: String) -> String {
    let signer = self.signer
    guard let jws = try? CompactJWS.sign(payload: .object(payload), keyId: keyId, rawSignature: signer.rawSignature(for:))
    else { preconditionFailure("cannot sign an impression") }
    return jws
  }
}
