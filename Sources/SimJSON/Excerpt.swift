/// Input text as messages quote it: cut to a readable length, control characters visible.
///
/// Anything a file or command line supplies can be megabytes long or hold line breaks; a message
/// must stay one readable line, so every echo of input goes through here.
public enum Excerpt {
  /// Characters shown before the cut.
  public static let limit = 30

  /// `text` in single quotes; when longer than `limit` characters, cut with "…" and followed by
  /// its length, e.g. `'123456789012345678901234567890…' (1000000 characters)`.
  public static func quoted(_ text: String) -> String {
    let head = text.prefix(limit + 1)
    guard head.count > limit else { return "'\(visible(Substring(head)))'" }
    return "'\(visible(head.prefix(limit)))…' (\(text.count) characters)"
  }

  /// `text` with line breaks, tabs and other control characters written as escapes.
  static func visible(_ text: Substring) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if isControl(scalar) {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// C0 and C1 control characters and DEL.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
