import AttributionCrypto
import SimJSON

/// The simulated Apple's postback signing: `attribution-signature` over the version's signed
/// fields (rulebook §7.2), reproducible for a given key and seed.
package struct PostbackSigner {
  private let signer: DeterministicSigner

  package init(_ entry: SimulatedKeys.Entry) { signer = entry.makeSigner() }

  /// `payload` with its `attribution-signature` added.
  package func signed(_ payload: JSONValue) -> JSONValue {
    guard case .object(var body) = payload else { preconditionFailure("a postback body is a JSON object") }
    // The world builds every postback with all of its version's signed fields.
    guard let text = try? PostbackSigningString.make(for: body), let signature = try? signer.signature(for: Array(text.utf8))
    else { preconditionFailure("cannot sign a \(PostbackSigningString.version(of: body)) postback") }
    body["attribution-signature"] = .string(Base64.encode(signature))
    return .object(body)
  }
}
