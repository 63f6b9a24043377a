import CLibCrypto

/// SHA-256 from libcrypto.
public enum SHA256 {
  /// libcrypto's SHA-256, fetched once: its one-shot `SHA256()` fetches the algorithm by name
  /// on every call (a name lookup under a lock), which cost more than the hashing of a short
  /// message. Fetched digests may be shared between threads.
  nonisolated(unsafe) private static let algorithm: OpaquePointer = {
    guard let fetched = EVP_MD_fetch(nil, "SHA256", nil) else { preconditionFailure("libcrypto has no SHA-256") }
    return fetched
  }()

  /// The 32-byte digest of `data`.
  public static func hash(_ data: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
      var length: UInt32 = 0
      let hashed = EVP_Digest(data, data.count, digest.baseAddress, &length, algorithm, nil)
      precondition(hashed == 1 && length == 32, "SHA-256 from libcrypto failed")
      count = 32
    }
  }
}
