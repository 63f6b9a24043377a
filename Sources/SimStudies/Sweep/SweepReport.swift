import SimModel
import SimRecords
import SimOutput

/// `sweep.html`: the sweep's own chart, the key outcomes it did not chart against the same x and
/// series, those outcomes' intervals per point, and its rows, on one self-contained page.
package struct SweepReport: Sendable {
  /// Outcomes worth a chart in every sweep: what crowd anonymity costs, and what it does to
  /// the revenue an ad network can see.
  package static let keyOutcomes = ["tier0Share", "fineShare1", "nullShare1", "revenueError"]

  private let document: ReportDocument

  /// The report of `sweep` from its tables, which must hold all of its rows.
  package init(_ sweep: Sweep, tables: SweepOutput.Tables) {
    let header = tables.wide.columns
    let rows = tables.wide.texts
    var sections: [ReportSection] = []
    let outcomes = [sweep.chart.y] + Self.keyOutcomes.filter { $0 != sweep.chart.y && $0 != sweep.chart.x }
    for outcome in outcomes {
      let chart = SweepOutput.chart(sweep, table: tables.wide, outcome: outcome)
      // An outcome no row has (no decoding, say) would only be an empty chart.
      guard outcome == sweep.chart.y || chart.series.contains(where: { !$0.points.isEmpty }) else { continue }
      sections.append(ReportSection(title: chart.title, caption: chart.caption, chart: chart, table: []))
    }
    if sweep.replicates > 1 {
      // The charted outcomes' run-wide figures, as sweep-points.csv has them.
      let points = SweepIntervals.table(sweep, long: tables.longTable)
      let head = points.columns
      if let campaign = points.column("campaign") {
        let charted = points.texts.filter { cells in
          cells[campaign].isEmpty
            && outcomes.contains(cells[campaign + 2] + cells[campaign + 1])
        }
        sections.append(
          ReportSection(
            title: "Intervals",
            caption: "The charted outcomes per point: the mean over the replicates, their standard deviation and the "
              + "95 % Student t interval of the mean (n − 1 degrees of freedom), as in sweep-points.csv.",
            chart: nil, table: [head] + charted))
      }
    }
    sections.append(
      ReportSection(
        title: "Rows", caption: "One row per point and replicate, as in sweep.csv.", chart: nil,
        table: [header] + rows))
    let parameters = "parameters: " + sweep.parameters.map(\.name).joined(separator: ", ")
    let users = tables.wide.column("users").map { column in tables.wide.rows.reduce(0) { $0 + ($1[column].integer ?? 0) } } ?? 0
    document = ReportDocument(
      title: "Sweep report: \(sweep.name)",
      subtitle: sweep.description.isEmpty ? parameters : "\(sweep.description) · \(parameters)",
      headline: [
        ("points", ReportFormat.count(sweep.points.count)), ("replicates", ReportFormat.count(sweep.replicates)),
        ("runs", ReportFormat.count(rows.count)), ("users simulated", ReportFormat.count(users)),
      ],
      sections: sections)
  }

  /// The page.
  package var html: String { document.html }
}
