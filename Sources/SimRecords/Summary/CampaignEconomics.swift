import SimJSON
import SimModel
import SimPlatform

/// One campaign's cost and return: spend, installs, CPI, and true against decoded ROAS at each
/// window's end and at the horizon.
public struct CampaignEconomics: Sendable, Equatable {
  /// Revenue and ROAS up to one window's end: the windows before it and itself, summed.
  public struct WindowReturn: Sendable, Equatable {
    /// The window, 1 to 3 (one window before SKAdNetwork 4.0).
    public var window: Int
    /// Days from install to the window's end (``WindowSchedule/productionEndDays``); nil for the single window before 4.0, whose end moves with its timer.
    public var endDay: Int?
    /// True and decoded revenue of the campaign's installs up to that window's end.
    public var trueRevenue: Double, decodedRevenue: Double
    /// ROAS: revenue ÷ spend; nil without spend.
    public var trueRoas: Double?, decodedRoas: Double?
    /// (decoded − true ROAS) ÷ true ROAS; nil without spend or true revenue.
    public var roasError: Double? { CampaignEconomics.relativeError(decodedRoas, trueRoas) }
  }

  public var network: String
  public var campaign: String
  /// What the campaign cost, in the report's currency; nil when the scenario states no spend.
  public var spend: Double?
  /// Installs the platform attributed to the campaign (the simulation's truth; re-engagement
  /// conversions count with them) and first postbacks the network received and matched to it.
  public var trueInstalls: Int, attributedInstalls: Int
  /// Cumulative figures at each window's end, in window order.
  public var windows: [WindowReturn]
  /// The horizon's revenue and ROAS as estimated once postback 1, 1–2 and 1–3 have arrived,
  /// in that order (one estimate before 4.0).
  public var early: [EarlyEstimate]
  /// The day from which the early estimate stays within 10 % of the truth; nil when it never
  /// gets there (not even at the horizon: then decoding itself is off by more).
  public var daysToWithinTolerance: Int? { EarlyEstimate.daysToWithinTolerance(early) }

  /// Spend ÷ attributed installs: the cost per install the network reports; nil without spend or installs.
  public var cpi: Double? { spend.flatMap { attributedInstalls > 0 ? $0 / Double(attributedInstalls) : nil } }
  /// The horizon: every window's revenue the run measured and every postback it received by its end.
  public var horizon: WindowReturn? { windows.last }
  public var trueRoas: Double? { horizon?.trueRoas }
  public var decodedRoas: Double? { horizon?.decodedRoas }
  /// (decoded − true ROAS) ÷ true ROAS at the horizon; nil without spend or true revenue.
  public var roasError: Double? { horizon?.roasError }

  /// Figures for one scenario campaign from its decoding rows (one per window, in order), its
  /// delivery and its spend; `rate` converts the spend's currency into the report's.
  /// `calibratedForecasts` says the rows' forecasts are a calibration's (from every window);
  /// otherwise only a predicted-LTV postback 1 forecasts, and a later estimate before the
  /// horizon keeps its prediction until the revenue decoded since overtakes it (postbacks of
  /// one install cannot be joined across windows, so the prediction is compared campaign-wide).
  package init(
    network: String, campaign: String, rows: [DecodedTable.Row], windowCount: Int, spend: CampaignSpend?,
    delivery: CampaignDelivery.Counts, rate: Double?, calibratedForecasts: Bool = true
  ) {
    self.network = network
    self.campaign = campaign
    trueInstalls = rows.first?.installs ?? 0
    attributedInstalls = rows.first { $0.window == 0 }?.postbacks ?? 0
    if let spend, let rate {
      self.spend =
        spend.amount(
          impressions: delivery.impressions, clicks: delivery.clicks, installs: attributedInstalls, days: delivery.days)
        * rate
    }
    let ends: [Int?] = windowCount == WindowSchedule.productionEndDays.count ? WindowSchedule.productionEndDays : [nil]
    var trueSum = 0.0, decodedSum = 0.0
    windows = []
    var forecasts: [Double] = []
    for window in 0..<windowCount {
      var forecast = 0.0
      for row in rows where row.window == window {
        trueSum += row.trueRevenue
        decodedSum += row.decodedRevenue
        forecast += row.forecastRevenue
      }
      // The last point is the horizon: every postback has arrived and is decoded as it is.
      let keepsPrediction = !calibratedForecasts && !forecasts.isEmpty && window < windowCount - 1
      forecasts.append(keepsPrediction ? max(decodedSum + forecast, forecasts[0]) : decodedSum + forecast)
      let cost = self.spend
      windows.append(
        WindowReturn(
          window: window + 1, endDay: window < ends.count ? ends[window] : nil, trueRevenue: trueSum,
          decodedRevenue: decodedSum, trueRoas: cost.flatMap { $0 > 0 ? trueSum / $0 : nil },
          decodedRoas: cost.flatMap { $0 > 0 ? decodedSum / $0 : nil }))
    }
    let horizonTruth = trueSum
    let cost = self.spend.flatMap { $0 > 0 ? $0 : nil }
    let days = EarlyEstimate.days(windowCount: windowCount)
    early = forecasts.enumerated().map { window, estimate in
      EarlyEstimate(
        postbacks: window + 1, day: window < days.count ? days[window] : nil, estimatedRevenue: estimate,
        trueRevenue: horizonTruth, estimatedRoas: cost.map { estimate / $0 }, trueRoas: cost.map { horizonTruth / $0 })
    }
  }

