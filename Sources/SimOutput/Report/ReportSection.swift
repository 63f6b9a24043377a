/// One part of a report: a chart for the page, and the figures behind it as a table, which the
/// page keeps folded under the chart and Markdown shows instead of it.
package struct ReportSection: Sendable {
  /// The heading: the chart's own title, or the table's when there is no chart.
  package var title: String
  /// A sentence saying what the section shows.
  package var caption: String
  /// The chart, already carrying the title and caption; nil for a table alone.
  package var chart: (any SVGChart)?
  /// The header row, then one row per line; empty for none.
  package var table: [[String]]
  /// Cells of `table` (row, column; the header is row 0) whose figure is off the mark a decision
  /// needs (a ROAS error beyond ±10 %): red on the page, marked "⚠" in Markdown.
  package var poorCells: Set<TableCell> = []

  /// A cell's place in a table.
  package struct TableCell: Hashable, Sendable {
    package var row: Int, column: Int
    package init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// Cells whose relative error, (decoded − true) ÷ true, lies beyond ±10 %: the line a
  /// marketer's decision tolerates. `errors[row]` is the error in `column` of data row `row`
  /// (row 1 of the table), nil for none.
  package static func beyondTenPercent(_ errors: [Double?], column: Int) -> Set<TableCell> {
    Set(errors.indices.filter { errors[$0].map { abs($0) > 0.1 } ?? false }.map { TableCell(row: $0 + 1, column: column) })
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(title: String, caption: String, chart: (any SVGChart)? = nil, table: [[String]]) {
    self.title = title
    self.caption = caption
    self.chart = chart
    self.table = table
  }
}
