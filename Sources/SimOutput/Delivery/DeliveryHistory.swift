import Foundation
import SimJSON
import SimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an earlier delivery into the same folder logged in `deliveries.jsonl`: the attempts a
/// rerun reads to resume it, sending again none of the postbacks the receiver already accepted.
public struct DeliveryHistory: Sendable {
  /// One logged attempt, as much of it as resuming needs.
  public struct Entry: Sendable, Hashable {
    /// 1-based line in the log.
    public var line: Int
    /// The postback's identifier (`transaction-id` or `postback-identifier`).
    public var postback: String
    /// `ad-network` or `developer`.
    public var recipient: String
    /// The URL it was POSTed to.
    public var url: String
    /// `delivered`, `retry` or `gave up`.
    public var outcome: DeliveryAttempt.Outcome
    /// Whether the attempt went out unanswered.
    public var uncertain: Bool
  }

  /// What resuming a delivery comes to: postbacks not to send again, and those an unanswered
  /// attempt may already have reached.
  public struct Resumption: Sendable, Equatable {
    /// Positions (in the list delivered) of postbacks the receiver accepted earlier.
    public var accepted: Set<Int> = []
    /// Positions of postbacks not accepted whose earlier attempt went out unanswered: sending
    /// them again may deliver them twice.
    public var unanswered: Set<Int> = []

    /// Nothing to skip: a first delivery.
    public init() {}
  }

  /// Why a log is not this delivery's: a line about a postback this run did not make, or sent
  /// to another URL.
  public struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// Lowercase, naming the line.
    public var description: String
  }

  /// Why the log cannot be read: the rerun stops before anything is run or written.
  public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `line:column` in the log, when the problem is on one of its lines.
    public var location: String?
    /// What is wrong, lowercase.
    public var message: String

    /// `message`, at `location` when on a line.
    init(_ message: String, at location: String? = nil) {
      self.message = message
      self.location = location
    }

    /// `line:column: message`, or the message alone.
    public var description: String { (location.map { "\($0): " } ?? "") + message }
  }

  /// Every whole line read, in order.
  public var entries: [Entry]
  /// The log's whole lines, exactly as read, each with its line break: a resumed log starts
  /// with them.
  public var text: String
  /// Whether the last line was cut short (the run was killed while writing it); it is dropped.
  public var droppedPartialLine: Bool

  /// The earlier log at `file`, or nil when there is none.
  public static func read(from file: URL) throws(ReadError) -> DeliveryHistory? {
    var status = stat()
    guard lstat(file.path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw ReadError("cannot read it: \(String(cString: strerror(errno)))")
    }
    // A FIFO would block the read, and a link or a folder is not a log this tool wrote.
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw ReadError("expected the log of an earlier delivery (a regular file), found \(kind(status.st_mode))")
    }
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw ReadError("cannot read it: \(FileProblem(path: file.path, error: error).reason)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ReadError("expected UTF-8 text (JSON lines), found other bytes")
    }
    return try parse(text)
  }

  /// The history `text` (a log's whole content) holds.
  package static func parse(_ text: String) throws(ReadError) -> DeliveryHistory {
    var entries: [Entry] = []
    var kept = ""
    var dropped = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (offset, line) in lines.enumerated() {
      let number = offset + 1
      let whole = offset < lines.count - 1
      if line.isEmpty { continue }
      do {
        entries.append(try entry(String(line), line: number))
        kept += line + "\n"
      } catch {
        // Only a last line without its line break can be a write cut short.
        if !whole {
          dropped = true
          continue
        }
        throw error
      }
    }
    return DeliveryHistory(entries: entries, text: kept, droppedPartialLine: dropped)
  }

  private static func entry(_ line: String, line number: Int) throws(ReadError) -> Entry {
    let node: JSONNode
    do {
      node = try JSONParser.parse(line)
    } catch {
      throw ReadError("expected a delivery attempt (a JSON object), found \(error.message)", at: "\(number):\(error.location.column)")
    }
    guard case .object(let fields) = JSONValue(node) else {
      throw ReadError("expected a delivery attempt (a JSON object), found another value", at: "\(number):1")
    }
    func text(_ name: String) throws(ReadError) -> String {
      guard case .string(let value) = fields[name] else {
        throw ReadError("expected '\(name)' to be a string in a delivery attempt, found \(fields[name] == nil ? "none" : "another value")", at: "\(number):1")
      }
      return value
    }
    let outcomeText = try text("outcome")
    guard let outcome = DeliveryAttempt.Outcome(rawValue: outcomeText) else {
      throw ReadError("expected 'outcome' to be delivered, retry or gave up, found '\(outcomeText)'", at: "\(number):1")
    }
    var uncertain = false
    if case .bool(let flag) = fields["uncertain"] { uncertain = flag }
    return Entry(
      line: number, postback: try text("postback"), recipient: try text("recipient"), url: try text("url"),
      outcome: outcome, uncertain: uncertain)
  }

  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    default: "another kind of file"
    }
  }
}
