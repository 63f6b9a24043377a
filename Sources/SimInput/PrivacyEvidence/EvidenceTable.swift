import Foundation
import DidYouMean
import SimJSON
import SimModel

/// A small comma-separated table of evidence (`--observations`, `--volumes`): a header row of
/// known column names, then rows; blank lines and lines starting with `#` (provenance notes) are
/// skipped. Every problem is a diagnostic at its line and column, with the column's name as path.
package struct EvidenceTable {
  /// One row: its cells by column name, and where each starts.
  package struct Row {
    package let line: Int
    fileprivate let split: DelimitedLine
    fileprivate let columns: [String: Int]
    fileprivate let file: String

    /// The cell of `column`, trimmed; nil when the table has no such column or the cell is blank.
    package func text(_ column: String) -> String? {
      guard let index = columns[column], index < split.fields.count else { return nil }
      let text = split.fields[index].trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : text
    }

    /// A problem with `column`'s cell (or the row, when the column is absent).
    package func problem(_ column: String, _ message: String) -> ScenarioDiagnostic {
      let field = columns[column].flatMap { $0 < split.fields.count ? $0 : nil }
      return ScenarioDiagnostic(
        file: file, location: SourceLocation(line: line, column: field.map { split.column(ofField: $0) } ?? 1),
        path: "", message: columns[column] == nil ? message : "column '\(column)': \(message)")
    }

    /// The whole number in `column`, in `range`; nil when blank.
    package func integer(_ column: String, in range: ClosedRange<Int>) throws(ScenarioDiagnostic) -> Int? {
      guard let text = text(column) else { return nil }
      guard let value = Int(text), range.contains(value) else {
        throw problem(column, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(Excerpt.quoted(text))")
      }
      return value
    }

    /// The number in `column`, in `range`; nil when blank.
    package func number(_ column: String, in range: ClosedRange<Double>) throws(ScenarioDiagnostic) -> Double? {
      guard let text = text(column) else { return nil }
      guard let value = Double(text), value.isFinite, range.contains(value) else {
        throw problem(column, "expected a number from \(range.lowerBound.plain) to \(range.upperBound.plain), found \(Excerpt.quoted(text))")
      }
      return value
    }
  }

  /// The columns the header named, in order.
  package let header: [String]
  package let rows: [Row]

  /// Reads `text` (the file `file`): the header may use only `known` names and must hold every
  /// one of `required`; each row has at most as many cells as the header.
  package init(_ text: String, file: String, known: [String], required: [String]) throws(ScenarioDiagnostic) {
    var header: [String]?
    var columns: [String: Int] = [:]
    var rows: [Row] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      var content = Substring(line)
      if content.hasSuffix("\r") { content = content.dropLast() }
      let trimmed = content.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let split = try DelimitedLine(Array(content.utf8)[...], delimiter: .comma, file: file, number: number)
      guard header != nil else {
        let names = split.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, name) in names.enumerated() {
          let at = SourceLocation(line: number, column: split.column(ofField: index))
          guard known.contains(name) else {
            let hint = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
            throw ScenarioDiagnostic(
              file: file, location: at, path: "",
              message: "unknown column \(Excerpt.quoted(name)): expected one of \(known.joined(separator: ", "))\(hint)")
          }
          guard columns[name] == nil else {
            throw ScenarioDiagnostic(file: file, location: at, path: "", message: "column '\(name)' is named twice")
          }
          columns[name] = index
        }
        if let missing = required.first(where: { columns[$0] == nil }) {
          throw ScenarioDiagnostic(
            file: file, location: SourceLocation(line: number, column: 1), path: "",
            message: "expected a column '\(missing)' in the header, found \(names.joined(separator: ", "))")
        }
        header = names
        continue
      }
      if split.fields.count > columns.count {
        throw ScenarioDiagnostic(
          file: file, location: SourceLocation(line: number, column: split.column(ofField: columns.count)), path: "",
          message: "expected at most \(columns.count) cells as the header has, found \(split.fields.count)")
      }
      rows.append(Row(line: number, split: split, columns: columns, file: file))
    }
    guard let header else {
      throw ScenarioDiagnostic(
        file: file, location: nil, path: "", message: "expected a header row naming the columns (\(required.joined(separator: ", ")), …), found none")
    }
    self.header = header
    self.rows = rows
  }
}
