import Foundation
import SimJSON
import SimModel

/// Reads Google Analytics 4 / Firebase's BigQuery export as newline-delimited JSON, one event
/// per line: `user_pseudo_id`, `event_timestamp` (microseconds), `event_name`, `geo.country`,
/// `event_value_in_usd`, `event_params[]` with typed values, `traffic_source.source` and `.name`.
///
/// `first_open` is the first launch and `session_start` a session; `in_app_purchase` and
/// `purchase` are in-app revenue and `app_store_refund` its refund; `ad_impression` is ad revenue.
/// Revenue is `event_value_in_usd` when the export has it, else the `value` and `currency`
/// parameters. BigQuery writes 64-bit integers as strings, so both are read as numbers.
package struct GA4LogReader {
  private var lines: LogLines
  private var path: String { lines.path }
  /// The scanner's scratch space.
  private let scratch = GA4LineScanner.Scratch()

  /// Reads the log at `path`; with `bytes`, only that stretch of it (``LogLines/stretches(of:count:)``),
  /// its lines numbered from 1.
  package init(path: String, maximumLineBytes: Int = 1 << 20, bytes: Range<Int>? = nil) throws(FileProblem) {
    lines = try LogLines(path: path, maximumLineBytes: maximumLineBytes, bytes: bytes)
  }

  /// The next event; nil at the end of the log. Blank lines are skipped. A line that is not a
  /// GA4 event is an error at its line and column; the caller may skip it and read on.
  package mutating func next() throws(LogReadError) -> (line: Int, row: LogRow)? {
    guard let (number, bytes) = try lines.nextNonBlank() else { return nil }
    if let row = GA4LineScanner.row(bytes, scratch: scratch) { return (number, row) }
    do { return (number, try parsedRow(bytes, line: number)) } catch { throw .row(error) }
  }

  /// Reads every event into `part`, until the end or until `part` ends the reading; the lines
  /// the scanner vouches for go in without becoming rows of Strings.
  mutating func read(into part: inout LogPart) {
    while true {
      let line: (number: Int, bytes: ArraySlice<UInt8>)?
      do { line = try lines.nextNonBlank() } catch {
        part.refuse(error)
        return
      }
      guard let (number, bytes) = line else {
        part.finish(lines: lines.linesTaken)
        return
      }
      let scanned = GA4LineScanner.scan(bytes, scratch: scratch) { scanner in part.add(scanner, line: number) }
      if let scanned {
        guard scanned else { return }
        continue
      }
      let row: LogRow
      do { row = try parsedRow(bytes, line: number) } catch {
        guard part.refuse(.row(error)) else { return }
        continue
      }
      guard part.add(row, line: number, currencyColumn: 1) else { return }
    }
  }

  /// The general reading of a line: the JSON5 parser's tree, with every error located. The
  /// scanner's rows are this path's, for the lines it vouches for.
  func parsedRow(_ bytes: ArraySlice<UInt8>, line: Int) throws(ScenarioDiagnostic) -> LogRow {
    func fail(_ at: SourceLocation, _ field: String, _ message: String) -> ScenarioDiagnostic {
      ScenarioDiagnostic(file: path, location: SourceLocation(line: line, column: at.column), path: field, message: message)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ScenarioDiagnostic(
        file: path, location: SourceLocation(line: line, column: 1), path: "", message: "expected UTF-8 text, found bytes that are not")
    }
    let node: JSONNode
    do {
      node = try JSONParser.parse(text)
    } catch {
      // The parser quotes what it found, which on a malformed line may be the user's identifier:
      // the message keeps what was expected and the column.
      let expected = error.message.range(of: ", found ").map { String(error.message[..<$0.lowerBound]) } ?? error.message
      // A line that does not even open an object is most often a table given the wrong format.
      let opensObject = text.drop { $0 == " " || $0 == "\t" }.first == "{"
      let hint = opensObject ? "" : "; the line does not start with '{': is this a delimited table (format \"delimited\" or \"appsFlyer\")?"
      throw fail(error.location, "", "expected one GA4 event as a JSON object per line: \(expected)\(hint)")
    }
    guard case .object(let members) = node.value else {
      throw fail(node.location, "", "expected a GA4 event (a JSON object), found \(node.value.kindName)")
    }
    let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    func required(_ key: String) throws(ScenarioDiagnostic) -> JSONNode {
      guard let found = fields[key], !found.isNull else {
        throw fail(node.location, key, "expected a GA4 event with \(key), found none")
      }
      return found
    }
    // The identifier itself is never quoted back: it is the user's.
    let userNode = try required("user_pseudo_id")
    guard case .string(let user) = userNode.value, !user.isEmpty else {
      let found = if case .string = userNode.value { "an empty string" } else { userNode.value.kindName }
      throw fail(userNode.location, "user_pseudo_id", "expected a non-empty string, found \(found)")
    }
    let timeNode = try required("event_timestamp")
    guard let micros = timeNode.wholeNumber, micros >= 0 else {
      throw fail(timeNode.location, "event_timestamp", "expected microseconds since 1970 (a non-negative whole number), found \(timeNode.quoted)")
    }
    let nameNode = try required("event_name")
    guard case .string(let name) = nameNode.value, !name.isEmpty else {
      throw fail(nameNode.location, "event_name", "expected a non-empty string, found \(nameNode.quoted)")
    }
    let parameters = try Self.parameters(fields["event_params"], fail: fail)
    return Self.row(
      user: user, micros: micros, name: name, country: fields["geo"]?.member("country")?.text,
      network: fields["traffic_source"]?.member("source")?.text, campaign: fields["traffic_source"]?.member("name")?.text
    ) {
      if let usd = fields["event_value_in_usd"], let value = usd.numberValue { return (value, "USD") }
      guard let value = parameters["value"]?.numberValue ?? parameters["price"]?.numberValue else { return nil }
      return (value, parameters["currency"]?.text)
    }
  }

  /// The row of an event's fields, as both readings take them; `revenue` (the amount and its
  /// currency, when the event states one) is asked only of a purchase, refund or ad impression.
  static func row(
    user: String, micros: Int64, name: String, country: String?, network: String?, campaign: String?,
    revenue: () -> (amount: Double, currency: String?)?
  ) -> LogRow {
    let kind = kind(of: name)
    var row = LogRow(user: user, time: micros / 1_000, name: name, kind: kind)
    row.country = Self.country(country)
    row.network = network
    row.campaign = campaign
    if let (amount, currency) = Self.revenue(kind: kind, refund: isRefund(name), revenue) { (row.revenue, row.currency) = (amount, currency) }
    return row
  }

  /// What an event named `name` is.
  static func kind(of name: String) -> LogRow.Kind { kinds[name] ?? .event }

  /// Whether an event named `name` is a refund, whose revenue is negative.
  static func isRefund(_ name: String) -> Bool { name == "app_store_refund" }

  /// A logged country, nil when empty or GA4's "(not set)".
  static func country(_ country: String?) -> String? { country.flatMap { $0.isEmpty || $0 == "(not set)" ? nil : $0 } }

  /// An event's revenue: what `revenue` states, asked only of a kind that has revenue, made
  /// negative for a refund.
  static func revenue(
    kind: LogRow.Kind, refund: Bool, _ revenue: () -> (amount: Double, currency: String?)?
  ) -> (amount: Double, currency: String?)? {
    guard kind == .purchase || kind == .adRevenue, let (amount, currency) = revenue() else { return nil }
    return (refund ? -abs(amount) : amount, currency)
  }

  /// `event_params` as key → typed value (the first of `string_value`, `int_value`,
  /// `float_value`, `double_value` that is set).
  private static func parameters(
    _ node: JSONNode?, fail: (SourceLocation, String, String) -> ScenarioDiagnostic
  ) throws(ScenarioDiagnostic) -> [String: JSONNode] {
    guard let node, !node.isNull else { return [:] }
    guard case .array(let elements) = node.value else {
      throw fail(node.location, "event_params", "expected an array of {key, value}, found \(node.value.kindName)")
    }
    var result: [String: JSONNode] = [:]
    for (index, element) in elements.enumerated() {
      guard let key = element.member("key")?.text, let value = element.member("value") else {
        throw fail(element.location, "event_params[\(index)]", "expected {\"key\": …, \"value\": {…}}")
      }
      let typed = ["string_value", "int_value", "float_value", "double_value"].lazy.compactMap { value.member($0) }
        .first { !$0.isNull }
      if let typed, result[key] == nil { result[key] = typed }
    }
    return result
  }

  /// GA4's automatically collected and recommended events that are not plain events.
  private static let kinds: [String: LogRow.Kind] = [
    "first_open": .firstLaunch, "session_start": .session, "in_app_purchase": .purchase, "purchase": .purchase,
    "app_store_refund": .purchase, "ad_impression": .adRevenue,
  ]
}

extension JSONNode {
  fileprivate var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  fileprivate func member(_ key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  fileprivate var text: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  /// A number, or a string holding one (BigQuery's 64-bit integers).
  fileprivate var numberValue: Double? {
    switch value {
    case .number(let number): return number.double.isFinite ? number.double : nil
    case .string(let text): return Double(text).flatMap { $0.isFinite ? $0 : nil }
    default: return nil
    }
  }

  /// A whole number, or a string of digits.
  fileprivate var wholeNumber: Int64? {
    switch value {
    case .number(let number): return number.int64
    case .string(let text): return Int64(text)
    default: return nil
    }
  }

  /// The value as a message shows it: a number or string as written, else its kind.
  fileprivate var quoted: String {
    switch value {
    case .number(let number): return number.literal
    case .string(let text): return "\"\(text.prefix(40))\""
    default: return value.kindName
    }
  }
}
