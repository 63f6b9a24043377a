import CLibCrypto

/// Signs with ECDSA-SHA256 so that the same key, seed and message always give the same
/// signature, as a simulator's byte-identical outputs need.
///
/// libcrypto 3.0 has no deterministic ECDSA (RFC 6979 arrived in 3.2). Its nonce generator
/// mixes the private key, the message digest and bytes from the library context's private
/// random generator; this signer gives that generator its own library context whose source
/// is libcrypto's TEST-RAND, fed with the seed before each signature. All the arithmetic and
/// the nonce derivation stay libcrypto's. Use one signer from one thread at a time.
public final class DeterministicSigner {
  private let key: ECPrivateKey
  private let library: OpaquePointer
  private let generator: OpaquePointer
  private var entropy: [UInt8]

  /// A signer for `key` whose nonces derive from `seed` (any length; 32 bytes or more).
  public init(key: ECPrivateKey, seed: [UInt8]) throws(CryptoError) {
    guard !seed.isEmpty else { throw .invalidKey("a deterministic signer needs a non-empty seed") }
    guard let library = OSSL_LIB_CTX_new() else { throw .fromLibrary("cannot create a library context") }
    guard RAND_set_DRBG_type(library, "TEST-RAND", nil, nil, nil) == 1, let generator = RAND_get0_private(library) else {
      OSSL_LIB_CTX_free(library)
      throw .fromLibrary("libcrypto's TEST-RAND generator is not available")
    }
    self.key = key
    self.library = library
    self.generator = generator
    // Enough bytes for every draw one signature makes, repeating the seed's digest chain.
    var bytes: [UInt8] = []
    var block = SHA256.hash(seed)
    while bytes.count < 512 {
      bytes += block
      block = SHA256.hash(block + seed)
    }
    entropy = bytes
  }

  deinit { OSSL_LIB_CTX_free(library) }

  /// The DER signature of `message`.
  public func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
    try resetGenerator()
    return try key.key.sign(message, library: library)
  }

  /// The raw r‖s signature of `message` (JWS ES256).
  public func rawSignature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
    try ECDSASignature.raw(fromDER: signature(for: message), curve: key.curve)
  }

  /// Rewinds the generator to the seed's bytes, so each signature starts from the same state.
  private func resetGenerator() throws(CryptoError) {
    let ok = OSSL_RAND_PARAM_TEST_ENTROPY.withCString { name in
      entropy.withUnsafeMutableBytes { bytes in
        var parameters = [
          OSSL_PARAM_construct_octet_string(name, bytes.baseAddress, bytes.count), OSSL_PARAM_construct_end(),
        ]
        return EVP_RAND_CTX_set_params(generator, &parameters) == 1
      }
    }
    guard ok else { throw .fromLibrary("cannot seed the signing generator") }
  }
}
