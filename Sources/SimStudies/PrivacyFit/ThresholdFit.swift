import Foundation
import SimModel
import SimPlatform

/// The fit of tier thresholds for one crowd period: a composite likelihood over cells, each
/// cell's postbacks counted by "showed at least tier j" (binomial for each level j the evidence
/// speaks to), against the share of the cell's simulated postbacks that would show it under the
/// candidate thresholds. Thresholds are integers, fitted one at a time (the others held) over
/// every value from 1 to above the largest simulated crowd, until none moves.
///
/// A simulated share is smoothed as (s + ½) / (m + 1) (Jeffreys), so a cell the simulation never
/// shows at some level does not make the likelihood zero.
struct ThresholdFit {
  /// The likelihood of each cell for each candidate value of one threshold, the others held at
  /// the estimate: what the bootstrap reweights. A cell's likelihood changes only where the
  /// threshold passes one of its simulated postbacks' crowd sizes, so it is kept as steps: at
  /// 1,000,000 postbacks a row for every candidate took gigabytes and most of the fit's time.
  struct Profile {
    /// The threshold (1, 2 or 3) it varies.
    var tier: Int
    /// The first candidate value; offset `o` is the value `first + o`.
    var first: Int
    /// How many candidate values: `first` to `first + width - 1`.
    var width: Int
    /// For each cell, the offsets where its log-likelihood changes (the first is 0) and its value
    /// from each one until the next.
    var steps: [[(offset: Int, logLikelihood: Double)]]
    /// For each stratum (a row of aggregate observations, by cell index), its ``levelTerms`` for
    /// each candidate: so a replicate can redraw the row's postbacks.
    var strata: [Int: [[Double]]] = [:]
  }

  /// One bootstrap replicate of the evidence: cells drawn with replacement (`weights`, how often
  /// each was drawn), and each stratum's postbacks redrawn within it (`counts`, by lowest tier).
  /// Rows of aggregate observations are strata: their installs per day were chosen by whoever
  /// published them, so they are kept, and only their postbacks are random.
  struct Replicate {
    var weights: [Double]
    var counts: [Int: [Int]] = [:]
  }

  let evidence: TierEvidence
  let rules: PlatformRules
  /// The observed cells the simulation has postbacks to judge against, in order.
  let cells: [CrowdCell]
  /// Each of `cells`' simulated postbacks (``SimulatedCrowds/pool(forCellOf:)``).
  let pools: [CrowdCell: [TierBasis]]
  /// The largest candidate threshold: one above the largest simulated crowd.
  let ceiling: Int

  /// The fit of `evidence` against `simulated`, for the cells it can judge.
  init(evidence: TierEvidence, simulated: SimulatedCrowds, rules: PlatformRules) {
    self.evidence = evidence
    self.rules = rules
    var bySize: [CrowdCell: [TierBasis]?] = [:]
    var pools: [CrowdCell: [TierBasis]] = [:]
    for cell in evidence.cells.keys {
      let key = Self.poolKey(cell, size: evidence.size(of: cell))
      if bySize[key] == nil { bySize[key] = simulated.pool(for: cell, size: evidence.size(of: cell)) }
      if let pool = bySize[key]! { pools[cell] = pool }
    }
    self.pools = pools
    cells = pools.keys.sorted()
    ceiling = min(simulated.largestCrowd + 1, 1_000_000)
  }

  /// Cell `cell`'s composite log-likelihood given its simulated counts at or above each tier.
  func cellLogLikelihood(_ cell: CrowdCell, atLeast simulatedAtLeast: [Int], of simulatedCount: Int) -> Double {
    Self.logLikelihood(evidence.cells[cell]!, terms: levelTerms(atLeast: simulatedAtLeast, of: simulatedCount), levels: evidence.levels)
  }

  /// For each level the evidence speaks to, log p and log(1 − p), p the smoothed share of
  /// simulated postbacks showing at least that tier: the likelihood is linear in observed counts.
  func levelTerms(atLeast simulatedAtLeast: [Int], of simulatedCount: Int) -> [Double] {
    evidence.levels.flatMap { level in
      let p = (Double(simulatedAtLeast[level]) + 0.5) / (Double(simulatedCount) + 1)
      return [log(p), log(1 - p)]
    }
  }

