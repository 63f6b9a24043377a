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
    /// The `recipient` of a `postbacks.jsonl` line ("ad-network" or "developer"); nil otherwise.
    public var recipient: String?
  }

  /// The postbacks in `text`.
  public static func entries(in text: String) -> [Entry] {
    if let whole = try? JSONParser.parse(text) {
      switch JSONValue(whole) {
      case .array(let elements):
        return elements.enumerated().map { entry(line: nil, index: $0.offset, $0.element) }
      case let value:
        return [entry(line: nil, index: nil, value)]
      }
    }
    var entries: [Entry] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      do {
        entries.append(entry(line: offset + 1, index: nil, JSONValue(try JSONParser.parse(String(line)))))
      } catch {
        entries.append(Entry(line: offset + 1, index: nil, body: .failure(error)))
      }
    }
    return entries
  }

  /// An entry for `value`: a `postbacks.jsonl` line is unwrapped to its payload and recipient;
  /// any other value is the body as it is.
  static func entry(line: Int?, index: Int?, _ value: JSONValue) -> Entry {
    if case .object(let fields) = value, case .string(let recipient) = fields["recipient"], let payload = fields["payload"] {
      return Entry(line: line, index: index, body: .success(payload), recipient: recipient)
    }
    return Entry(line: line, index: index, body: .success(value))
  }
}
