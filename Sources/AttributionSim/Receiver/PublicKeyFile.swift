import AttributionCrypto
import SimJSON

/// Reads the public keys a receiver verifies postbacks with: a PEM public key, or the
/// `keys.json` a simulator run writes (its `apple` key).
public enum PublicKeyFile {
  /// Why a key file cannot be used.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, lowercase.
    public var description: String
  }

  /// The postback-verifying keys in `text`.
  public static func postbackKeys(in text: String) throws(Problem) -> [ECPublicKey] {
    if text.contains("-----BEGIN") {
      do {
        return [try ECPublicKey(pem: text)]
      } catch {
        throw Problem(description: error.description)
      }
    }
    guard let node = try? JSONParser.parse(text), case .object(let fields) = JSONValue(node) else {
      throw Problem(description: "expected a PEM public key or a run's keys.json")
    }
    guard case .object(let apple) = fields["apple"], case .string(let encoded) = apple["publicKey"] else {
      throw Problem(description: "keys.json has no 'apple.publicKey'")
    }
    do {
      return [try ECPublicKey(base64SPKI: encoded)]
    } catch {
      throw Problem(description: "keys.json 'apple.publicKey': \(error.description)")
    }
  }
}
