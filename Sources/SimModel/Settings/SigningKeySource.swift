/// Where one signing key comes from.
public enum SigningKeySource: Hashable, Sendable {
  /// Derived from the scenario seed and the key's owner: the same scenario always has the same keys.
  case derivedFromSeed
  /// A P-256 private key in PEM (PKCS#8 or SEC 1) read from `path`, as the scenario names it.
  case pem(path: String, text: String)
}
