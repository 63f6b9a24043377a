import SimJSON
import SimModel

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
    /// The `time` of a `postbacks.jsonl` line (when it was sent, ISO 8601); nil otherwise.
    public var time: String? = nil

    /// Where it is in the file at `path`, as messages name it: `path:line` or `path[index]`.
    public func place(in path: String) -> String {
      path + (line.map { ":\($0)" } ?? "") + (index.map { "[\($0)]" } ?? "")
    }
  }

  /// Why a file has no postbacks to check at all.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is empty, or holds only white space.
    case empty
    /// The bytes are not UTF-8 text (binary data, say) from this offset on.
    case notUTF8(byteOffset: Int)
    /// The text is not JSON or JSON lines: the whole file's parse error and its byte offset.
    case notJSON(JSONParseError, byteOffset: Int)
    /// The file is JSON but holds no postback object: an empty array, or only other values.
    case noPostbacks(found: String)

    /// Where in the file, as "line:column", when known.
    public var location: SourceLocation? {
      if case .notJSON(let error, _) = self { return error.location }
      return nil
    }

    public var description: String {
      switch self {
      case .empty: "the file is empty; expected postbacks: a JSON object, an array of them, or JSON lines"
      case .notUTF8(let offset): "not UTF-8 text (byte offset \(offset)): binary data, not postbacks"
      case .notJSON(let error, let offset): "not JSON (byte offset \(offset)): \(error.message)"
      case .noPostbacks(let found): "no postbacks: found \(found); expected a JSON object, an array of them, or JSON lines"
      }
    }
  }

  /// The postbacks in a file's bytes; a file with none to check (empty, binary, not JSON, or JSON
  /// without a single object) is a ``Problem``, so a receiver never reports such a file as checked.
  public static func entries(inFile bytes: [UInt8]) throws(Problem) -> [Entry] {
    let text: String
    do {
      text = try UTF8Text.decode(bytes)
    } catch {
      throw .notUTF8(byteOffset: error.byteOffset)
    }
    guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
    let entries = entries(in: text)
    guard !entries.contains(where: { if case .success(.object) = $0.body { true } else { false } }) else { return entries }
    let whole: JSONValue
    do {
      whole = JSONValue(try JSONParser.parse(text))
    } catch {
      // JSON lines that all parse but hold no object; otherwise the file is not JSON at all.
      guard entries.contains(where: { if case .failure = $0.body { true } else { false } }) else {
        throw .noPostbacks(found: "JSON lines without objects")
      }
      throw .notJSON(error, byteOffset: UTF8Text.byteOffset(of: error.location, in: text))
    }
    switch whole {
    case .array(let elements): throw .noPostbacks(found: elements.isEmpty ? "an empty array" : "an array without objects")
    case .object: return entries  // a postbacks.jsonl line whose payload is not an object: rejected as such
    case .string: throw .noPostbacks(found: "a string")
    case .int, .double: throw .noPostbacks(found: "a number")
    case .bool: throw .noPostbacks(found: "a boolean")
    case .null: throw .noPostbacks(found: "null")
    }
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
  package static func entry(line: Int?, index: Int?, _ value: JSONValue) -> Entry {
    if case .object(let fields) = value, case .string(let recipient) = fields["recipient"], let payload = fields["payload"] {
      var entry = Entry(line: line, index: index, body: .success(payload), recipient: recipient)
      if case .string(let time) = fields["time"] { entry.time = time }
      return entry
    }
    return Entry(line: line, index: index, body: .success(value))
  }
}
