import SimJSON
import SimModel

/// Spend and ROAS per campaign: the decoding rows joined with what each campaign delivered and
/// what the scenario says it costs.
extension DecodedTable {
  /// Whether any campaign states spend and the table has the run's truth and delivery to price it.
  public var hasSpend: Bool {
    hasTruth && delivery != nil && networks.contains { $0.campaigns.contains { $0.spend != nil } }
  }

  /// Each scenario campaign with a row or stated spend, in scenario order; empty without truth
  /// or delivery (postbacks decoded from anywhere).
  public var economics: [CampaignEconomics] {
    guard hasTruth, let delivery else { return [] }
    let rows = orderedRows
    var result: [CampaignEconomics] = []
    for (n, network) in networks.enumerated() {
      for (c, campaign) in network.campaigns.enumerated() {
        let own = rows.filter { $0.network == network.name && $0.campaign == campaign.name }
        guard !own.isEmpty || campaign.spend != nil else { continue }
        let rate = currencies.rate(campaign.spend?.currency ?? currencies.base)
        result.append(
          CampaignEconomics(
            network: network.name, campaign: campaign.name, rows: own, windowCount: windows, spend: campaign.spend,
            delivery: delivery.counts(network: n, campaign: c), rate: rate,
            calibratedForecasts: calibrated?.forecasts == true))
      }
    }
    return result
  }

  /// `decoding.campaigns` entries: revenue figures, then installs, spend, CPI and ROAS for
  /// scenario campaigns (null where the scenario states no spend).
  var campaignsJSON: [JSONValue] {
    func figure(_ value: Double?) -> JSONValue { value.map { .double(CSVField.rounded($0)) } ?? .null }
    let priced = economics
    return campaigns.map { figures in
      var entry: [String: JSONValue] = [
        "network": .string(figures.network), "campaign": .string(figures.campaign),
        "trueRevenue": figure(figures.trueRevenue), "decodedRevenue": figure(figures.decodedRevenue),
        "revenueErrorRatio": figure(figures.revenueError), "roasErrorRatio": .null,
      ]
      if let match = priced.first(where: { $0.network == figures.network && $0.campaign == figures.campaign }) {
        entry.merge(match.json) { _, new in new }
      }
      if calibrated != nil {
        entry["measuredRevenue"] = figure(figures.decodedRevenue - figures.imputedRevenue)
        entry["imputedRevenue"] = figure(figures.imputedRevenue)
      }
      return .object(entry)
    }
  }

  /// The early estimates' figures after postback 1, 1–2 and 1–3 (one point before 4.0); empty
  /// without truth.
  public var earlyDecisions: [EarlyDecision] {
    let priced = economics
    guard !priced.isEmpty else { return [] }
    return (0..<windows).map { EarlyDecision(priced, index: $0) }
  }

  /// How the early estimates were made, for `summary.json` and the report.
  public var earlyMethod: String {
    calibrated?.forecasts == true
      ? "decoded revenue of the postbacks arrived, plus the calibrated forecast of later windows from the last of them"
      : "decoded revenue of the postbacks arrived; no calibration knows later windows, so only a predicted-LTV value "
        + "forecasts them (its prediction beyond window 1's decoded revenue)"
  }

  /// `decoding.earlyEstimates`: how it was estimated, then the figures at each point; nil without truth.
  var earlyJSON: JSONValue? {
    let decisions = earlyDecisions
    guard !decisions.isEmpty else { return nil }
    return .object([
      "method": .string(earlyMethod), "forecast": .bool(calibrated?.forecasts == true),
      "byPostbacks": .array(decisions.map(\.json)),
    ])
  }

  /// `decoding.roasRanking`: Kendall's tau-b of decoded against true ROAS over campaigns with
  /// spend, at the horizon and at each window's end; nil when no campaign states spend.
  var roasRankingJSON: JSONValue? {
    guard hasSpend else { return nil }
    let priced = economics
    func entry(_ window: Int?) -> JSONValue {
      let (tau, count) = CampaignEconomics.rankCorrelation(priced, window: window)
      var object: [String: JSONValue] = [
        "kendallTauB": tau.map { .double(CSVField.rounded($0)) } ?? .null, "campaigns": .int(Int64(count)),
      ]
      if let window { object["window"] = .int(Int64(window)) }
      return .object(object)
    }
    return .object([
      "horizon": entry(nil), "byWindow": .array((1...windows).map { entry($0) }),
    ])
  }

  /// `decoded.csv` cells after the revenue columns when the table has spend: the campaign's
  /// spend, attributed installs, CPI, and ROAS up to this row's window's end.
  package func spendCells(_ row: Row, economics priced: [CampaignEconomics]) -> [String] {
    guard let match = priced.first(where: { $0.network == row.network && $0.campaign == row.campaign }),
      let spend = match.spend
    else { return ["", "", "", "", "", ""] }
    let figures = match.windows.first { $0.window == row.window + 1 }
    func ratio(_ value: Double?) -> String { value.map { CSVField.decimal($0, places: 4) } ?? "" }
    return [
      CSVField.money(spend), String(match.attributedInstalls), match.cpi.map(CSVField.money) ?? "",
      ratio(figures?.trueRoas), ratio(figures?.decodedRoas), ratio(figures?.roasError),
    ]
  }

  package static let spendHeader = ["spend", "attributedInstalls", "cpi", "trueRoas", "decodedRoas", "roasErrorRatio"]
}
