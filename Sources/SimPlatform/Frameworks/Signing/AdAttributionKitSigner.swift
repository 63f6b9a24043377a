import AttributionCrypto
import SimJSON

/// The simulated Apple's AdAttributionKit postback signing: the payload as a compact JWS under
/// a key ID, the unsigned siblings beside it (rulebook §7.5), reproducible for a given key and
/// seed.
package struct AdAttributionKitSigner {
  private let signer: DeterministicSigner
  /// The `kid` the JWS header names: ``AdAttributionKitPostback/productionKeyId``, or
  /// ``AdAttributionKitPostback/developmentKeyId`` in Developer Mode (§5.4).
  package let keyId: String

  package init(_ entry: SimulatedKeys.Entry, keyId: String) {
    signer = entry.makeSigner()
    self.keyId = keyId
  }

  /// The body the device POSTs: `jws-string` over the postback's payload, and its siblings.
  package func body(for postback: AdAttributionKitPostback) -> JSONValue {
    let signer = self.signer
    // CompactJWS.sign with a key draws a random nonce; going through the seeded signer keeps
    // the same postback the same bytes in every run.
    guard
      let jws = try? CompactJWS.sign(
        payload: .object(postback.payload), keyId: keyId, rawSignature: signer.rawSignature(for:))
    else { preconditionFailure("cannot sign an AdAttributionKit postback") }
    var body = postback.siblings
    body["jws-string"] = .string(jws)
    return .object(body)
  }
}
