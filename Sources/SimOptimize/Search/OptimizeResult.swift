import SimStudies

/// What a schema search found: every candidate's scores at every rung it reached, the best
/// schema, the Pareto front with `--tradeoff`, and the final comparison on seeds the search
/// never used.
public struct OptimizeResult: Sendable {
  /// One candidate (or the starting schema) scored at one rung.
  public struct Row: Sendable, Equatable {
    /// "start", or "c" and the candidate's number.
    public var name: String
    /// The candidate's index in ``candidates``; nil for the starting schema.
    public var candidate: Int?
    /// The generation it was drawn in, from 0 (``SchemaSearch/Options/generations``); the race's rows carry their candidates'.
    public var generation: Int
    /// The rung, from 0.
    public var rung: Int
    /// Share of the scenario's users simulated, and search runs scored.
    public var scale: Double
    public var runs: Int
    /// The objective in each search run (nil where the run had nothing to score).
    public var scores: [Double?]
    /// Median hours to the first useful signal in each search run.
    public var signalHours: [Double?]
    /// Share of installs with a first postback that sent postbacks 2 and 3, in each search run
    /// (nil before SKAdNetwork 4.0).
    public var keptShares: [Double?] = []
    /// Whether it went on to the next rung (at the last, to the race; in the race, was chosen).
    public var advanced: Bool

    /// A row as given.
    package init(
      name: String, candidate: Int?, generation: Int = 0, rung: Int, scale: Double, runs: Int, scores: [Double?], signalHours: [Double?],
      keptShares: [Double?] = [], advanced: Bool
    ) {
      self.keptShares = keptShares
      self.name = name
      self.candidate = candidate
      self.generation = generation
      self.rung = rung
      self.scale = scale
      self.runs = runs
      self.scores = scores
      self.signalHours = signalHours
      self.advanced = advanced
    }

    /// Mean of the scores with a value; nil with none.
    public var score: Double? { Self.mean(scores) }
    /// Mean of the signal hours with a value.
    public var hours: Double? { Self.mean(signalHours) }
    /// Mean of the kept shares with a value.
    public var kept: Double? { Self.mean(keptShares) }

    static func mean(_ values: [Double?]) -> Double? {
      let present = values.compactMap { $0 }
      return present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
    }
  }

  /// The starting schema against the best on the final seeds, at the scenario's full size.
  public struct FinalComparison: Sendable {
    /// The replicates' seeds (the final set).
    public var seeds: [UInt64]
    /// Calibration runs behind each schema's decoder.
    public var calibrationRuns: Int
    /// Per schema (start, best): the objective and the median hours to signal per replicate.
    public var scores: [[Double?]]
    /// Per schema: the objective's floor per replicate, the score had every postback that
    /// carried a value carried its install's exact revenue (``OptimizeObjective/floor``); nil
    /// where the objective has none.
    public var floors: [[Double?]]
    public var signalHours: [[Double?]]
    /// Per schema: cumulative true and decoded revenue per attributed install at each window's
    /// end, averaged over the replicates: (day, true, decoded).
    public var ltv: [[(day: Double, truth: Double, decoded: Double)]]
    /// Per schema: how often each fine value 0–63 was carried by first postbacks, over all replicates.
    public var fineValues: [[Int]]
    /// Per schema: winning postbacks in each of the framework's windows per replicate. A schema
    /// whose coarse values leave low installs with none sends no postback 2 or 3 for them: fewer
    /// postbacks for the networks to read, a trade the objective does not see.
    public var postbacks: [[[Int]]]

    /// Each schema's winning postbacks per window, the mean over the replicates.
    public var postbackMeans: [[Double]] {
      postbacks.map { runs in
        (0..<(runs.first?.count ?? 0)).map { window in Double(runs.reduce(0) { $0 + $1[window] }) / Double(runs.count) }
      }
    }

    /// Windows 2 and 3 (1 and 2 from 0) where the best sends under half the start's postbacks, each
    /// with the share fewer.
    public var fewerPostbacks: [(window: Int, fewer: Double)] {
      let means = postbackMeans
      return means.count == 2 ? Self.fewerPostbacks(start: means[0], best: means[1]) : []
    }

    /// The later windows where `best` is under half of `start`, and by what share.
    package static func fewerPostbacks(start: [Double], best: [Double]) -> [(window: Int, fewer: Double)] {
      zip(start, best).enumerated().dropFirst().compactMap { window, pair in
        pair.0 > 0 && pair.1 < pair.0 / 2 ? (window, 1 - pair.1 / pair.0) : nil
      }
    }

