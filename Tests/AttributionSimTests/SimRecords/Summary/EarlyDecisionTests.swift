import Testing

@testable import SimModel
@testable import SimRecords

/// The early-decision figures over campaigns, worked by hand: two campaigns priced at 1 USD per
/// attributed install, whose rows carry their true, decoded and forecast revenue per window.
@Suite("Early decisions over campaigns")
struct EarlyDecisionTests {
  /// A row of `window` with the given figures (`postbacks` first postbacks in window 0).
  private func row(
    _ campaign: String, _ window: Int, truth: Double, decoded: Double, forecast: Double, postbacks: Int = 0
  ) -> DecodedTable.Row {
    var row = DecodedTable.Row(
      network: "n", campaign: campaign, window: window, trueEventUsers: [], decodedEventUsers: [])
    row.trueRevenue = truth
    row.decodedRevenue = decoded
    row.forecastRevenue = forecast
    row.postbacks = postbacks
    return row
  }

  /// A: truth 10 + 20 + 10 = 40; after postback 1, 8 + 30 = 38; after 1–2, 8 + 18 + 12 = 38;
  /// after all, 8 + 18 + 11 = 37. Spend 10 (10 installs), true ROAS 4.
  /// B: truth 5 + 3 + 2 = 10; 5 + 5 = 10; 5 + 2 + 1 = 8; 5 + 2 + 2 = 9. Spend 5, true ROAS 2.
  private var campaigns: [CampaignEconomics] {
    let spend = CampaignSpend(.cpi(1))
    return [
      CampaignEconomics(
        network: "n", campaign: "A",
        rows: [
          row("A", 0, truth: 10, decoded: 8, forecast: 30, postbacks: 10), row("A", 1, truth: 20, decoded: 18, forecast: 12),
          row("A", 2, truth: 10, decoded: 11, forecast: 0),
        ], windowCount: 3, spend: spend, delivery: CampaignDelivery.Counts(), rate: 1),
      CampaignEconomics(
        network: "n", campaign: "B",
        rows: [
          row("B", 0, truth: 5, decoded: 5, forecast: 5, postbacks: 5), row("B", 1, truth: 3, decoded: 2, forecast: 1),
          row("B", 2, truth: 2, decoded: 2, forecast: 0),
        ], windowCount: 3, spend: spend, delivery: CampaignDelivery.Counts(), rate: 1),
    ]
  }

  @Test("each campaign's estimates after postback 1, 1–2 and 1–3, their ROAS, and the day each stays within 10 %")
  func estimates() {
    let (a, b) = (campaigns[0], campaigns[1])
    #expect(a.early.map(\.estimatedRevenue) == [38, 38, 37])
    #expect(b.early.map(\.estimatedRevenue) == [10, 8, 9])
    #expect(a.early.map(\.estimatedRoas) == [3.8, 3.8, 3.7] && a.early[0].trueRoas == 4)
    #expect(a.daysToWithinTolerance == 3)
    // B is right by day 3, off by 20 % at day 8, then within 10 % again at day 36.
    #expect(b.daysToWithinTolerance == 36)
  }

  /// Without a calibration only a predicted-LTV postback 1 forecasts: A's 8 + 30 = 38 stands at
  /// day 8 (8 + 18 = 26 has not overtaken it); day 36 is the decoded horizon, 8 + 18 + 11 = 37.
  @Test("without calibrated forecasts, postback 1's prediction holds until decoded revenue overtakes it or the horizon comes")
  func predictionHoldsWithoutCalibration() {
    let rows = [
      row("A", 0, truth: 10, decoded: 8, forecast: 30, postbacks: 10), row("A", 1, truth: 20, decoded: 18, forecast: 0),
      row("A", 2, truth: 10, decoded: 11, forecast: 0),
    ]
    let a = CampaignEconomics(
      network: "n", campaign: "A", rows: rows, windowCount: 3, spend: nil, delivery: CampaignDelivery.Counts(), rate: 1,
      calibratedForecasts: false)
    #expect(a.early.map(\.estimatedRevenue) == [38, 38, 37])
    let calibrated = CampaignEconomics(
      network: "n", campaign: "A", rows: rows, windowCount: 3, spend: nil, delivery: CampaignDelivery.Counts(), rate: 1)
    #expect(calibrated.early.map(\.estimatedRevenue) == [38, 26, 37])
  }

  @Test("after postback 1: mean |error| 2.5 %, weighted 2 ÷ 50 = 4 %, both within 10 %, the pair ordered right; after 1–2: 12.5 %, 8 %, one of two")
  func decisions() {
    let first = EarlyDecision(campaigns, index: 0)
    #expect(first.day == 3 && first.campaigns == 2)
    #expect(abs(first.meanAbsError! - 0.025) < 1e-12 && abs(first.weightedAbsError! - 0.04) < 1e-12)
    #expect(first.withinToleranceShare == 1 && first.orderedPairShare == 1 && first.pricedCampaigns == 2)
    let second = EarlyDecision(campaigns, index: 1)
    #expect(second.day == 8)
    #expect(abs(second.meanAbsError! - 0.125) < 1e-12 && abs(second.weightedAbsError! - 0.08) < 1e-12)
    #expect(second.withinToleranceShare == 0.5 && second.orderedPairShare == 1)
  }
}
