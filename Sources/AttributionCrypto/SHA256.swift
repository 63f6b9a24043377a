import CLibCrypto

/// SHA-256 from libcrypto.
public enum SHA256 {
  /// The 32-byte digest of `data`.
  public static func hash(_ data: [UInt8]) -> [UInt8] {
    data.withUnsafeBufferPointer { hash($0) }
  }

  /// The 32-byte digest of the bytes in `buffer`.
  static func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
      // The one-shot function skips the EVP digest fetch, a lock and an allocation per call.
      let written = CLibCrypto.SHA256(buffer.baseAddress, buffer.count, digest.baseAddress)
      precondition(written != nil, "SHA-256 from libcrypto failed")
      count = 32
    }
  }
}
