import SimPlatform
import SimRecords

/// The report's early-decision chart: for each campaign, the horizon revenue (and so ROAS)
/// estimated from the postbacks arrived by day 3, 8 and 36, as a share of the truth, beside a
/// ±10 % band; the table adds ROAS, the days until each estimate holds within 10 %, and how
/// often each point orders pairs of campaigns right.
package enum EarlyDecisionSection {
  /// Campaigns drawn at most (the largest by true revenue); the table lists them all.
  static let drawnCampaigns = 8

  /// The section for `decoding`, or nil without truth or before SKAdNetwork 4.0 (one postback,
  /// nothing earlier to decide on); a run without revenue gets the chart saying so.
  package static func make(_ decoding: DecodedTable) -> ReportSection? {
    guard decoding.hasTruth, decoding.windows == WindowSchedule.productionEndDays.count else { return nil }
    let campaigns = decoding.economics.filter { $0.early.count > 1 && $0.early[0].trueRevenue > 0 }
    let decisions = decoding.earlyDecisions
    let title = "How soon the campaigns can be judged"
    let days = EarlyEstimate.days(windowCount: decoding.windows).map { $0 ?? 0 }
    let repeated = Dictionary(grouping: campaigns, by: \.campaign).filter { $0.value.count > 1 }.keys
    func name(_ campaign: CampaignEconomics) -> String {
      repeated.contains(campaign.campaign) ? "\(campaign.network)/\(campaign.campaign)" : campaign.campaign
    }
    let drawn = campaigns.sorted { $0.early[0].trueRevenue > $1.early[0].trueRevenue }.prefix(drawnCampaigns)
    var series = drawn.map { campaign in
      LineChart.Series(
        name: name(campaign),
        points: campaign.early.map { LineChart.Point(x: Double($0.day ?? 0), y: $0.estimatedRevenue / $0.trueRevenue) })
    }
    for (label, level) in [("truth + 10 %", 1 + EarlyEstimate.tolerance), ("truth − 10 %", 1 - EarlyEstimate.tolerance)]
    where !campaigns.isEmpty {
      series.append(LineChart.Series(name: label, points: days.map { LineChart.Point(x: Double($0), y: level) }))
    }
    let method = decoding.earlyMethod
    let orders = decisions.map { decision in
      decision.orderedPairShare.map { "\(ReportFormat.percent($0)) by day \(decision.day ?? 0)" }
    }.compactMap { $0 }
    let caption = "Each campaign's revenue to day \(days.last ?? 0) (and so its ROAS, which divides both by the same spend)"
      + " as estimated once postback 1 (day \(days[0])), postbacks 1–2 (day \(days[1])) and all"
      + " three have arrived, as a share of the truth: \(method). Between the two bands the estimate is within 10 %."
      + (orders.isEmpty ? "" : " Of any two priced campaigns, the estimate orders them as true ROAS does: " + orders.joined(separator: ", ") + ".")
      + (campaigns.count > drawn.count ? " The \(drawn.count) largest campaigns by true revenue are drawn; the table lists all." : "")
    let chart = LineChart(
      title: title, xLabel: "Days after install", yLabel: "Estimate ÷ truth", caption: caption, series: series,
      yFormat: .percent)
    let currency = decoding.currency
    var table = [
      ["campaign", "true revenue", "true ROAS"] + days.map { "estimate day \($0) (error)" } + ["days to within 10 %"]
    ]
    var errors: [[Double?]] = []
    for campaign in campaigns {
      let truth = campaign.early[0]
      table.append(
        [name(campaign), ReportFormat.money(truth.trueRevenue, currency: currency), ReportFormat.percent(truth.trueRoas)]
          + campaign.early.map { estimate in
            let figure =
              estimate.estimatedRoas.map { ReportFormat.percent($0) }
              ?? ReportFormat.money(estimate.estimatedRevenue, currency: currency)
            return "\(figure) (\(ReportFormat.signedPercent(estimate.error)))"
          } + [campaign.daysToWithinTolerance.map { "day \($0)" } ?? "not by day \(days.last ?? 0)"])
      errors.append(campaign.early.map(\.error))
    }
    var section = ReportSection(
      title: title, caption: caption + " Estimates off by more than 10 % are marked.", chart: chart, table: table)
    for column in days.indices {
      section.poorCells.formUnion(ReportSection.beyondTenPercent(errors.map { $0[column] }, column: 3 + column))
    }
    return section
  }
}
