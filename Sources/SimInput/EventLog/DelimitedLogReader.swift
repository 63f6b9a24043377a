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
    while let (number, bytes) = try lines.nextNonBlank() {
      let line: DelimitedLine
      do {
        line = try DelimitedLine(bytes, delimiter: mapping.delimiter, file: path, number: number)
      } catch {
        // A header that cannot be split leaves no columns to read rows by.
        throw columns == nil && mapping.header ? .stop(error) : .row(error)
      }
      if columns == nil {
        do { columns = try resolve(header: mapping.header ? line.fields : nil, line: number) } catch { throw .stop(error) }
        if mapping.header { continue }
      }
      do { return (number, try row(line, number: number)) } catch { throw .row(error) }
    }
    return nil
  }

  /// Each mapped column's index: by name from the header, or by position.
  private func resolve(header: [String]?, line: Int) throws(ScenarioDiagnostic) -> Columns {
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
        // Headers often carry stray spaces or a byte order mark.
        let cleaned = header.map { $0.trimmingCharacters(in: [" ", "\u{FEFF}"]) }
        if let found = cleaned.firstIndex(of: name) { return found }
        let suggestion = Suggestion.closest(to: name, among: cleaned, prefixes: false).map { "; did you mean \"\($0)\"?" } ?? ""
        throw ScenarioDiagnostic(
          file: path, location: SourceLocation(line: line, column: 1), path: role,
          message: "expected a column named \"\(name)\" in the header, found none\(suggestion)")
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
        throw fail(field, role, "expected a time after 1970 in the format \(mapping.timeFormat.name), found \"\(text.prefix(40))\"")
      }
      return value
    }
    let time = try milliseconds(timeText, columns.time, "time")
    var revenue: Double?
    if let revenueText = text(columns.revenue) {
      guard let value = Double(revenueText), value.isFinite else {
        throw fail(columns.revenue, "revenue", "expected a number, found \"\(revenueText.prefix(40))\"")
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
