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
    // Byte by byte: string replacement made JWS handling the run's hot spot.
    var utf8 = Array(encode(bytes).utf8)
    while utf8.last == UInt8(ascii: "=") { utf8.removeLast() }
    for index in utf8.indices {
      if utf8[index] == UInt8(ascii: "+") { utf8[index] = UInt8(ascii: "-") }
      if utf8[index] == UInt8(ascii: "/") { utf8[index] = UInt8(ascii: "_") }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Decodes base64url; padding is not allowed, as in JWS.
  public static func decodeURL(_ text: String) throws(CryptoError) -> [UInt8] {
    var utf8 = Array(text.utf8)
    func isURLSafe(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "_"):
        true
      default: false
      }
    }
    guard utf8.allSatisfy(isURLSafe), utf8.count % 4 != 1 else {
      throw .malformedBase64("'\(text.prefix(40))\(text.count > 40 ? "…" : "")' is not base64url without padding")
    }
    for index in utf8.indices {
      if utf8[index] == UInt8(ascii: "-") { utf8[index] = UInt8(ascii: "+") }
      if utf8[index] == UInt8(ascii: "_") { utf8[index] = UInt8(ascii: "/") }
    }
    while utf8.count % 4 != 0 { utf8.append(UInt8(ascii: "=")) }
    guard let data = Data(base64Encoded: Data(utf8)) else {
      throw .malformedBase64("'\(text.prefix(40))\(text.count > 40 ? "…" : "")' is not base64url without padding")
    }
    return [UInt8](data)
  }
}
