import Foundation

/// Base64 and base64url (RFC 4648 §4 and §5), as attribution formats use them.
public enum Base64 {
  /// Standard base64 with padding.
  public static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

  /// Decodes standard base64 (padding optional); whitespace is not allowed.
  public static func decode(_ text: String) throws(CryptoError) -> [UInt8] {
    var padded = text
    if padded.count % 4 != 0 { padded += String(repeating: "=", count: 4 - padded.count % 4) }
    guard let data = Data(base64Encoded: padded) else {
      throw .malformedBase64("'\(text.prefix(40))\(text.count > 40 ? "…" : "")' is not base64")
    }
    return [UInt8](data)
  }

  /// Base64url without padding (JWS, RFC 7515 §2).
  public static func encodeURL(_ bytes: [UInt8]) -> String {
    String(encode(bytes).replacing("+", with: "-").replacing("/", with: "_").prefix { $0 != "=" })
  }

  /// Decodes base64url; padding is not allowed, as in JWS.
  public static func decodeURL(_ text: String) throws(CryptoError) -> [UInt8] {
    guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }), text.count % 4 != 1
    else {
      throw .malformedBase64("'\(text.prefix(40))\(text.count > 40 ? "…" : "")' is not base64url without padding")
    }
    return try decode(text.replacing("-", with: "+").replacing("_", with: "/"))
  }
}
