import CLibCrypto

/// An ECDSA public key on P-192 or P-256, for verifying SHA-256 signatures.
public struct ECPublicKey: Sendable {
  let key: EVPKey
  /// The key's curve.
  public let curve: Curve

  init(key: EVPKey) throws(CryptoError) {
    guard let curve = key.curve else { throw .invalidKey("not an EC key on P-192 or P-256") }
    self.key = key
    self.curve = curve
  }

  /// A key from DER SubjectPublicKeyInfo bytes.
  public init(spkiDER bytes: [UInt8]) throws(CryptoError) {
    let decoded = KeyDecoding.der(bytes) { d2i_PUBKEY(nil, $0, $1) }
    guard let decoded else { throw .invalidKey("not a DER SubjectPublicKeyInfo") }
    try self.init(key: EVPKey(decoded))
  }

  /// A key from base64 DER SubjectPublicKeyInfo, the form Apple publishes (rulebook §7.4).
  public init(base64SPKI text: String) throws(CryptoError) {
    try self.init(spkiDER: Base64.decode(text))
  }

  /// A key from a PEM `PUBLIC KEY` block.
  public init(pem text: String) throws(CryptoError) {
    guard let decoded = KeyDecoding.withBIO(text, { PEM_read_bio_PUBKEY($0, nil, nil, nil) }) else {
      throw .invalidKey("not a PEM 'PUBLIC KEY' block")
    }
    try self.init(key: EVPKey(decoded))
  }

  /// DER SubjectPublicKeyInfo.
  public var spkiDER: [UInt8] { key.spkiDER }

  /// Whether `signature` (DER) is a valid ECDSA-SHA256 signature of `message`.
  public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
    key.verifies(signature, digest: SHA256.hash(message))
  }

  /// Whether `signature` (raw r‖s, as in JWS ES256) is a valid ECDSA-SHA256 signature of `message`.
  public func isValidRawSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
    guard let der = try? ECDSASignature.der(fromRaw: signature, curve: curve) else { return false }
    return isValidSignature(der, for: message)
  }
}
