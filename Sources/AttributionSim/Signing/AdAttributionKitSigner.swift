import AttributionCrypto
import SimJSON

/// TEMPORARY until the signing helper's version lands.
struct AdAttributionKitSigner {
  private let signer: DeterministicSigner
  let keyId: String

  init(_ entry: SimulatedKeys.Entry, keyId: String) {
    signer = entry.makeSigner()
    self.keyId = keyId
  }

  func body(for postback: AdAttributionKitPostback) -> JSONValue {
    let input = CompactJWS.signingInput(payload: .object(postback.payload), keyId: keyId)
    let signature = try! signer.rawSignature(for: Array(input.utf8))
    var body = postback.siblings
    body["jws-string"] = .string(input + "." + Base64.encodeURL(signature))
    return .object(body)
  }
}
