import CLibCrypto

/// The elliptic curves Apple's attribution signatures use.
public enum Curve: String, Sendable, CaseIterable {
  /// secp192r1: Apple's key for SKAdNetwork 1.0 and 2.0 postbacks.
  case p192 = "P-192"
  /// secp256r1 (prime256v1): everything since SKAdNetwork 2.1, and ES256 for JWS.
  case p256 = "P-256"

  /// Bytes of one coordinate or scalar.
  public var byteCount: Int { self == .p192 ? 24 : 32 }

  var nid: Int32 { self == .p192 ? NID_X9_62_prime192v1 : NID_X9_62_prime256v1 }
  var groupName: String { self == .p192 ? "prime192v1" : "prime256v1" }

  init?(nid: Int32) {
    switch nid {
    case NID_X9_62_prime192v1: self = .p192
    case NID_X9_62_prime256v1: self = .p256
    default: return nil
    }
  }
}
