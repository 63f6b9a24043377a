import SimRecords

/// A table of a sweep's files: its column names and rows of typed cells, each row made from
/// (column, cell) pairs checked against the names, rendered to CSV once.
package struct SweepTable: Sendable, Equatable {
  /// The column names, in order.
  package let columns: [String]
  /// Each row's cells, one per column.
  package private(set) var rows: [[SweepCell]] = []

  /// An empty table under `columns`.
  package init(columns: [String]) { self.columns = columns }

  /// Adds a row; its pairs must name the table's columns in order.
  package mutating func append(_ row: [(column: String, cell: SweepCell)]) {
    precondition(row.map(\.column) == columns, "a row's columns \(row.map(\.column)) are not the table's \(columns)")
    rows.append(row.map(\.cell))
  }

  /// Adds a row read from a file whose columns are the table's (a shard's rows).
  package mutating func append(read cells: [String]) {
    precondition(cells.count == columns.count, "a row of \(cells.count) cells under \(columns.count) columns")
    rows.append(cells.map { $0.isEmpty ? .empty : .text($0) })
  }

  /// The position of the column named `name`.
  package func column(_ name: String) -> Int? { columns.firstIndex(of: name) }

  /// The header line and every row, each ending in a newline.
  package var csv: String { header + "\n" + body }

  /// Every row without the header, each ending in a newline (a shard's rows).
  package var body: String { rows.map { $0.map(\.csv).joined(separator: ",") + "\n" }.joined() }

  /// The header line.
  package var header: String { columns.map(CSVField.text).joined(separator: ",") }

  /// The rows' cells as text, for a report's table.
  package var texts: [[String]] { rows.map { $0.map(\.text) } }
}
