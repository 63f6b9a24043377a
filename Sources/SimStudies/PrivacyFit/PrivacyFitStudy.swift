import SimEngine
import SimModel
import SimPlatform

/// Fits the crowd model (`privacy.thresholds`, `privacy.crowdPeriod`) to observed postbacks with
/// the simulator in the loop (issue 39). The scenario says what the fitter knows (campaigns,
/// publishers, countries, volumes); for each candidate crowd period it is run a few times, each
/// winning postback 1 kept with the crowd sizes behind it, so that one set of runs judges every
/// threshold (``ThresholdFit``). See ``PrivacyFitResult/method``.
public enum PrivacyFitStudy {
  /// How hard the study works.
  public struct Settings: Sendable {
    /// Crowd periods tried.
    public var periods: [SimDuration] = [1, 2, 3, 4, 5, 7].map { SimDuration.days(Int64($0)) }
    /// Simulated runs pooled per period (each its own seed). Fewer make the simulated shares
    /// noisy enough to pick the wrong period: a day at half the thresholds mimics two days.
    public var runs = 10
    /// Cluster-bootstrap replicates for the intervals.
    public var replicates = 200
    /// Seeds the runs and the bootstrap.
    public var seed: UInt64 = 39
    /// Threads each run simulates on (the result is the same whatever the number).
    public var jobs = 1

    /// The defaults.
    public init() {}
  }

  /// Fits `scenario`'s crowd model to `evidence`; `days` says whether the evidence's cells are by
  /// day (it has receipt times). `progress` hears what is being done.
  public static func fit(
    _ scenario: Scenario, evidence: TierEvidence, days: Bool, settings: Settings = Settings(),
    progress: (String) -> Void = { _ in }
  ) -> PrivacyFitResult {
    let simulated = settings.periods.map { simulate(scenario, period: $0, days: days, settings: settings, progress: progress) }
    return fit(scenario, evidence: evidence, simulated: simulated, settings: settings, progress: progress)
  }

  /// `settings.runs` runs of `scenario` under crowd period `period`, seeded from `settings.seed`:
  /// what a fit judges that period by; `days` as for ``fit(_:evidence:days:settings:progress:)``.
  public static func simulate(
    _ scenario: Scenario, period: SimDuration, days: Bool, settings: Settings, progress: (String) -> Void = { _ in }
  ) -> SimulatedCrowds {
    var simulated = SimulatedCrowds(period: period)
    for run in 0..<settings.runs {
      progress("crowd period \(period): run \(run + 1) of \(settings.runs)")
      simulated.run(scenario, seed: settings.seed &+ UInt64(run) &* 7_919, days: days, jobs: settings.jobs)
    }
    return simulated
  }

