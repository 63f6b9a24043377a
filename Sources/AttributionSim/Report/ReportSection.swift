/// One part of a report: a chart for the page, and the figures behind it as a table, which the
/// page keeps folded under the chart and Markdown shows instead of it.
struct ReportSection: Sendable {
  /// The heading: the chart's own title, or the table's when there is no chart.
  var title: String
  /// A sentence saying what the section shows.
  var caption: String
  /// The chart, already carrying the title and caption; nil for a table alone.
  var chart: (any SVGChart)?
  /// The header row, then one row per line; empty for none.
  var table: [[String]]
}
