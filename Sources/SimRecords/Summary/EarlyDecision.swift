import SimJSON

/// How well the campaigns' early estimates (``EarlyEstimate``) at one point in time would serve a
/// marketer deciding which to cut or scale: their errors and how often they order campaigns as
/// the truth does.
public struct EarlyDecision: Sendable, Equatable {
  /// Postbacks arrived per install (1, 2 or 3) and the day they can all have (3, 8, 36).
  public var postbacks: Int, day: Int?
  /// Campaigns with true revenue, whose error is measured.
  public var campaigns: Int
  /// Mean of the campaigns' absolute relative errors of horizon revenue (= of ROAS).
  public var meanAbsError: Double?
  /// Their absolute errors weighted by true revenue: Σ |estimate − truth| ÷ Σ truth, so a
  /// campaign weighs as much as the money it moves (the optimizer's `early-roas-error`).
  public var weightedAbsError: Double?
  /// Share of those campaigns whose estimate is within 10 % of the truth.
  public var withinToleranceShare: Double?
  /// Of any two priced campaigns whose true ROAS differ, the share the estimate orders right.
  public var orderedPairShare: Double?
  /// Priced campaigns behind ``orderedPairShare``.
  public var pricedCampaigns: Int

  /// The figures at the `index`-th estimate of each of `economics` (campaigns without one at
  /// that index are skipped); ROAS compared as printed (4 decimals), so campaigns that look
  /// tied are tied.
  public init(_ economics: [CampaignEconomics], index: Int) {
    let points = economics.compactMap { $0.early.indices.contains(index) ? $0.early[index] : nil }
    postbacks = index + 1
    day = points.first?.day
    let errors = points.compactMap(\.error)
    campaigns = errors.count
    meanAbsError = errors.isEmpty ? nil : errors.reduce(0) { $0 + abs($1) } / Double(errors.count)
    let measured = points.filter { $0.trueRevenue > 0 }
    let truth = measured.reduce(0) { $0 + $1.trueRevenue }
    weightedAbsError = truth > 0 ? measured.reduce(0) { $0 + abs($1.estimatedRevenue - $1.trueRevenue) } / truth : nil
    withinToleranceShare =
      errors.isEmpty ? nil : Double(errors.filter { abs($0) <= EarlyEstimate.tolerance }.count) / Double(errors.count)
    let priced = points.compactMap { point in point.estimatedRoas.flatMap { e in point.trueRoas.map { (e, $0) } } }
    pricedCampaigns = priced.count
    orderedPairShare = EarlyEstimate.orderedPairShare(
      priced.map { CSVField.rounded($0.0) }, priced.map { CSVField.rounded($0.1) })
  }

  /// The entry of `summary.json`'s `decoding.earlyEstimates`.
  var json: JSONValue {
    func figure(_ value: Double?) -> JSONValue { value.map { .double(CSVField.rounded($0)) } ?? .null }
    return .object([
      "postbacks": .int(Int64(postbacks)), "day": day.map { .int(Int64($0)) } ?? .null,
      "campaigns": .int(Int64(campaigns)), "errorMeanAbsRatio": figure(meanAbsError),
      "errorWeightedAbsRatio": figure(weightedAbsError),
      "withinTenPercentShare": figure(withinToleranceShare), "pricedCampaigns": .int(Int64(pricedCampaigns)),
      "roasPairsOrderedShare": figure(orderedPairShare),
    ])
  }
}
