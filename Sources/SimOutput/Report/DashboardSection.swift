import SimRecords

/// The report's dashboard table: each campaign's revenue and ROAS as its network's dashboard
/// reports them (Docs/dashboards.md), beside the truth and the decoder's estimate.
package enum DashboardSection {
  /// The section for `decoding`, or nil without truth; a run without postbacks or revenue gets
  /// the chart saying so.
  package static func make(_ decoding: DecodedTable) -> ReportSection? {
    guard decoding.hasTruth else { return nil }
    let figures = decoding.dashboardFigures
    let currency = decoding.currency
    let priced = figures.contains { $0.spend != nil }
    var table = [
      ["network (dashboard)", "campaign", "installs shown", "postbacks not yet shown", "postbacks without a value", "dashboard revenue", "true revenue",
       "dashboard error", "decoder error"] + (priced ? ["dashboard ROAS", "true ROAS"] : [])
    ]
    var dashboardErrors: [Double?] = [], decoderErrors: [Double?] = []
    for figure in figures {
      table.append(
        ["\(figure.network) (\(figure.settings.name))", figure.campaign, ReportFormat.count(figure.installs),
         ReportFormat.count(figure.postbacksNotYetShown), ReportFormat.percent(figure.nullShare),
         ReportFormat.money(figure.revenue, currency: currency), ReportFormat.money(figure.trueRevenue, currency: currency),
         ReportFormat.signedPercent(figure.errorRatio), ReportFormat.signedPercent(figure.decoderErrorRatio)]
          + (priced ? [ReportFormat.percent(figure.roas), ReportFormat.percent(figure.trueRoas)] : []))
      dashboardErrors.append(figure.errorRatio)
      decoderErrors.append(figure.decoderErrorRatio)
    }
    let caption =
      "Each campaign's revenue to the horizon as its network's dashboard reports it: the schema's own value mapping, "
      + "postbacks without a value as the dashboard treats them (none, value 0, or modelled), only what its batches "
      + "delivered by the time it is viewed; beside the truth and this tool's decoder. Errors beyond 10 % are marked."
    let title = "What each network's dashboard shows"
    let chart = BarChart(
      title: title, xLabel: "Campaign (network's dashboard)", yLabel: "Revenue (\(currency))", caption: caption,
      categories: figures.map { "\($0.campaign) (\($0.settings.name))" },
      series: [
        BarChart.Series(name: "true", values: figures.map(\.trueRevenue)),
        BarChart.Series(name: "dashboard", values: figures.map(\.revenue)),
        BarChart.Series(name: "decoder", values: figures.map(\.decodedRevenue)),
      ])
    var section = ReportSection(title: title, caption: caption, chart: chart, table: table)
    section.poorCells.formUnion(ReportSection.beyondTenPercent(dashboardErrors, column: 7))
    section.poorCells.formUnion(ReportSection.beyondTenPercent(decoderErrors, column: 8))
    return section
  }
}
