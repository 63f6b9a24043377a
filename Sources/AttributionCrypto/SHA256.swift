import CLibCrypto

/// SHA-256 from libcrypto.
public enum SHA256 {
  /// The 32-byte digest of `data`.
  public static func hash(_ data: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let ok = data.withUnsafeBytes { input in
      EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
    }
    precondition(ok == 1 && length == 32, "SHA-256 from libcrypto failed")
    return digest
  }
}
