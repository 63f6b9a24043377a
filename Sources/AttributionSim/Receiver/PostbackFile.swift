import SimJSON

/// Reads postbacks from a file: one JSON object, a JSON array of them, or JSON lines, including
/// the simulator's own `postbacks.jsonl` (whose lines wrap the body in `payload`).
public enum PostbackFile {
  /// One postback body and where it was found.
  public struct Entry: Sendable {
    /// 1-based line for JSON lines, nil for a whole-file object or array element.
    public var line: Int?
    /// Index within a top-level array, nil otherwise.
    public var index: Int?
    /// The postback body, or why that line or element is not one.
    public var body: Result<JSONValue, JSONParseError>
  }

  /// The postbacks in `text`.
  public static func entries(in text: String) -> [Entry] {
    if let whole = try? JSONParser.parse(text) {
      switch JSONValue(whole) {
      case .array(let elements):
        return elements.enumerated().map { Entry(line: nil, index: $0.offset, body: .success(unwrapped($0.element))) }
      case let value:
        return [Entry(line: nil, index: nil, body: .success(unwrapped(value)))]
      }
    }
    var entries: [Entry] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      do {
        entries.append(Entry(line: offset + 1, index: nil, body: .success(unwrapped(JSONValue(try JSONParser.parse(String(line)))))))
      } catch {
        entries.append(Entry(line: offset + 1, index: nil, body: .failure(error)))
      }
    }
    return entries
  }

  /// The body of a `postbacks.jsonl` line; any other value as it is.
  static func unwrapped(_ value: JSONValue) -> JSONValue {
    if case .object(let fields) = value, fields["recipient"] != nil, let payload = fields["payload"] { return payload }
    return value
  }
}
