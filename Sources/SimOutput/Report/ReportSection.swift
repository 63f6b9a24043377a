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

  /// Each stored property as given; other targets of the package build it too.
  package init(title: String, caption: String, chart: (any SVGChart)? = nil, table: [[String]]) {
    self.title = title
    self.caption = caption
    self.chart = chart
    self.table = table
  }
}