  static func relativeError(_ estimate: Double?, _ truth: Double?) -> Double? {
    guard let estimate, let truth, truth > 0 else { return nil }
    return (estimate - truth) / truth
  }

  /// Kendall's tau-b between decoded and true ROAS over the campaigns that have both, at the
  /// horizon (`window` nil) or at a window's end (1-based); ROAS is compared as printed (4
  /// decimals), so campaigns that look tied are tied.
  public static func rankCorrelation(_ campaigns: [CampaignEconomics], window: Int? = nil) -> (tau: Double?, campaigns: Int) {
    var truths: [Double] = [], decoded: [Double] = []
    for campaign in campaigns {
      let figures = window.map { w in campaign.windows.first { $0.window == w } } ?? campaign.horizon
      guard let truth = figures?.trueRoas, let estimate = figures?.decodedRoas else { continue }
      truths.append(CSVField.rounded(truth))
      decoded.append(CSVField.rounded(estimate))
    }
    return (KendallTau.tauB(decoded, truths), truths.count)
  }

  /// The campaign's entries in `summary.json`'s `decoding.campaigns`.
  var json: [String: JSONValue] {
    func figure(_ value: Double?) -> JSONValue { value.map { .double(CSVField.rounded($0)) } ?? .null }
    func returns(_ figures: WindowReturn) -> JSONValue {
      .object([
        "window": .int(Int64(figures.window)), "endDay": figures.endDay.map { .int(Int64($0)) } ?? .null,
        "trueRevenue": figure(figures.trueRevenue), "decodedRevenue": figure(figures.decodedRevenue),
        "trueRoas": figure(figures.trueRoas), "decodedRoas": figure(figures.decodedRoas),
        "roasErrorRatio": figure(figures.roasError),
      ])
    }
    func estimate(_ figures: EarlyEstimate) -> JSONValue {
      .object([
        "postbacks": .int(Int64(figures.postbacks)), "day": figures.day.map { .int(Int64($0)) } ?? .null,
        "estimatedRevenue": figure(figures.estimatedRevenue), "estimatedRoas": figure(figures.estimatedRoas),
        "errorRatio": figure(figures.error),
      ])
    }
    return [
      "early": .array(early.map(estimate)),
      "daysToWithinTenPercent": daysToWithinTolerance.map { .int(Int64($0)) } ?? .null,
      "spend": figure(spend),
      "installs": .object(["true": .int(Int64(trueInstalls)), "attributed": .int(Int64(attributedInstalls))]),
      "cpi": figure(cpi), "trueRoas": figure(trueRoas), "decodedRoas": figure(decodedRoas),
      "roasErrorRatio": figure(roasError),
      "byWindow": .array(windows.map(returns)),
    ]
  }
}
