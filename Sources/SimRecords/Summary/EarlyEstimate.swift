import SimPlatform

/// What a marketer would estimate a campaign's horizon revenue and ROAS to be from the postbacks
/// that have arrived by one point in time, against the truth at the horizon.
///
/// After postback `k` the estimate is the decoded revenue of windows 1 to `k` plus the calibrated
/// forecast, from window `k`'s postbacks, of what the campaign's installs earn in the windows
/// after it (``DecodedTable/Row/forecastRevenue``). Without a forecasting calibration the
/// forecast is 0 and the estimate is the revenue decoded so far.
public struct EarlyEstimate: Sendable, Equatable {
  /// Postbacks an install has sent by then: 1 (postback 1 alone), 2 (postbacks 1–2) or 3.
  public var postbacks: Int
  /// The first day after install on which the last of them can arrive: its window's end plus
  /// one (3, 8, 36), the day the issue and practitioners name. Apple's random delays spread
  /// arrivals over days 3–4, 8–13 and 36–41 (rulebook §5.2), and windows count from the first
  /// launch, so the estimate is the one a marketer has once every such postback is in. Nil for
  /// the single window before SKAdNetwork 4.0, whose end moves with its timer.
  public var day: Int?
  /// The estimate of the campaign's revenue to the horizon, and the truth.
  public var estimatedRevenue: Double, trueRevenue: Double
  /// The same as ROAS (÷ spend); nil without spend.
  public var estimatedRoas: Double?, trueRoas: Double?

  /// An estimate from its parts; ROAS nil without spend.
  public init(
    postbacks: Int, day: Int?, estimatedRevenue: Double, trueRevenue: Double, estimatedRoas: Double? = nil,
    trueRoas: Double? = nil
  ) {
    self.postbacks = postbacks
    self.day = day
    self.estimatedRevenue = estimatedRevenue
    self.trueRevenue = trueRevenue
    self.estimatedRoas = estimatedRoas
    self.trueRoas = trueRoas
  }

  /// (estimate − truth) ÷ truth: the relative error of revenue, and so of ROAS, which divides
  /// both by the same spend; nil without true revenue.
  public var error: Double? {
    trueRevenue > 0 ? (estimatedRevenue - trueRevenue) / trueRevenue : nil
  }

  /// Whether the estimate is within `tolerance` (a fraction) of the truth.
  public func isWithin(_ tolerance: Double) -> Bool { error.map { abs($0) <= tolerance } ?? false }

  /// The decision points' days for a framework of `windowCount` windows: each window's end plus
  /// one (3, 8, 36) from SKAdNetwork 4.0, one point without a day before it.
  public static func days(windowCount: Int) -> [Int?] {
    let ends = WindowSchedule.productionEndDays
    return windowCount == ends.count ? ends.map { $0 + 1 } : [nil]
  }

  /// The tolerance "days until the estimate is right" counts to: 10 %.
  public static let tolerance = 0.1

  /// The day of the first of `estimates` (in time order) within ``tolerance`` of the truth and
  /// staying within it at every later point; nil when none is.
  public static func daysToWithinTolerance(_ estimates: [EarlyEstimate]) -> Int? {
    guard let last = estimates.last, last.isWithin(tolerance) else { return nil }
    var first = estimates.count - 1
    while first > 0, estimates[first - 1].isWithin(tolerance) { first -= 1 }
    return estimates[first].day
  }

  /// The share of pairs of items whose order by `estimates` is their order by `truths` (the same
  /// length): pairs tied in truth are left out, pairs tied only in the estimate count half. Nil
  /// when no pair differs in truth. It is (1 + Kendall's tau-a over untied pairs) ÷ 2, read as
  /// "of any two campaigns, how often the estimate picks the better".
  public static func orderedPairShare(_ estimates: [Double], _ truths: [Double]) -> Double? {
    precondition(estimates.count == truths.count, "paired lists")
    var pairs = 0, agreeing = 0.0
    for i in estimates.indices {
      for j in estimates.indices where j > i && truths[i] != truths[j] {
        pairs += 1
        if estimates[i] == estimates[j] {
          agreeing += 0.5
        } else if (estimates[i] < estimates[j]) == (truths[i] < truths[j]) {
          agreeing += 1
        }
      }
    }
    return pairs > 0 ? agreeing / Double(pairs) : nil
  }
}
