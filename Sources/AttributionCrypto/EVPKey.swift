import CLibCrypto
import Foundation

/// Owns one libcrypto `EVP_PKEY`. Keys are immutable once built, and libcrypto allows one key
/// to be used from several threads for signing and verifying.
final class EVPKey: @unchecked Sendable {
  let pointer: OpaquePointer
  /// Verification contexts set up for this key, kept for reuse: setting one up (fetching the
  /// algorithm, binding the key) cost a tenth of a verification. Each is used by one thread at
  /// a time, under `lock`.
  private var verifyContexts: [OpaquePointer] = []
  private let lock = NSLock()

  /// The public half as DER SubjectPublicKeyInfo, computed once: it names the key in the
  /// ``SignatureLedger``. Nil for a private key stored without its public half.
  let publicKeyIdentity: [UInt8]?

  init(_ pointer: OpaquePointer) {
    self.pointer = pointer
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_PUBKEY(pointer, &output)
    if length > 0, let output {
      publicKeyIdentity = Array(UnsafeBufferPointer(start: output, count: Int(length)))
      CRYPTO_free(output, #fileID, #line)
    } else {
      ERR_clear_error()
      publicKeyIdentity = nil
    }
  }

  deinit {
    for context in verifyContexts { EVP_PKEY_CTX_free(context) }
    EVP_PKEY_free(pointer)
  }

  /// Whether `signature` (DER) is a valid ECDSA signature of the SHA-256 `digest`: the same
  /// check as verifying the message itself, which libcrypto hashes and then checks exactly so.
  func verifies(_ signature: [UInt8], digest: [UInt8]) -> Bool {
    if let identity = publicKeyIdentity,
      SignatureLedger.shared.contains(publicKey: identity, digest: digest, signature: signature)
    {
      return true
    }
    lock.lock()
    var context = verifyContexts.popLast()
    lock.unlock()
    if context == nil {
      context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil)
      if let made = context, EVP_PKEY_verify_init(made) != 1 {
        EVP_PKEY_CTX_free(made)
        context = nil
      }
    }
    guard let context else {
      ERR_clear_error()
      return false
    }
    let valid = EVP_PKEY_verify(context, signature, signature.count, digest, digest.count) == 1
    if !valid { ERR_clear_error() }
    lock.lock()
    verifyContexts.append(context)
    lock.unlock()
    return valid
  }

  /// The key's curve, if it is an EC key on a supported one.
  var curve: Curve? {
    guard EVP_PKEY_get_base_id(pointer) == EVP_PKEY_EC else { return nil }
    var name = [CChar](repeating: 0, count: 64)
    var length = 0
    guard EVP_PKEY_get_utf8_string_param(pointer, OSSL_PKEY_PARAM_GROUP_NAME, &name, name.count, &length) == 1 else {
      return nil
    }
    return Curve(nid: OBJ_sn2nid(name))
  }

  /// DER SubjectPublicKeyInfo of the public half.
  var spkiDER: [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let length = i2d_PUBKEY(pointer, &output)
    precondition(length > 0, "libcrypto could not encode a public key")
    defer { CRYPTO_free(output, #fileID, #line) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }

  /// A DER ECDSA-SHA256 signature of `message`, with nonces from the default context's generator.
  func sign(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
    try EVPKey.withDigestContext { context throws(CryptoError) -> [UInt8] in
      var length = 0
      guard EVP_DigestSignInit_ex(context, nil, "SHA256", nil, nil, pointer, nil) == 1,
        EVP_DigestSign(context, nil, &length, message, message.count) == 1
      else { throw .fromLibrary("cannot start signing") }
      var signature = [UInt8](repeating: 0, count: length)
      guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
        throw .fromLibrary("cannot sign")
      }
      return Array(signature.prefix(length))
    }
  }

  /// Runs `body` with a fresh message-digest context.
  static func withDigestContext<T>(_ body: (OpaquePointer) throws(CryptoError) -> T) throws(CryptoError) -> T {
    guard let context = EVP_MD_CTX_new() else { throw CryptoError.fromLibrary("cannot allocate a digest context") }
    defer { EVP_MD_CTX_free(context) }
    return try body(context)
  }
}

/// Reads DER or PEM through libcrypto's decoders.
enum KeyDecoding {
  /// Runs a libcrypto `d2i_…` decoder over `bytes`.
  static func der(
    _ bytes: [UInt8], _ decode: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?
  ) -> OpaquePointer? {
    bytes.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return decode(&cursor, buffer.count)
    }
  }

  static func withBIO<T>(_ text: String, _ body: (OpaquePointer) -> T?) -> T? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { buffer -> T? in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
      defer { BIO_free(bio) }
      return body(bio)
    }
  }
}