  /// The composite log-likelihood of `counts` (postbacks by lowest tier) under `terms`.
  static func logLikelihood(_ counts: [Int], terms: [Double], levels: [Int]) -> Double {
    let total = counts.reduce(0, +)
    var sum = 0.0
    for (index, level) in levels.enumerated() {
      let shown = counts[level...].reduce(0, +)
      sum += Double(shown) * terms[2 * index] + Double(total - shown) * terms[2 * index + 1]
    }
    return sum
  }

  /// Whether `cell` is a stratum, redrawn within itself by the bootstrap (``Replicate``).
  static func isStratum(_ cell: CrowdCell) -> Bool { cell.isAnyCampaign }

  /// Each stratum's ``levelTerms`` under `thresholds`, by cell index.
  func strataTerms(_ thresholds: [Int]) -> [Int: [Double]] {
    var terms: [Int: [Double]] = [:]
    for (index, cell) in cells.enumerated() where Self.isStratum(cell) {
      terms[index] = levelTerms(atLeast: simulatedAtLeast(cell, thresholds: thresholds), of: pools[cell]!.count)
    }
    return terms
  }

  /// The total log-likelihood of `replicate`, given each cell's log-likelihood (`cells`) and each
  /// stratum's terms (`strata`), by cell index.
  func total(_ replicate: Replicate, cells values: [Double], strata: [Int: [Double]]) -> Double {
    var sum = 0.0
    for (index, value) in values.enumerated() {
      if let counts = replicate.counts[index], let terms = strata[index] {
        sum += Self.logLikelihood(counts, terms: terms, levels: evidence.levels)
      } else {
        sum += replicate.weights[index] * value
      }
    }
    return sum
  }

  /// How many of a cell's simulated postbacks show at least each tier (0–3) under `thresholds`.
  func simulatedAtLeast(_ cell: CrowdCell, thresholds: [Int]) -> [Int] {
    var counts = [0, 0, 0, 0]
    for basis in pools[cell]! {
      let tier = basis.signs(thresholds: thresholds, rules: rules, tiered: evidence.tiered).lowestTier(tiered: evidence.tiered)
      for level in 0...tier { counts[level] += 1 }
    }
    return counts
  }

  /// Each of `cells`' log-likelihood under `thresholds`.
  func cellLogLikelihoods(_ thresholds: [Int]) -> [Double] {
    cells.map { cellLogLikelihood($0, atLeast: simulatedAtLeast($0, thresholds: thresholds), of: pools[$0]!.count) }
  }

  /// Cells with the same key share a pool: the campaign, and the size in place of the day.
  static func poolKey(_ cell: CrowdCell, size: Int) -> CrowdCell {
    CrowdCell(network: cell.network, campaign: cell.campaign, day: size)
  }

  /// Each cell's log-likelihood for every value of threshold `tier` from `low` to `high`, the
  /// others as in `thresholds`.
  func profile(tier: Int, thresholds: [Int], low: Int, high: Int) -> Profile {
    let width = high - low + 1
    // Cells sharing a pool: its terms by candidate are worked out once.
    var termsByPool: [CrowdCell: [(offset: Int, terms: [Double])]] = [:]
    var steps: [[(offset: Int, logLikelihood: Double)]] = []
    var strata: [Int: [[Double]]] = [:]
    steps.reserveCapacity(cells.count)
    for (index, cell) in cells.enumerated() {
      let key = Self.poolKey(cell, size: evidence.size(of: cell))
      let bases = pools[cell]!
      if termsByPool[key] == nil {
        termsByPool[key] = atLeastSteps(bases, tier: tier, thresholds: thresholds, low: low, high: high).map {
          ($0.offset, levelTerms(atLeast: $0.atLeast, of: bases.count))
        }
      }
      let terms = termsByPool[key]!
      if Self.isStratum(cell) {
        var byCandidate: [[Double]] = []
        byCandidate.reserveCapacity(width)
        for (step, entry) in terms.enumerated() {
          let end = step + 1 < terms.count ? terms[step + 1].offset : width
          byCandidate += repeatElement(entry.terms, count: end - entry.offset)
        }
        strata[index] = byCandidate
      }
      let counts = evidence.cells[cell]!
      steps.append(terms.map { ($0.offset, Self.logLikelihood(counts, terms: $0.terms, levels: evidence.levels)) })
    }
    return Profile(tier: tier, first: low, width: width, steps: steps, strata: strata)
  }