  /// Fits `evidence` against crowds already simulated, one for each of `settings.periods` in
  /// order (``simulate(_:period:days:settings:progress:)``); `settings.seed` seeds the bootstrap.
  /// The simulation does not depend on the evidence, so a study fitting many evidences of one
  /// world (``PrivacyRecoveryStudy``) simulates it once.
  public static func fit(
    _ scenario: Scenario, evidence: TierEvidence, simulated: [SimulatedCrowds], settings: Settings,
    progress: (String) -> Void = { _ in }
  ) -> PrivacyFitResult {
    precondition(simulated.map(\.period) == settings.periods, "one simulation for each period tried, in order")
    var fits: [(period: SimDuration, fit: ThresholdFit, thresholds: [Int], profiles: [ThresholdFit.Profile], cellTotals: [Double])] = []
    for crowds in simulated {
      let fit = ThresholdFit(evidence: evidence, simulated: crowds, rules: scenario.rules)
      let (thresholds, profiles) = fit.fit(from: scenario.privacy.thresholds)
      fits.append((crowds.period, fit, thresholds, profiles, fit.cellLogLikelihoods(thresholds)))
    }
    let best = fits.indices.max { fits[$0].cellTotals.reduce(0, +) < fits[$1].cellTotals.reduce(0, +) }!
    let chosen = fits[best]
    let cellCount = chosen.fit.cells.count

    // Cluster bootstrap over cells: each replicate weighs cells by how often it drew them, picks
    // the period that fits best, then each threshold's best values.
    progress("bootstrap: \(settings.replicates) replicates over \(cellCount) cells")
    var stream = RandomStream(seed: settings.seed).child("bootstrap")
    var periodPicks: [Int] = []
    var bounds: [Int: [(low: Int, high: Int)]] = [:]
    for _ in 0..<settings.replicates {
      var weights = [Double](repeating: 0, count: cellCount)
      for _ in 0..<cellCount { weights[min(Int(stream.nextUnit() * Double(cellCount)), cellCount - 1)] += 1 }
      let pick = fits.indices.max { a, b in
        zip(fits[a].cellTotals, weights).reduce(0) { $0 + $1.0 * $1.1 } < zip(fits[b].cellTotals, weights).reduce(0) { $0 + $1.0 * $1.1 }
      }!
      periodPicks.append(pick)
      for profile in fits[pick].profiles { bounds[profile.tier, default: []].append(ThresholdFit.maximisers(profile, weights: weights)) }
    }

    let observed = evidence.cells.values.reduce([0, 0, 0, 0]) { zip($0, $1).map(+) }
    var thresholds: [PrivacyFitResult.Threshold] = []
    for tier in 1...3 {
      var threshold = PrivacyFitResult.Threshold(tier: tier)
      guard evidence.levels.contains(tier) else {
        threshold.unidentified = "postbacks before SKAdNetwork 4.0 show only whether the privacy threshold (tier 2) was met"
        thresholds.append(threshold)
        continue
      }
      let shown = observed[tier...].reduce(0, +)
      let picks = bounds[tier] ?? []
      let lower = quantile(picks.map(\.low), 0.025)
      let upper = quantile(picks.map(\.high), 0.975)
      if shown == 0 {
        threshold.lower = lower
        threshold.unidentified = "no postback showed tier \(tier): the threshold is above every crowd in the evidence"
      } else if shown == evidence.postbacks {
        threshold.upper = upper
        threshold.unidentified = "every postback showed tier \(tier) or more: the threshold is below every crowd in the evidence"
      } else {
        threshold.estimate = chosen.thresholds[tier - 1]
        threshold.lower = lower
        threshold.upper = upper
      }
      thresholds.append(threshold)
    }
    var suggested = scenario.privacy.thresholds
    for threshold in thresholds { if let estimate = threshold.estimate { suggested[threshold.tier - 1] = estimate } }
    for tier in [2, 1] where thresholds[tier - 1].estimate == nil { suggested[tier - 1] = min(suggested[tier - 1], suggested[tier]) }
    for tier in [2, 3] where thresholds[tier - 1].estimate == nil { suggested[tier - 1] = max(suggested[tier - 1], suggested[tier - 2]) }

    let sortedPicks = periodPicks.sorted()
    let period = PrivacyFitResult.Period(
      estimate: chosen.period, lower: fits[quantile(sortedPicks, 0.025) ?? best].period,
      upper: fits[quantile(sortedPicks, 0.975) ?? best].period, candidates: settings.periods)
    let unmatched = evidence.cells.filter { chosen.fit.pools[$0.key] == nil }.values.reduce(0) { $0 + $1.reduce(0, +) }
    return PrivacyFitResult(
      thresholds: thresholds, period: period,
      goodnessOfFit: goodnessOfFit(chosen.fit, thresholds: chosen.thresholds, parameters: evidence.levels.count + 1),
      tiered: evidence.tiered, postbacks: evidence.postbacks, unmatchedPostbacks: unmatched, cells: cellCount, runs: settings.runs,
      replicates: settings.replicates, suggested: suggested)
  }

  /// The `p` quantile of `values` (the nearest rank); nil for none.
  private static func quantile(_ values: [Int], _ p: Double) -> Int? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
  }

  /// Pearson's chi-square of observed against fitted counts by lowest tier shown, over up to 8
  /// bins of cells by their postbacks (equal numbers of cells); classes with fitted counts under
  /// 1 are pooled into their neighbour so that no term divides by almost nothing.
  private static func goodnessOfFit(_ fit: ThresholdFit, thresholds: [Int], parameters: Int) -> PrivacyFitResult.GoodnessOfFit {
    let classes = fit.evidence.tiered ? [0, 1, 2, 3] : [0, 2]
    let sized = fit.cells.map { (cell: $0, size: fit.evidence.cells[$0]!.reduce(0, +)) }.sorted { ($0.size, $0.cell) < ($1.size, $1.cell) }
    let binCount = min(8, sized.count)
    var bins: [PrivacyFitResult.GoodnessOfFit.Bin] = []
    var chiSquare = 0.0
    var terms = 0
    for bin in 0..<binCount {
      let members = sized[(bin * sized.count / binCount)..<((bin + 1) * sized.count / binCount)]
      var observed = [0, 0, 0, 0]
      var fitted = [0.0, 0, 0, 0]
      for (cell, size) in members {
        let counts = fit.evidence.cells[cell]!
        for tier in 0..<4 { observed[tier] += counts[tier] }
        let atLeast = fit.simulatedAtLeast(cell, thresholds: thresholds)
        let total = Double(fit.pools[cell]!.count)
        for tier in 0..<4 { fitted[tier] += Double(size) * Double(atLeast[tier] - (tier < 3 ? atLeast[tier + 1] : 0)) / total }
      }
      bins.append(.init(smallest: members.first!.size, largest: members.last!.size, cells: members.count, observed: observed, fitted: fitted))
      var pooled: (observed: Double, fitted: Double) = (0, 0)
      for tier in classes {
        pooled.observed += Double(observed[tier])
        pooled.fitted += fitted[tier]
        guard pooled.fitted >= 1 || tier == classes.last else { continue }
        if pooled.fitted > 0 {
          chiSquare += (pooled.observed - pooled.fitted) * (pooled.observed - pooled.fitted) / pooled.fitted
          terms += 1
        }
        pooled = (0, 0)
      }
      terms -= 1  // each bin's classes sum to its postbacks
    }
    let freedom = max(1, terms - parameters)
    return .init(chiSquare: chiSquare, degreesOfFreedom: freedom, pValue: ChiSquare.survival(chiSquare, degreesOfFreedom: freedom), bins: bins)
  }
}
