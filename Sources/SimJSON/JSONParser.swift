/// Parses JSON and JSON5 text into a tree of located nodes.
///
/// Accepted beyond strict JSON (the JSON5 extensions): `//` and `/* */` comments, trailing
/// commas, unquoted identifier keys, single-quoted strings, the escapes `\'`, `\xHH`, `\0`, `\v`
/// and backslash-newline, hex integers, a leading `+`, a leading or trailing decimal point,
/// `Infinity`, `-Infinity` and `NaN`. Stricter than JSON5 in two ways that catch mistakes:
/// unknown escapes such as `\q` and duplicate keys are errors.
public enum JSONParser {
  /// Parses a single top-level value, which may be surrounded by whitespace and comments.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONNode {
    var scanner = JSON5Scanner(text)
    return try scanner.parseDocument()
  }

  /// Whether the first thing in `text` after whitespace and comments is `{`: a test of whether a
  /// file is meant as a JSON object at all, before any of it is quoted back in a message.
  public static func opensWithObject(_ text: String) -> Bool {
    var scanner = JSON5Scanner(text)
    do { try scanner.skipTrivia() } catch { return false }
    return scanner.peek() == UInt8(ascii: "{")
  }
}
