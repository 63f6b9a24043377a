import AttributionCrypto
import SimJSON

/// Reads the public keys a receiver verifies postbacks with: a PEM public key, or the
/// `keys.json` a simulator run writes (its `apple` key, and its `adAttributionKit` keys by
/// key ID when the run has any).
public enum PublicKeyFile {
  /// Why a key file cannot be used.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, lowercase.
    public var description: String
    /// Where in the file, when the file is JSON that does not parse.
    public var location: SourceLocation?

    /// A problem with the file, at `location` when known.
    public init(description: String, location: SourceLocation? = nil) {
      self.description = description
      self.location = location
    }
  }

  /// The keys one file holds.
  public struct Keys: Sendable {
    /// Keys tried on any postback: SKAdNetwork signatures, and JWS whose `kid` has no key in
    /// ``adAttributionKitKeys``.
    public var postbackKeys: [ECPublicKey]
    /// AdAttributionKit keys by `kid`. A run signs under Apple's key IDs with its own keys, so
    /// a receiver must use these in place of Apple's published keys for the same IDs.
    public var adAttributionKitKeys: [String: ECPublicKey]

    /// Keys as given; none by default.
    public init(postbackKeys: [ECPublicKey] = [], adAttributionKitKeys: [String: ECPublicKey] = [:]) {
      self.postbackKeys = postbackKeys
      self.adAttributionKitKeys = adAttributionKitKeys
    }

    /// The keys of several files together; a later file's key for a `kid` replaces an earlier one's.
    public mutating func add(_ other: Keys) {
      postbackKeys += other.postbackKeys
      adAttributionKitKeys.merge(other.adAttributionKitKeys) { _, later in later }
    }
  }

  /// The postback-verifying keys in `text`, without key IDs.
  public static func postbackKeys(in text: String) throws(Problem) -> [ECPublicKey] {
    try keys(in: text).postbackKeys
  }

  /// Every key in `text`: a PEM key has no key ID, so it only joins ``Keys/postbackKeys``.
  public static func keys(in text: String) throws(Problem) -> Keys {
    if text.contains("-----BEGIN") {
      do {
        return Keys(postbackKeys: [try ECPublicKey(pem: text)])
      } catch {
        throw Problem(description: error.description)
      }
    }
    let node: JSONNode
    do {
      node = try JSONParser.parse(text)
    } catch {
      // Text that opens as JSON is a keys.json gone wrong: say where, not only what it is not.
      guard text.drop(while: \.isWhitespace).first == "{" else {
        throw Problem(description: "expected a PEM public key or a run's keys.json")
      }
      throw Problem(description: "keys.json is not JSON: \(error.message)", location: error.location)
    }
    guard case .object(let fields) = JSONValue(node) else {
      throw Problem(description: "expected a PEM public key or a run's keys.json")
    }
    guard case .object(let apple) = fields["apple"], case .string(let encoded) = apple["publicKey"] else {
      throw Problem(description: "keys.json has no 'apple.publicKey'")
    }
    var keys = Keys(postbackKeys: [try key(encoded, at: "apple.publicKey")])
    if let section = fields["adAttributionKit"] {
      guard case .object(let byKeyId) = section else {
        throw Problem(description: "keys.json 'adAttributionKit' is not an object of keys by key ID")
      }
      // Sorted, so the first problem reported is the same every time.
      for keyId in byKeyId.keys.sorted() {
        guard case .object(let entry) = byKeyId[keyId], case .string(let encoded) = entry["publicKey"] else {
          throw Problem(description: "keys.json has no 'adAttributionKit.\(keyId).publicKey'")
        }
        keys.adAttributionKitKeys[keyId] = try key(encoded, at: "adAttributionKit.\(keyId).publicKey")
      }
    }
    return keys
  }

  private static func key(_ encoded: String, at path: String) throws(Problem) -> ECPublicKey {
    do {
      return try ECPublicKey(base64SPKI: encoded)
    } catch {
      throw Problem(description: "keys.json '\(path)': \(error.description)")
    }
  }
}
