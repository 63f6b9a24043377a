import CLibCrypto
import Foundation

/// An ECDSA private key on P-256 (or P-192), for SHA-256 signatures.
///
/// libcrypto 3.0 draws a fresh random nonce per signature, so signing the same message twice
/// gives different (equally valid) signatures.
public struct ECPrivateKey: Sendable {
  let key: EVPKey
  /// The key's curve.
  public let curve: Curve

  private init(key: EVPKey) throws(CryptoError) {
    guard let curve = key.curve else { throw .invalidKey("not an EC key on P-192 or P-256") }
    self.key = key
    self.curve = curve
  }

  /// A new random key.
  public static func generate(curve: Curve = .p256) throws(CryptoError) -> ECPrivateKey {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .fromLibrary("cannot start key generation") }
    defer { EVP_PKEY_CTX_free(context) }
    var generated: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, curve.groupName) == 1,
      EVP_PKEY_generate(context, &generated) == 1, let generated
    else { throw .fromLibrary("cannot generate a \(curve.rawValue) key") }
    return try ECPrivateKey(key: EVPKey(generated))
  }

  /// The key with private scalar `scalar` (big-endian, the curve's size), which must lie in
  /// [1, n − 1]: a key derived from a seed is the same key every run.
  public init(scalar: [UInt8], curve: Curve = .p256) throws(CryptoError) {
    guard scalar.count == curve.byteCount else {
      throw .invalidKey("a \(curve.rawValue) scalar has \(curve.byteCount) bytes, found \(scalar.count)")
    }
    guard let group = EC_GROUP_new_by_curve_name(curve.nid), let numbers = BN_CTX_new() else {
      throw .fromLibrary("cannot load \(curve.rawValue)")
    }
    defer {
      EC_GROUP_free(group)
      BN_CTX_free(numbers)
    }
    guard let secret = scalar.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, Int32($0.count), nil) }) else {
      throw .fromLibrary("cannot read the scalar")
    }
    defer { BN_clear_free(secret) }
    guard BN_is_zero(secret) == 0, BN_cmp(secret, EC_GROUP_get0_order(group)) < 0 else {
      throw .invalidKey("the scalar is not in [1, n − 1] for \(curve.rawValue)")
    }
    // The public point d·G, uncompressed, goes into the key alongside d.
    guard let point = EC_POINT_new(group) else { throw .fromLibrary("cannot allocate a point") }
    defer { EC_POINT_free(point) }
    var publicBytes = [UInt8](repeating: 0, count: 1 + 2 * curve.byteCount)
    guard EC_POINT_mul(group, point, secret, nil, nil, numbers) == 1,
      EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, &publicBytes, publicBytes.count, numbers)
        == publicBytes.count
    else { throw .fromLibrary("cannot compute the public key") }
    // The builder keeps pointers to the parameter names, the curve name and the point until
    // `to_param` copies them, so all stay pinned for the whole build.
    let names: [UnsafeMutablePointer<CChar>] = [OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PKEY_PARAM_PRIV_KEY, OSSL_PKEY_PARAM_PUB_KEY]
      .map { (name: String) in strdup(name)! }
    defer { names.forEach { free($0) } }
    let result = curve.groupName.withCString { name in
      publicBytes.withUnsafeBufferPointer { point in Result { () throws(CryptoError) -> OpaquePointer in
        guard let builder = OSSL_PARAM_BLD_new() else { throw .fromLibrary("cannot allocate parameters") }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard OSSL_PARAM_BLD_push_utf8_string(builder, names[0], name, 0) == 1,
          OSSL_PARAM_BLD_push_BN(builder, names[1], secret) == 1,
          OSSL_PARAM_BLD_push_octet_string(builder, names[2], point.baseAddress, point.count) == 1,
          let parameters = OSSL_PARAM_BLD_to_param(builder)
        else { throw .fromLibrary("cannot describe the key") }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw .fromLibrary("cannot build a key") }
        defer { EVP_PKEY_CTX_free(context) }
        var built: OpaquePointer?
        // EVP_PKEY_KEYPAIR, a macro expression Swift does not import.
        let keyPair = Int32(
          OSSL_KEYMGMT_SELECT_PRIVATE_KEY | OSSL_KEYMGMT_SELECT_PUBLIC_KEY | OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS
            | OSSL_KEYMGMT_SELECT_OTHER_PARAMETERS)
        guard EVP_PKEY_fromdata_init(context) == 1, EVP_PKEY_fromdata(context, &built, keyPair, parameters) == 1,
          let built
        else { throw .fromLibrary("cannot build a key") }
        return built
      } }
    }
    let built = try result.get()
    try self.init(key: EVPKey(built))
  }

  /// A key from DER PKCS#8 (or SEC 1) bytes.
  public init(pkcs8DER bytes: [UInt8]) throws(CryptoError) {
    let decoded = KeyDecoding.der(bytes) { d2i_AutoPrivateKey(nil, $0, $1) }
    guard let decoded else { throw .invalidKey("not a DER private key") }
    try self.init(key: EVPKey(decoded))
  }

  /// A key from a PEM `PRIVATE KEY` (or `EC PRIVATE KEY`) block.
  public init(pem text: String) throws(CryptoError) {
    guard let decoded = KeyDecoding.withBIO(text, { PEM_read_bio_PrivateKey($0, nil, nil, nil) }) else {
      throw .invalidKey("not a PEM private key")
    }
    try self.init(key: EVPKey(decoded))
  }

  /// DER PKCS#8.
  public var pkcs8DER: [UInt8] {
    guard let info = EVP_PKEY2PKCS8(key.pointer) else { preconditionFailure("libcrypto could not export a key") }
    defer { PKCS8_PRIV_KEY_INFO_free(info) }
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_PKCS8_PRIV_KEY_INFO(info, &output)
    precondition(length > 0, "libcrypto could not encode a key")
    defer { CRYPTO_free(output, #fileID, #line) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }

  /// PEM `PRIVATE KEY` (PKCS#8), as `openssl genpkey` writes it.
  public var pem: String {
    let encoded = Array(Base64.encode(pkcs8DER))
    let lines = stride(from: 0, to: encoded.count, by: 64).map { String(encoded[$0..<min($0 + 64, encoded.count)]) }
    return "-----BEGIN PRIVATE KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PRIVATE KEY-----\n"
  }

  /// The matching public key.
  public var publicKey: ECPublicKey {
    // Reading our own encoding back cannot fail for a key that exists.
    try! ECPublicKey(spkiDER: key.spkiDER)
  }

  /// An ECDSA-SHA256 signature of `message`, DER-encoded.
  public func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
    try key.sign(message)
  }

  /// An ECDSA-SHA256 signature of `message` as raw r‖s (JWS ES256).
  public func rawSignature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
    try ECDSASignature.raw(fromDER: signature(for: message), curve: curve)
  }
}
