import SimRecords

/// The report's campaign table of spend, installs, CPI, and true against decoded ROAS, with the
/// rank correlation of decoded and true ROAS over campaigns.
package enum SpendSection {
  /// The section for `decoding`, or nil when no campaign states spend.
  package static func make(_ decoding: DecodedTable) -> ReportSection? {
    guard decoding.hasSpend else { return nil }
    let priced = decoding.economics.filter { $0.spend != nil }
    let currency = decoding.currency
    // The network in front where two networks name a campaign alike.
    let repeated = Dictionary(grouping: priced, by: \.campaign).filter { $0.value.count > 1 }.keys
    let names = priced.map { repeated.contains($0.campaign) ? "\($0.network)/\($0.campaign)" : $0.campaign }
    let title = "Spend and ROAS by campaign"
    let (tau, count) = CampaignEconomics.rankCorrelation(priced)
    let ranking = tau.map {
      "Decoded ROAS ranks the \(count) campaigns as true ROAS does with Kendall's tau-b "
        + SVGWriter.number($0, decimals: 3) + " (1: the same order; ties count for neither side)."
    } ?? "Too few campaigns with true revenue to compare rankings."
    let windows = priced.first?.windows ?? []
    let caption = "What each campaign cost (in \(currency)), its installs (true: the platform's attribution;"
      + " attributed: first postbacks the network matched to it), spend per attributed install, and return on"
      + " ad spend from true and decoded revenue at the horizon; ROAS error is (decoded − true) ÷ true. "
      + ranking
    let chart = BarChart(
      title: title, xLabel: "Campaign", yLabel: "ROAS at the horizon", caption: caption, categories: names,
      series: [
        BarChart.Series(name: "true ROAS", values: priced.map { $0.trueRoas ?? .nan }),
        BarChart.Series(name: "decoded ROAS", values: priced.map { $0.decodedRoas ?? .nan }),
      ], yFormat: .percent)
    // ROAS at each window's end when there are several, then at the horizon.
    let windowHeaders = windows.count > 1 ? windows.map { "true / decoded ROAS day \($0.endDay.map(String.init) ?? "?")" } : []
    var table = [
      ["campaign", "spend", "installs true", "installs attributed", "CPI"] + windowHeaders
        + ["true ROAS", "decoded ROAS", "ROAS error"]
    ]
    for (name, campaign) in zip(names, priced) {
      var line = [
        name, ReportFormat.money(campaign.spend ?? 0, currency: currency),
        ReportFormat.count(campaign.trueInstalls), ReportFormat.count(campaign.attributedInstalls),
        campaign.cpi.map { ReportFormat.money($0, currency: currency) } ?? "–",
      ]
      if windows.count > 1 {
        line += campaign.windows.map { "\(ReportFormat.percent($0.trueRoas)) / \(ReportFormat.percent($0.decodedRoas))" }
      }
      line += [ReportFormat.percent(campaign.trueRoas), ReportFormat.percent(campaign.decodedRoas), ReportFormat.signedPercent(campaign.roasError)]
      table.append(line)
    }
    var section = ReportSection(title: title, caption: caption + " ROAS errors beyond ±10 % are marked.", chart: chart, table: table)
    section.poorCells = ReportSection.beyondTenPercent(priced.map(\.roasError), column: table[0].count - 1)
    return section
  }
}
