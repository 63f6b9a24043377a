import DidYouMean
import SimModel
import SimRecords
import SimStudies

/// What a schema search minimises, as a value: a name, how people read it and the score of one
/// run (lower is better). The six built in are ``all``; a caller may pass any other.
public struct OptimizeObjective: Sendable {
  /// The name `--objective` takes and `optimize.csv` heads its column with.
  public var name: String
  /// What people read: "revenue-weighted mean absolute campaign ROAS error".
  public var label: String
  /// How a score is shown.
  public var kind: HeadlineFigure.Kind
  /// What a run's campaigns must offer for the score to exist ("two or more campaigns with
  /// spend to rank"); nil when any run with users scores.
  public var needs: String?
  /// The score of one run, lower is better; nil when the run has nothing to score.
  public var score: @Sendable (RunSummary) -> Double?
  /// The score the same run would get if every postback that carried a value had carried its
  /// install's exact revenue in the window (infinite precision; the same crowd tiers, nulls,
  /// missing postbacks and windows): the part of the error no schema's values can remove.
  /// Nil for objectives without such a floor.
  public var floor: (@Sendable (RunSummary) -> Double?)?

  /// Each stored property as given.
  public init(
    name: String, label: String, kind: HeadlineFigure.Kind, needs: String? = nil,
    floor: (@Sendable (RunSummary) -> Double?)? = nil, score: @escaping @Sendable (RunSummary) -> Double?
  ) {
    self.name = name
    self.label = label
    self.kind = kind
    self.needs = needs
    self.floor = floor
    self.score = score
  }

  /// Σ true revenue · |ROAS error| ÷ Σ true revenue over the campaigns with spend and true
  /// revenue at the horizon: big campaigns' errors weigh as much as the money they move.
  public static let roasError = OptimizeObjective(
    name: "roas-error", label: "revenue-weighted mean absolute campaign ROAS error", kind: .share,
    needs: "at least one campaign with spend and revenue (the scenario's campaigns state no spend, so none has a ROAS)",
    floor: { summary in
      guard let decoding = summary.decoding, decoding.hasSpend else { return nil }
      return weightedRoasError(decoding.economics, without: decoding.campaigns)
    }
  ) { summary in
    guard let decoding = summary.decoding, decoding.hasSpend else { return nil }
    return weightedRoasError(decoding.economics)
  }

  /// |decoded ÷ true revenue − 1| over every campaign.
  public static let revenueCaptured = OptimizeObjective(
    name: "revenue-captured", label: "absolute revenue captured error", kind: .share,
    floor: { summary in
      guard let decoding = summary.decoding, let parts = decoding.errorParts, decoding.trueRevenue > 0 else { return nil }
      return abs(decoding.decodedRevenue - parts.granularity - decoding.trueRevenue) / decoding.trueRevenue
    }
  ) { summary in
    summary.decoding?.revenueCaptured.map { abs($0 - 1) }
  }

  /// 1 − Kendall's tau-b between decoded and true campaign ROAS: 0 ranks every campaign as
  /// the truth does, 2 reverses them.
  public static let rankAgreement = OptimizeObjective(
    name: "rank-agreement", label: "1 − Kendall's tau-b of decoded against true campaign ROAS", kind: .count,
    needs: "two or more campaigns with spend to rank"
  ) { summary in
    guard let decoding = summary.decoding, decoding.hasSpend else { return nil }
    return CampaignEconomics.rankCorrelation(decoding.economics).tau.map { 1 - $0 }
  }

  /// Median hours from install to the first winning postback carrying a value.
  public static let timeToSignal = OptimizeObjective(
    name: "time-to-signal", label: "median time to first useful signal", kind: .hours
  ) { summary in
    summary.decoding?.firstSignalMedianHours
  }

  /// The horizon's ROAS as estimated once postback 1 has arrived (about day 3: decoded window 1
  /// plus the calibrated forecast of windows 2–3, ``EarlyEstimate``), its error weighted by
  /// true revenue over the campaigns with spend: how well a marketer can judge campaigns by day 3.
  public static let earlyRoasError = OptimizeObjective(
    name: "early-roas-error", label: "revenue-weighted campaign ROAS error estimated by day 3 (postback 1)", kind: .share,
    needs: "at least one campaign with spend and revenue (the scenario's campaigns state no spend, so none has a ROAS)"
  ) { summary in
    guard let decoding = summary.decoding, decoding.hasSpend else { return nil }
    return EarlyDecision(decoding.economics.filter { $0.spend != nil }, index: 0).weightedAbsError
  }

  /// 1 − the share of pairs of priced campaigns that the day-3 estimate orders as true ROAS
  /// does: 0 picks the better of every two campaigns by day 3.
  public static let earlyRank = OptimizeObjective(
    name: "early-rank", label: "share of campaign pairs misordered by day 3 (postback 1)", kind: .share,
    needs: "two or more campaigns with spend to rank"
  ) { summary in
    guard let decoding = summary.decoding, decoding.hasSpend else { return nil }
    return EarlyDecision(decoding.economics.filter { $0.spend != nil }, index: 0).orderedPairShare.map { 1 - $0 }
  }

  /// The built-in objectives, the default first.
  public static let all = [roasError, revenueCaptured, rankAgreement, timeToSignal, earlyRoasError, earlyRank]

  /// The built-in objective called `name`.
  ///
  /// - Throws: ``OptimizeError/unknownObjective(_:suggestion:)`` naming the closest name.
  public static func named(_ name: String) throws(OptimizeError) -> OptimizeObjective {
    if let objective = all.first(where: { $0.name == name }) { return objective }
    throw .unknownObjective(name, suggestion: Suggestion.closest(to: name, among: all.map(\.name)))
  }

  /// Σ trueRevenue · |roasError| ÷ Σ trueRevenue over campaigns with both; nil when none has.
  public static func weightedRoasError(_ campaigns: [CampaignEconomics]) -> Double? {
    var weighted = 0.0, total = 0.0
    for campaign in campaigns {
      guard let error = campaign.roasError, let horizon = campaign.horizon else { continue }
      weighted += horizon.trueRevenue * abs(error)
      total += horizon.trueRevenue
    }
    return total > 0 ? weighted / total : nil
  }

  /// ``weightedRoasError(_:)`` with each campaign's value granularity taken out of its decoded
  /// revenue (`figures` hold the parts): what remains comes from nulls, missing postbacks,
  /// source-identifier ambiguity and late postbacks, which exact values would not change.
  /// ROAS error weighted by true revenue is |decoded − true| ÷ Σ true, as spend cancels.
  public static func weightedRoasError(
    _ campaigns: [CampaignEconomics], without figures: [DecodedTable.CampaignFigures]
  ) -> Double? {
    var granularity: [String: Double] = [:]
    for figure in figures { granularity[figure.network + "\u{0}" + figure.campaign, default: 0] += figure.errorParts.granularity }
    var weighted = 0.0, total = 0.0
    for campaign in campaigns {
      guard campaign.roasError != nil, let horizon = campaign.horizon else { continue }
      let exact = horizon.decodedRevenue - (granularity[campaign.network + "\u{0}" + campaign.campaign] ?? 0)
      weighted += abs(exact - horizon.trueRevenue)
      total += horizon.trueRevenue
    }
    return total > 0 ? weighted / total : nil
  }
}
