import CLibCrypto

/// Why a key, a signature or an encoding could not be used.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes or text are not a key of a supported kind (P-192 or P-256 EC keys).
  case invalidKey(String)
  /// The signature is not a well-formed DER or raw r‖s ECDSA signature.
  case malformedSignature(String)
  /// Text that should be base64 or base64url is not.
  case malformedBase64(String)
  /// libcrypto failed where it should not have; the message is its own.
  case library(String)

  public var description: String {
    switch self {
    case .invalidKey(let why): "invalid key: \(why)"
    case .malformedSignature(let why): "malformed signature: \(why)"
    case .malformedBase64(let why): "malformed base64: \(why)"
    case .library(let why): "libcrypto error: \(why)"
    }
  }

  /// libcrypto's most recent error, emptying its per-thread error queue.
  static func fromLibrary(_ context: String) -> CryptoError {
    var reasons: [String] = []
    while true {
      let code = ERR_get_error()
      if code == 0 { break }
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      reasons.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return .library(reasons.isEmpty ? context : "\(context): \(reasons.joined(separator: "; "))")
  }
}
