import SimRecords

/// The report's section on where decoded-minus-true revenue comes from: per campaign, its
/// error split into value granularity, nulls and missing postbacks, source-identifier
/// ambiguity and late or lost postbacks (``DecodingErrorParts``), and per window in the table.
package enum ErrorPartsSection {
  /// The section for `decoding`, or nil without truth (postbacks decoded from anywhere).
  package static func make(_ decoding: DecodedTable, windows: Int) -> ReportSection? {
    guard decoding.hasTruth else { return nil }
    let currency = decoding.currency
    let campaigns = decoding.campaigns
    let repeated = Set(Dictionary(grouping: campaigns, by: \.campaign).filter { $0.value.count > 1 }.keys)
    func name(_ network: String, _ campaign: String) -> String {
      repeated.contains(campaign) || campaign.hasPrefix("?") ? "\(network)/\(campaign)" : campaign
    }
    let title = "Where the decoding error comes from"
    let caption = "Decoded minus true revenue (in \(currency)) split into four parts that add up to it: value"
      + " granularity (what values with a revenue range decode to, minus their installs' true revenue), nulls and"
      + " missing postbacks (what was imputed for postbacks without a value and windows tier 0 withholds, minus"
      + " their true revenue), source-identifier ambiguity (postbacks whose digits named another campaign or"
      + " several), and late or lost postbacks (installs whose postback never arrived, due after the horizon)."
    let labels = DecodingErrorParts().named.map(\.label)
    let chart = BarChart(
      title: title, xLabel: "Campaign", yLabel: "Decoded − true revenue (\(currency))", caption: caption,
      categories: campaigns.map { name($0.network, $0.campaign) },
      series: labels.indices.map { part in
        BarChart.Series(name: labels[part], values: campaigns.map { $0.errorParts.named[part].value })
      },
      layout: .stacked)
    func money(_ value: Double) -> String { ReportFormat.money(value, currency: currency) }
    var table = [
      [windows == 3 ? "campaign · window" : "campaign", "true", "decoded", "error"] + labels
    ]
    for row in decoding.orderedRows {
      let campaign = name(row.network, row.campaign)
      let parts = row.errorParts
      table.append(
        [windows == 3 ? "\(campaign) · w\(row.window + 1)" : campaign, money(row.trueRevenue), money(row.decodedRevenue),
         money(row.decodedRevenue - row.trueRevenue)] + parts.named.map { money($0.value) })
    }
    if let total = decoding.errorParts {
      table.append(
        ["all campaigns", money(decoding.trueRevenue), money(decoding.decodedRevenue),
         money(decoding.decodedRevenue - decoding.trueRevenue)] + total.named.map { money($0.value) })
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }
}
