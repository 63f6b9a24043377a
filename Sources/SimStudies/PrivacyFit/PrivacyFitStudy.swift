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
    /// Simulated runs pooled (each its own seed; one run sizes every period). Fewer make the
    /// simulated shares noisy enough to pick the wrong period: a day at half the thresholds
    /// mimics two days. ``runs(forPostbacks:)`` scales it to the evidence.
    public var runs = 10
    /// Cluster-bootstrap replicates for the intervals.
    public var replicates = 200
    /// Seeds the runs and the bootstrap.
    public var seed: UInt64 = 39
    /// Threads each run simulates on (the result is the same whatever the number).
    public var jobs = 1

    /// The defaults.
    public init() {}

    /// Runs enough for `postbacks` of evidence: 10 up to 200,000 postbacks, then fewer (at least
    /// 3), since each run holds as many postbacks as the evidence and the pools a cell is judged
    /// against grow with it, while each run costs as much as simulating the evidence again.
    public static func runs(forPostbacks postbacks: Int) -> Int {
      min(10, max(3, 2_000_000 / max(1, postbacks)))
    }
  }

  /// Fits `scenario`'s crowd model to `evidence`; `days` says whether the evidence's cells are by
  /// day (it has receipt times). `progress` hears what is being done.
  public static func fit(
    _ scenario: Scenario, evidence: TierEvidence, days: Bool, settings: Settings = Settings(),
    progress: (String) -> Void = { _ in }
  ) -> PrivacyFitResult {
    let simulated = simulate(scenario, days: days, byInstalls: evidence.sizedByInstalls, settings: settings, progress: progress)
    return fit(scenario, evidence: evidence, simulated: simulated, settings: settings, progress: progress)
  }

  /// `settings.runs` runs of `scenario`, seeded from `settings.seed`, each sizing the crowds of
  /// every one of `settings.periods` (installs do not depend on the period): what a fit judges
  /// each period by, in order; `days` and `byInstalls` as for ``SimulatedCrowds/run(_:seed:into:days:byInstalls:jobs:)``.
  public static func simulate(
    _ scenario: Scenario, days: Bool, byInstalls: Bool = false, settings: Settings, progress: (String) -> Void = { _ in }
  ) -> [SimulatedCrowds] {
    var crowds = settings.periods.map { SimulatedCrowds(period: $0) }
    for run in 0..<settings.runs {
      progress("run \(run + 1) of \(settings.runs), crowds sized over \(settings.periods.map(\.description).joined(separator: ", "))")
      SimulatedCrowds.run(
        scenario, seed: settings.seed &+ UInt64(run) &* 7_919, into: &crowds, days: days, byInstalls: byInstalls, jobs: settings.jobs)
    }
    return crowds
  }

  /// Fits `evidence` against crowds already simulated, one for each of `settings.periods` in
  /// order (``simulate(_:days:byInstalls:settings:progress:)``); `settings.seed` seeds the
  /// bootstrap. The simulation does not depend on the evidence, so a study fitting many evidences
  /// of one world (``PrivacyRecoveryStudy``) simulates it once.
  public static func fit(
    _ scenario: Scenario, evidence: TierEvidence, simulated: [SimulatedCrowds], settings: Settings,
    progress: (String) -> Void = { _ in }
  ) -> PrivacyFitResult {
    precondition(simulated.map(\.period) == settings.periods, "one simulation for each period tried, in order")
    var fits:
      [(
        period: SimDuration, fit: ThresholdFit, thresholds: [Int], profiles: [ThresholdFit.Profile], cellTotals: [Double],
        strata: [Int: [Double]]
      )] = []
    for simulated in simulated {
      let period = simulated.period
      progress("crowd period \(period): fitting")
      let fit = ThresholdFit(evidence: evidence, simulated: simulated, rules: scenario.rules)
      let (thresholds, profiles) = fit.fit(from: scenario.privacy.thresholds)
      fits.append(
        (
          period, fit, thresholds, profiles, fit.cellLogLikelihoods(thresholds), fit.strataTerms(thresholds)
        ))
    }
    // Periods are compared on the cells every one of them can judge: a cell one period's runs
    // never come near would otherwise count against the others only.
    var common = Set(fits[0].fit.cells)
    for entry in fits.dropFirst() { common.formIntersection(entry.fit.cells) }
    let commonCells = common.sorted()
    // Each fit's index of each common cell.
    let positions = fits.map { entry in
      let index = Dictionary(uniqueKeysWithValues: entry.fit.cells.enumerated().map { ($1, $0) })
      return commonCells.map { index[$0]! }
    }
    /// A replicate over the common cells, in fit `f`'s own cell order (other cells weigh 0).
    func translated(_ replicate: ThresholdFit.Replicate, to f: Int) -> ThresholdFit.Replicate {
      var own = ThresholdFit.Replicate(weights: [Double](repeating: 0, count: fits[f].fit.cells.count))
      for (position, index) in positions[f].enumerated() {
        own.weights[index] = replicate.weights[position]
        own.counts[index] = replicate.counts[position]
      }
      return own
    }
    let observedReplicate = ThresholdFit.Replicate(weights: [Double](repeating: 1, count: commonCells.count))
    func total(_ replicate: ThresholdFit.Replicate, _ f: Int) -> Double {
      fits[f].fit.total(translated(replicate, to: f), cells: fits[f].cellTotals, strata: fits[f].strata)
    }
    let best = fits.indices.max { total(observedReplicate, $0) < total(observedReplicate, $1) }!
    let chosen = fits[best]
    let cellCount = commonCells.count

    // Bootstrap: each replicate draws the cells with replacement (clusters: a cell's postbacks
    // share crowds) and redraws each row of aggregate observations within itself (strata), picks
    // the period that fits best, then each threshold's best values.
    progress("bootstrap: \(settings.replicates) replicates over \(cellCount) cells")
    var stream = RandomStream(seed: settings.seed).child("bootstrap")
    let strata = commonCells.indices.filter { ThresholdFit.isStratum(commonCells[$0]) }
    let clusters = commonCells.indices.filter { !ThresholdFit.isStratum(commonCells[$0]) }
    var periodPicks: [Int] = []
    var bounds: [Int: [(low: Int, high: Int)]] = [:]
    for _ in 0..<settings.replicates {
      var replicate = ThresholdFit.Replicate(weights: [Double](repeating: 0, count: cellCount))
      for _ in clusters { replicate.weights[clusters[min(Int(stream.nextUnit() * Double(clusters.count)), clusters.count - 1)]] += 1 }
      for index in strata { replicate.counts[index] = redraw(evidence.cells[commonCells[index]]!, stream: &stream) }
      let pick = fits.indices.max { total(replicate, $0) < total(replicate, $1) }!
      periodPicks.append(pick)
      let own = translated(replicate, to: pick)
      for profile in fits[pick].profiles { bounds[profile.tier, default: []].append(fits[pick].fit.maximisers(profile, replicate: own)) }
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
    // Left out: cells some period's runs never come near (the chosen period's estimate still
    // uses those it can judge).
    let unmatched = evidence.cells.filter { !common.contains($0.key) }.values.reduce(0) { $0 + $1.reduce(0, +) }
    return PrivacyFitResult(
      thresholds: thresholds, period: period,
      goodnessOfFit: goodnessOfFit(
        chosen.fit, thresholds: chosen.thresholds, parameters: evidence.levels.count + 1,
        dispersion: dispersion(simulated[best], thresholds: chosen.thresholds, like: evidence, rules: scenario.rules), seed: settings.seed),
      tiered: evidence.tiered, postbacks: evidence.postbacks, unmatchedPostbacks: unmatched, cells: cellCount, runs: settings.runs,
      replicates: settings.replicates, suggested: suggested)
  }

  /// `counts` (postbacks by lowest tier) redrawn: as many postbacks, each of a tier with the
  /// observed shares (multinomial).
  private static func redraw(_ counts: [Int], stream: inout RandomStream) -> [Int] {
    let total = counts.reduce(0, +)
    var drawn = [0, 0, 0, 0]
    for _ in 0..<total {
      var pick = Int(stream.nextUnit() * Double(total))
      var tier = 0
      while tier < 3, pick >= counts[tier] {
        pick -= counts[tier]
        tier += 1
      }
      drawn[tier] += 1
    }
    return drawn
  }

  /// A bin's shares of postbacks showing at least each level, observed (with a 95 % interval:
  /// a bootstrap over its cells, 200 replicates, or with fewer than 5 cells the Wilson score
  /// interval of its postbacks) and fitted.
  private static func shares(_ cells: [[Int]], fitted: [Double], levels: [Int], stream: inout RandomStream) -> [PrivacyFitResult.GoodnessOfFit.Share] {
    let total = cells.reduce(0) { $0 + $1.reduce(0, +) }
    let fittedTotal = fitted.reduce(0, +)
    return levels.map { level in
      let shown = cells.reduce(0) { $0 + $1[level...].reduce(0, +) }
      let share = Double(shown) / Double(max(1, total))
      var interval: (Double, Double)
      if cells.count >= 5 {
        var replicates: [Double] = []
        for _ in 0..<200 {
          var (drawnShown, drawnTotal) = (0, 0)
          for _ in cells.indices {
            let cell = cells[min(Int(stream.nextUnit() * Double(cells.count)), cells.count - 1)]
            drawnShown += cell[level...].reduce(0, +)
            drawnTotal += cell.reduce(0, +)
          }
          replicates.append(Double(drawnShown) / Double(max(1, drawnTotal)))
        }
        replicates.sort()
        interval = (replicates[4], replicates[194])
      } else {
        interval = wilson(shown, of: total)
      }
      let fittedShare = fittedTotal > 0 ? fitted[level...].reduce(0, +) / fittedTotal : 0
      return .init(level: level, observed: share, lower: min(interval.0, share), upper: max(interval.1, share), fitted: fittedShare)
    }
  }

  /// The 95 % Wilson score interval of `shown` successes in `total`, inside [0, 1].
  private static func wilson(_ shown: Int, of total: Int) -> (Double, Double) {
    guard total > 0 else { return (0, 1) }
    let (n, p, z) = (Double(total), Double(shown) / Double(total), 1.959964)
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / (1 + z * z / n)
    return (max(0, centre - half), min(1, centre + half))
  }

  /// The `p` quantile of `values` (the nearest rank); nil for none.
  private static func quantile(_ values: [Int], _ p: Double) -> Int? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
  }

  /// How much cells' shared crowds spread Pearson's chi-square beyond what independent postbacks
  /// give: each simulated run, read as evidence under the fitted `thresholds`, is judged against
  /// all the runs, and its chi-square divided by its terms; the mean over runs (at least 1). Nil
  /// when the evidence has no cells of postbacks (rows of observations are counts, not crowds) or
  /// the runs are too few to say (under 2).
  private static func dispersion(_ simulated: SimulatedCrowds, thresholds: [Int], like evidence: TierEvidence, rules: PlatformRules) -> Double? {
    guard simulated.runs >= 2, evidence.cells.keys.contains(where: { !$0.isAnyCampaign }) else { return nil }
    var ratios: [Double] = []
    for run in 0..<simulated.runs {
      let pseudo = simulated.evidence(
        ofRun: run, thresholds: thresholds, rules: rules, tiered: evidence.tiered, byInstalls: evidence.sizedByInstalls)
      let fit = ThresholdFit(evidence: pseudo, simulated: simulated, rules: rules)
      var noIntervals: RandomStream? = nil
      let (chiSquare, terms, _) = pearson(fit, thresholds: thresholds, stream: &noIntervals)
      if terms > 0 { ratios.append(chiSquare / Double(terms)) }
    }
    guard !ratios.isEmpty else { return nil }
    return max(1, ratios.reduce(0, +) / Double(ratios.count))
  }

  /// Pearson's chi-square of observed against fitted counts by lowest tier shown, over up to 8
  /// bins of cells by their size (equal numbers of cells), divided by `dispersion` for its
  /// p-value (a first-order Rao–Scott correction for postbacks that share crowds).
  private static func goodnessOfFit(
    _ fit: ThresholdFit, thresholds: [Int], parameters: Int, dispersion: Double?, seed: UInt64
  ) -> PrivacyFitResult.GoodnessOfFit {
    var stream: RandomStream? = RandomStream(seed: seed).child("chart")
    let (chiSquare, terms, bins) = pearson(fit, thresholds: thresholds, stream: &stream)
    let freedom = max(1, terms - parameters)
    return .init(
      chiSquare: chiSquare, degreesOfFreedom: freedom, dispersion: dispersion,
      pValue: ChiSquare.survival(chiSquare / (dispersion ?? 1), degreesOfFreedom: freedom),
      pValueIndependent: ChiSquare.survival(chiSquare, degreesOfFreedom: freedom), bins: bins)
  }

  /// Pearson's chi-square, its number of free terms, and its bins (with their shares' intervals
  /// when `stream` is given); classes with fitted counts under 1 are pooled into their neighbour
  /// so that no term divides by almost nothing.
  private static func pearson(
    _ fit: ThresholdFit, thresholds: [Int], stream: inout RandomStream?
  ) -> (chiSquare: Double, terms: Int, bins: [PrivacyFitResult.GoodnessOfFit.Bin]) {
    // By the size each cell is judged at (its postbacks, or an observation's installs a day).
    let tierBins = TierBins(fit.cells.map { fit.evidence.size(of: $0) }, tiered: fit.evidence.tiered)
    var bins: [PrivacyFitResult.GoodnessOfFit.Bin] = []
    var chiSquare = 0.0
    var terms = 0
    for bin in tierBins.members {
      let members = bin.map { (cell: fit.cells[$0], size: fit.evidence.size(of: fit.cells[$0])) }
      var observed = [0, 0, 0, 0]
      var fitted = [0.0, 0, 0, 0]
      for (cell, _) in members {
        let counts = fit.evidence.cells[cell]!
        let size = counts.reduce(0, +)
        for tier in 0..<4 { observed[tier] += counts[tier] }
        let atLeast = fit.simulatedAtLeast(cell, thresholds: thresholds)
        let total = Double(fit.pools[cell]!.count)
        for tier in 0..<4 { fitted[tier] += Double(size) * Double(atLeast[tier] - (tier < 3 ? atLeast[tier + 1] : 0)) / total }
      }
      let postbacks = members.map { fit.evidence.cells[$0.cell]!.reduce(0, +) }
      let meanSize = zip(members, postbacks).reduce(0.0) { $0 + Double($1.0.size * $1.1) } / Double(max(1, postbacks.reduce(0, +)))
      bins.append(
        .init(
          smallest: members.first!.size, largest: members.last!.size, meanSize: meanSize, cells: members.count, observed: observed,
          fitted: fitted,
          shares: stream == nil
            ? [] : shares(members.map { fit.evidence.cells[$0.cell]! }, fitted: fitted, levels: fit.evidence.levels, stream: &stream!)))
      let term = TierBins.pooled(observed: observed.map(Double.init), fitted: fitted, classes: tierBins.classes)
      chiSquare += term.chiSquare
      terms += term.terms - 1  // each bin's classes sum to its postbacks
    }
    return (chiSquare, terms, bins)
  }
}
