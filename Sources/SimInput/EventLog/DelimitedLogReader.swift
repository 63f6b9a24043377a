import DidYouMean
import SimJSON
import SimModel

/// Reads a delimited event log (CSV, TSV, whitespace-separated, with or without a header) as
/// log rows through a ``DelimitedLogMapping``; AppsFlyer's raw-data export is one such mapping.
package struct DelimitedLogReader {
  private var lines: LogLines
  private let mapping: DelimitedLogMapping
  private let times: LogTimeParser
  /// Each mapped field's 0-based index, once the header (or the mapping alone) has said.
  private var columns: Columns?
  /// The last row read, kept so that a problem the caller finds with it can name its column.
  private var lastLine: DelimitedLine?
  private var path: String { lines.path }

  private struct Columns {
    var user = 0, time = 0
    var event: Int?, revenue: Int?, currency: Int?, kind: Int?, country: Int?, network: Int?, campaign: Int?, installTime: Int?
    /// Fields a row must have at least.
    var needed = 0
  }

  /// Reads the log at `path` with `mapping`; a time format or zone that cannot be followed is
  /// an error naming the setting.
  package init(path: String, mapping: DelimitedLogMapping, maximumLineBytes: Int = 1 << 20) throws(EventLogOpeningProblem) {
    do {
      times = try LogTimeParser(format: mapping.timeFormat, zone: mapping.timeZone)
    } catch {
      throw .setting(error)
    }
    do {
      lines = try LogLines(path: path, maximumLineBytes: maximumLineBytes)
    } catch {
      throw .file(error)
    }
    self.mapping = mapping
  }

  /// The next event; nil at the end of the log. Blank lines are skipped. A row that does not
  /// fit the mapping is an error at its line and column; the caller may skip it and read on.
  /// A header that lacks a mapped column is an error that ends the reading.
  package mutating func next() throws(LogReadError) -> (line: Int, row: LogRow)? {
    // Let go of the last row first: it shares the line buffer, which a refill would then copy.
    lastLine = nil
    while let (number, bytes) = try lines.nextNonBlank() {
      // A GA4 export (JSON lines) read as a table fails at its first quote: say what it is instead.
      if columns == nil, bytes.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "{") {
        throw .stop(
          ScenarioDiagnostic(
            file: path, location: SourceLocation(line: number, column: 1), path: "",
            message: "expected a delimited table, found a JSON object: is this a GA4 export (format: \"ga4\")?"))
      }
      let line: DelimitedLine
      do {
        line = try DelimitedLine(bytes, delimiter: mapping.delimiter, file: path, number: number)
      } catch {
        // A header that cannot be split leaves no columns to read rows by.
        throw columns == nil && mapping.header ? .stop(error) : .row(error)
      }
      if columns == nil {
        do { columns = try resolve(header: mapping.header ? line.fields : nil, raw: bytes, line: number) } catch { throw .stop(error) }
        if mapping.header { continue }
      }
      do {
        let read = try row(line, number: number)
        lastLine = line
        return (number, read)
      } catch {
        throw .row(error)
      }
    }
    return nil
  }

  /// The column of the last row's currency field (1 when the log maps none), for a currency
  /// the scenario cannot convert.
  package var currencyColumn: Int {
    guard let lastLine, let field = columns?.currency, field < lastLine.fields.count else { return 1 }
    return lastLine.column(ofField: field)
  }

  /// Each mapped column's index: by name from the header (`raw` as read), or by position.
  private func resolve(header: [String]?, raw: ArraySlice<UInt8>, line: Int) throws(ScenarioDiagnostic) -> Columns {
    func index(_ column: LogColumn, _ role: String) throws(ScenarioDiagnostic) -> Int {
      switch column {
      case .position(let position):
        guard position >= 1 else {
          throw ScenarioDiagnostic(file: path, location: nil, path: role, message: "expected a column position of 1 or more, found \(position)")
        }
        return position - 1
      case .named(let name):
        guard let header else {
          throw ScenarioDiagnostic(
            file: path, location: nil, path: role,
            message: "expected a column position (#1, #2, …) as the log has no header, found the name \"\(name)\"")
        }
        let cleaned = header.map(Self.cleaned)
        if let found = cleaned.firstIndex(of: name) { return found }
        func problem(_ message: String) -> ScenarioDiagnostic {
          ScenarioDiagnostic(file: path, location: SourceLocation(line: line, column: 1), path: role, message: message)
        }
        // Lines ending in a carriage return alone (old Mac text) read as one line of every row.
        if raw.contains(UInt8(ascii: "\r")) {
          throw problem("expected lines ending in a line feed (\\n or \\r\\n), found carriage returns alone: convert the log's line endings")
        }
        // A log without its header line: its first row's fields (a user id among them) are no names to suggest.
        if let timeField = cleaned.firstIndex(where: { times.milliseconds($0) != nil }) {
          throw problem(
            "expected a header naming the columns, found a row (field \(timeField + 1) is a time): "
              + "add the header line, or set 'header': false and give the columns by position")
        }
        // A TSV read as comma-separated (or the reverse) has one long field where its columns are.
        let delimiter = LogDelimiter.allCases.first { other in
          other != mapping.delimiter
            && (try? DelimitedLine(raw, delimiter: other, file: path, number: line))?.fields.map(Self.cleaned).contains(name) == true
        }
        let suggestion = delimiter.map { "; the header has it split by \($0.rawValue): did you mean delimiter: \"\($0.rawValue)\"?" }
          ?? Suggestion.closest(to: name, among: cleaned, prefixes: false).map { "; did you mean \"\($0)\"?" } ?? ""
        throw problem("expected a column named \"\(name)\" in the header, found none\(suggestion)")
      }
    }
    var columns = Columns()
    columns.user = try index(mapping.user, "user")
    columns.time = try index(mapping.time, "time")
    func optional(_ column: LogColumn?, _ role: String) throws(ScenarioDiagnostic) -> Int? {
      guard let column else { return nil }
      return try index(column, role)
    }
    columns.event = try optional(mapping.event, "event")
    columns.revenue = try optional(mapping.revenue, "revenue")
    columns.currency = try optional(mapping.currency, "currency")
    columns.kind = try optional(mapping.kind, "kind")
    columns.country = try optional(mapping.country, "country")
    columns.network = try optional(mapping.network, "network")
    columns.campaign = try optional(mapping.campaign, "campaign")
    columns.installTime = try optional(mapping.installTime, "installTime")
    let mapped: [Int?] = [
      columns.user, columns.time, columns.event, columns.revenue, columns.currency, columns.kind, columns.country,
      columns.network, columns.campaign, columns.installTime,
    ]
    columns.needed = 1 + (mapped.compactMap { $0 }.max() ?? 0)
    return columns
  }

  /// A header name as written, without the stray spaces or byte order mark headers often carry.
  private static func cleaned(_ name: String) -> String { name.trimmingCharacters(in: [" ", "\u{FEFF}"]) }

  private func row(_ line: DelimitedLine, number: Int) throws(ScenarioDiagnostic) -> LogRow {
    guard let columns else { preconditionFailure("columns are resolved before the first row") }
    let fields = line.fields
    func fail(_ field: Int?, _ role: String, _ message: String) -> ScenarioDiagnostic {
      let column = field.map { $0 < fields.count ? line.column(ofField: $0) : 1 } ?? 1
      return ScenarioDiagnostic(file: path, location: SourceLocation(line: number, column: column), path: role, message: message)
    }
    guard fields.count >= columns.needed else {
      throw fail(nil, "", "expected \(columns.needed) fields (delimiter: \(mapping.delimiter.rawValue)), found \(fields.count)")
    }
    func text(_ index: Int?) -> String? {
      guard let index else { return nil }
      let value = fields[index].trimmingCharacters(in: [" "])
      return value.isEmpty ? nil : value
    }
    // The identifier itself is never quoted back: it is the user's.
    guard let user = text(columns.user) else { throw fail(columns.user, "user", "expected a user identifier, found an empty field") }
    guard let timeText = text(columns.time) else { throw fail(columns.time, "time", "expected a time, found an empty field") }
    func milliseconds(_ text: String, _ field: Int?, _ role: String) throws(ScenarioDiagnostic) -> Int64 {
      guard let value = times.milliseconds(text) else {
        // With the user and time columns swapped, this field holds the user's id: not to be repeated.
        let found = times.milliseconds(user) == nil
          ? LogExcerpt.quoted(text, user: user) : "no time here but one in the user column: are 'user' and '\(role)' swapped?"
        throw fail(field, role, "expected a time after 1970 in the format \(mapping.timeFormat.name), found \(found)")
      }
      return value
    }
    let time = try milliseconds(timeText, columns.time, "time")
    var revenue: Double?
    if let revenueText = text(columns.revenue) {
      guard let value = Double(revenueText), value.isFinite else {
        throw fail(columns.revenue, "revenue", "expected a number, found \(LogExcerpt.quoted(revenueText, user: user))")
      }
      revenue = value
    }
    let name = text(columns.event) ?? (columns.event == nil ? (revenue == nil ? "event" : "purchase") : nil)
    guard let name else { throw fail(columns.event, "event", "expected an event name, found an empty field") }
    var kind = mapping.kinds[name] ?? (revenue == nil ? .event : .purchase)
    if let kindText = text(columns.kind) {
      kind = switch kindText.lowercased() {
      case "purchase": .purchase
      case "ad", "ad_revenue": .adRevenue
      case "session", "session_start": .session
      case "first_open", "first_launch": .firstLaunch
      default: .event
      }
    }
    var installTime: Int64?
    if let installText = text(columns.installTime) { installTime = try milliseconds(installText, columns.installTime, "installTime") }
    return LogRow(
      user: user, time: time, name: name, kind: kind, revenue: revenue, currency: text(columns.currency)?.uppercased(),
      country: text(columns.country), network: text(columns.network), campaign: text(columns.campaign), installTime: installTime)
  }
}