    /// Each schema's objective: mean and 95 % interval.
    public var intervals: [ConfidenceInterval?] { scores.map { ConfidenceInterval($0.compactMap { $0 }) } }
    /// Each schema's floor: mean and 95 % interval; nil where the objective has none.
    public var floorIntervals: [ConfidenceInterval?] { floors.map { ConfidenceInterval($0.compactMap { $0 }) } }
    /// The share of the starting schema's mean objective that exact values would remove:
    /// 1 − floor ÷ objective. No schema with the same postbacks can remove more; nil without a floor.
    public var removable: Double? {
      guard let start = intervals[0]?.mean, start > 0, let floor = floorIntervals[0]?.mean else { return nil }
      return 1 - floor / start
    }
    /// Each schema's time to signal: mean and 95 % interval.
    public var signalIntervals: [ConfidenceInterval?] { signalHours.map { ConfidenceInterval($0.compactMap { $0 }) } }
    /// best − start per replicate (common random numbers), its mean and interval.
    public var difference: ConfidenceInterval? { ConfidenceInterval(pairedDifference: scores[1], baseline: scores[0]) }
    /// 1 − best ÷ start of the mean objective: the share of the start's error removed.
    public var reduction: Double? {
      guard let start = intervals[0]?.mean, let best = intervals[1]?.mean, start > 0 else { return nil }
      return 1 - best / start
    }
    /// Whether the two 95 % intervals do not overlap; nil without intervals.
    public var intervalsSeparate: Bool? {
      guard let a = intervals[0], let b = intervals[1], let al = a.lower, let au = a.upper, let bl = b.lower,
        let bu = b.upper
      else { return nil }
      return au < bl || bu < al
    }
  }

  /// The scenario searched, its users and the objective.
  public var scenario: String
  public var users: Int
  public var objective: OptimizeObjective
  /// Whether the search traded accuracy against `tradeoffAxis`.
  public var tradeoff: Bool
  /// What the front set the objective against.
  public var tradeoffAxis: TradeoffAxis
  /// The seeds of the search, and its three disjoint seed sets.
  public var seed: UInt64
  public var seeds: OptimizeSeeds
  /// The rungs, and the budget they were planned within (runs' worth of the scenario's users).
  public var rungs: [SchemaSearch.Rung]
  /// The race of the last rung's best against the start (its rows have rung `rungs.count`); nil without one.
  public var race: SchemaSearch.Rung?
  public var budget: Double
  /// Runs' worth of the scenario's users the search simulated (pilot, rungs and race, not the final comparison).
  public var spent: Double
  /// The part of `spent` the race took, which `--budget` does not cover.
  public var raceSpent: Double
  /// What the pilot measured, which the candidates were drawn around.
  public var profile: RevenueProfile
  /// Every candidate drawn, and each one's schema text.
  public var candidates: [SchemaCandidate]
  public var texts: [String]
  /// Every score, rung by rung.
  public var rows: [Row]
  /// The chosen candidate's index.
  public var best: Int
  /// The index of the starting schema's copy among the candidates, when it has the search's form.
  public var startCopy: Int?
  /// Whether no candidate beat the starting schema, so its copy is the result.
  public var bestIsStart: Bool { startCopy == best }
  /// Whether the final comparison shows the best better than the start: its paired 95 % interval
  /// of best − start lies wholly below zero (lower is better for every objective). A best that
  /// is the start, or whose interval reaches zero, is not shown better: keep the start.
  public var bestShownBetter: Bool { !bestIsStart && (final.difference?.upper).map { $0 < 0 } == true }
  /// The file the best schema is written to: `schema.json` when it is the start's copy or shown
  /// better, otherwise a name that says it was not.
  public var bestFileName: String { bestIsStart || bestShownBetter ? "schema.json" : Self.notShownBetterFileName }
  /// Where a best not shown better than the start is written.
  public static let notShownBetterFileName = "not-shown-better.json"
  /// "c7", or "c1, the start" when the starting schema's copy won.
  public var bestName: String { "c\(best + 1)" + (bestIsStart ? ", the start" : "") }
  /// With `tradeoff`, the candidates on the last rung's Pareto front, fastest first.
  public var front: [Int]
  /// The final comparison.
  public var final: FinalComparison
  /// The starting schema's name (its file, or "the scenario's schema").
  public var startName: String

  /// Generations of candidates the search scored (``SchemaSearch/Options/generations``; fewer when one drew none).
  public var generations: Int { (rows.map(\.generation).max() ?? 0) + 1 }

  /// The rung the choice was made at: the race's when there was one, else the last.
  public var choiceRung: Int { race == nil ? rungs.count - 1 : rungs.count }
  /// Each race finalist's paired difference from the start over the race's runs (finalist −
  /// start, mean and 95 % interval), in the race's order.
  public var raceDifferences: [(name: String, candidate: Int, difference: ConfidenceInterval?)] {
    guard race != nil, let start = rows.first(where: { $0.rung == rungs.count && $0.candidate == nil }) else { return [] }
    return rows.filter { $0.rung == rungs.count && $0.candidate != nil }.map {
      ($0.name, $0.candidate!, ConfidenceInterval(pairedDifference: $0.scores, baseline: start.scores))
    }
  }
}
