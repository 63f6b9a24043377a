import CLibCrypto
import Foundation

/// Signs with ECDSA-SHA256 so that the same key, seed and message always give the same
/// signature, as a simulator's byte-identical outputs need.
///
/// libcrypto 3.0 has no deterministic ECDSA (RFC 6979 arrived in 3.2). Its nonce generator
/// mixes the private key, the message digest and bytes from the library context's private
/// random generator; this signer gives that generator its own library context whose source
/// is libcrypto's TEST-RAND, fed with the seed before each signature. All the arithmetic and
/// the nonce derivation stay libcrypto's. Use one signer from one thread at a time.
///
/// The signing context, the generator's parameters and the seed's bytes are set up once: a
/// signature costs a SHA-256, a rewind of the generator (a 512-byte copy) and libcrypto's
/// signing of the digest, the same call its message-signing path ends in.
public final class DeterministicSigner {
  private let key: ECPrivateKey
  private let library: OpaquePointer
  private let generator: OpaquePointer
  private let context: OpaquePointer
  /// The seed's digest chain, and the parameter handing it to the generator; both stay at
  /// fixed addresses for the signer's life, since the parameter points into them.
  private let entropy: UnsafeMutableBufferPointer<UInt8>
  private let parameterName: UnsafeMutablePointer<CChar>
  private let parameters: UnsafeMutablePointer<OSSL_PARAM>
  private let maximumLength: Int
  /// Whether each signature goes into the ``SignatureLedger``, so that verifying it with the
  /// matching public key over the same message skips the arithmetic (with the same answer).
  public var keepsLedger = false

  /// A signer for `key` whose nonces derive from `seed` (any length; 32 bytes or more).
  public init(key: ECPrivateKey, seed: [UInt8]) throws(CryptoError) {
    guard !seed.isEmpty else { throw .invalidKey("a deterministic signer needs a non-empty seed") }
    guard let library = OSSL_LIB_CTX_new() else { throw .fromLibrary("cannot create a library context") }
    guard RAND_set_DRBG_type(library, "TEST-RAND", nil, nil, nil) == 1, let generator = RAND_get0_private(library) else {
      OSSL_LIB_CTX_free(library)
      throw .fromLibrary("libcrypto's TEST-RAND generator is not available")
    }
    // The key is bound in the signer's own library context, so its nonces come from TEST-RAND.
    guard let context = EVP_PKEY_CTX_new_from_pkey(library, key.key.pointer, nil) else {
      OSSL_LIB_CTX_free(library)
      throw .fromLibrary("cannot create a signing context")
    }
    guard EVP_PKEY_sign_init(context) == 1 else {
      EVP_PKEY_CTX_free(context)
      OSSL_LIB_CTX_free(library)
      throw .fromLibrary("cannot start signing")
    }
    self.key = key
    self.library = library
    self.generator = generator
    self.context = context
    maximumLength = Int(EVP_PKEY_get_size(key.key.pointer))
    // Enough bytes for every draw one signature makes, repeating the seed's digest chain.
    var bytes: [UInt8] = []
    var block = SHA256.hash(seed)
    while bytes.count < 512 {
      bytes += block
      block = SHA256.hash(block + seed)
    }
    entropy = .allocate(capacity: bytes.count)
    _ = entropy.initialize(from: bytes)
    parameterName = strdup(OSSL_RAND_PARAM_TEST_ENTROPY)
    parameters = .allocate(capacity: 2)
    parameters[0] = OSSL_PARAM_construct_octet_string(parameterName, entropy.baseAddress, entropy.count)
    parameters[1] = OSSL_PARAM_construct_end()
  }

  deinit {
    EVP_PKEY_CTX_free(context)
    OSSL_LIB_CTX_free(library)
    parameters.deallocate()
    free(parameterName)
    entropy.deallocate()
  }

  /// The DER signature of `message`.
  public func signature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
    // Rewinds the generator to the seed's bytes, so each signature starts from the same state
    // and its nonce depends on the key and the message alone.
    guard EVP_RAND_CTX_set_params(generator, parameters) == 1 else {
      throw .fromLibrary("cannot seed the signing generator")
    }
    let digest = SHA256.hash(message)
    var length = maximumLength
    let signature = [UInt8](unsafeUninitializedCapacity: maximumLength) { buffer, count in
      count = EVP_PKEY_sign(context, buffer.baseAddress, &length, digest, digest.count) == 1 ? length : 0
    }
    guard !signature.isEmpty else { throw .fromLibrary("cannot sign") }
    if keepsLedger, let identity = key.key.publicKeyIdentity {
      SignatureLedger.shared.record(publicKey: identity, digest: digest, signature: signature)
    }
    return signature
  }

  /// The raw r‖s signature of `message` (JWS ES256).
  public func rawSignature(for message: [UInt8]) throws(CryptoError) -> [UInt8] {
    try ECDSASignature.raw(fromDER: signature(for: message), curve: key.curve)
  }
}