  /// For values of threshold `tier` from `low` to `high` (the others as in `thresholds`), how
  /// many of `bases` show at least each tier: at offset 0 and at each offset where that changes,
  /// holding until the next. A postback's signs change only where the threshold passes one of its
  /// crowd sizes, so each is judged at those few values and counted over the ranges between.
  private func atLeastSteps(_ bases: [TierBasis], tier: Int, thresholds: [Int], low: Int, high: Int) -> [(offset: Int, atLeast: [Int])] {
    // Where each postback starts and stops counting at levels 0 to its lowest tier shown: by
    // offset, not in an array over every candidate (thresholds can range over thousands).
    var changes: [(offset: Int, shown: Int, change: Int)] = []
    var candidate = thresholds
    var starts: [Int] = []
    for basis in bases {
      starts.removeAll(keepingCapacity: true)
      starts.append(low)
      for size in basis.crowd.sizes where size + 1 > low && size + 1 <= high { starts.append(size + 1) }
      starts.sort()
      for (index, start) in starts.enumerated() {
        let end = index + 1 < starts.count ? starts[index + 1] : high + 1
        guard start < end else { continue }
        candidate[tier - 1] = start
        let shown = basis.signs(thresholds: candidate, rules: rules, tiered: evidence.tiered).lowestTier(tiered: evidence.tiered)
        changes.append((start - low, shown, 1))
        if end <= high { changes.append((end - low, shown, -1)) }
      }
    }
    changes.sort { $0.offset < $1.offset }
    var running = [0, 0, 0, 0]
    var result: [(offset: Int, atLeast: [Int])] = [(0, running)]
    var next = 0
    while next < changes.count {
      let offset = changes[next].offset
      while next < changes.count, changes[next].offset == offset {
        for level in 0...changes[next].shown { running[level] += changes[next].change }
        next += 1
      }
      if offset == 0 { result[0].atLeast = running } else if running != result[result.count - 1].atLeast { result.append((offset, running)) }
    }
    return result
  }

  /// The values of a profile's threshold that maximise the likelihood of `replicate` (nil for
  /// the evidence as observed): the smallest and the largest (ties within 1e-9).
  func maximisers(_ profile: Profile, replicate: Replicate? = nil) -> (low: Int, high: Int) {
    let width = profile.width
    guard !profile.steps.isEmpty, width > 0 else { return (profile.first, profile.first) }
    var totals = [Double](repeating: 0, count: width)
    for (cell, steps) in profile.steps.enumerated() {
      if let counts = replicate?.counts[cell], let terms = profile.strata[cell] {
        for offset in 0..<width { totals[offset] += Self.logLikelihood(counts, terms: terms[offset], levels: evidence.levels) }
        continue
      }
      let weight = replicate?.weights[cell] ?? 1
      guard weight != 0 else { continue }
      totals.withUnsafeMutableBufferPointer { totals in
        for (step, entry) in steps.enumerated() {
          let end = step + 1 < steps.count ? steps[step + 1].offset : width
          let value = weight * entry.logLikelihood
          for offset in entry.offset..<end { totals[offset] += value }
        }
      }
    }
    let best = totals.max()!
    let tolerance = 1e-9 * max(1, abs(best))
    let first = totals.firstIndex { $0 >= best - tolerance }!
    let last = totals.lastIndex { $0 >= best - tolerance }!
    return (profile.first + first, profile.first + last)
  }

  /// Fits the thresholds the evidence speaks to, from `start`, one at a time until none moves;
  /// returns them with the profile of each fitted threshold at the end.
  func fit(from start: [Int]) -> (thresholds: [Int], profiles: [Profile]) {
    var thresholds = start.map { min(max($0, 1), ceiling) }
    var profiles: [Int: Profile] = [:]
    for _ in 0..<6 {
      var moved = false
      for tier in evidence.levels {
        // Thresholds never decrease from tier to tier; one the evidence cannot see does not hold
        // the others back (before 4.0 only tier 2 shows).
        let levels = evidence.levels
        let low = levels.contains(tier - 1) ? thresholds[tier - 2] : 1
        let high = levels.contains(tier + 1) ? max(low, thresholds[tier]) : ceiling
        let profile = profile(tier: tier, thresholds: thresholds, low: low, high: max(low, high))
        let (first, last) = maximisers(profile)
        let value = (first + last) / 2
        if value != thresholds[tier - 1] {
          thresholds[tier - 1] = value
          moved = true
        }
        profiles[tier] = profile
      }
      if !moved { break }
    }
    return (thresholds, evidence.levels.compactMap { profiles[$0] })
  }
}
