import Foundation
import SimInput
import SimModel
import SimPlatform
import SimRecords
import SimRun
import SimStudies

/// Searches the conversion-schema space for the schema that minimises an objective on a
/// scenario's users, by successive halving with common random numbers: candidates are drawn
/// around a pilot of pooled runs and as local moves from the start, every candidate is scored on
/// the same few runs first, the best third goes on to more runs; later generations of local
/// moves from the best so far go through the same rungs; the last rung's best of every
/// generation race the start on further full-size runs (one replaces it only when its paired
/// difference's 95 % interval lies below zero), and the chosen schema is compared with the
/// starting schema on seeds the search never saw.
///
/// Each candidate's decoder is calibrated on runs under the calibration seeds; it is scored on
/// runs under the search seeds; the final comparison runs under the final seeds, with the
/// scenario's full cohorts and freshly calibrated decoders (``OptimizeSeeds``). The result
/// depends on the scenario, the options and the seed, not on the number of jobs.
public struct SchemaSearch: Sendable {
  /// One fidelity of the search: a share of the scenario's users, calibration runs per
  /// candidate, and search runs each candidate is scored on.
  public struct Rung: Sendable, Equatable {
    public var scale: Double
    public var calibrationRuns: Int
    public var runs: Int
    /// A rung as given.
    public init(scale: Double, calibrationRuns: Int, runs: Int) {
      self.scale = scale
      self.calibrationRuns = calibrationRuns
      self.runs = runs
    }
    /// Whether a candidate calibrated for `earlier` keeps that calibration here: the same share
    /// of users and calibration runs give the same calibration seeds and cohort, so the same
    /// decoder (``SchemaSearch`` calibrates each schema once per fidelity).
    public func reusesCalibration(of earlier: Rung) -> Bool {
      scale == earlier.scale && calibrationRuns == earlier.calibrationRuns
    }

    /// Runs' worth of the scenario's users one candidate costs here after `previous` (nil: the
    /// first fidelity it meets): its search runs, and its calibration unless `previous` made it.
    public func cost(after previous: Rung?) -> Double {
      let calibrates = previous.map { !reusesCalibration(of: $0) } ?? true
      return Double((calibrates ? calibrationRuns : 0) + runs) * scale
    }
  }

  /// How the search runs.
  public struct Options: Sendable {
    /// What to minimise.
    public var objective: OptimizeObjective
    /// Whether to find the Pareto front of the objective against `tradeoffAxis`.
    public var tradeoff: Bool
    /// What the front sets the objective against: time to signal, or postbacks 2 and 3 kept.
    public var tradeoffAxis: TradeoffAxis = .timeToSignal
    /// The share of fresh candidates encoding a predicted-LTV model learned from the pilot
    /// (``SchemaSpace/predictedShare``); 0 for none.
    public var predictedShare = 0.0
    /// Runs' worth of the scenario's users the search may simulate (the final comparison is extra).
    public var budget: Double
    /// Runs at once.
    public var jobs: Int
    /// The seed every random choice of the search comes from.
    public var seed: UInt64
    /// Replicates of the final comparison, and calibration runs per schema there.
    public var finalReplicates: Int
    public var finalCalibrationRuns: Int
    /// The rungs; nil plans three from the scenario's size (``rungs(users:calibrationRuns:)``).
    public var rungs: [Rung]?
    /// Installs a calibration cell needs before its own mean is used.
    public var minimumCellInstalls: Int
    /// Candidates halve to this share at each rung (1/3).
    public var keep: Double
    /// A space to search instead of the one drawn around the pilot (tests and notebooks).
    public var space: SchemaSpace?
    /// Candidates of the last rung that go on to the race (0: none, the last rung's best mean wins).
    public var finalists: Int
    /// The race's fidelity; nil races at full size on 40 search runs with `finalCalibrationRuns`
    /// calibration runs (``raceRung``).
    public var race: Rung?
    /// Search runs the pilot pools to place candidates' edges and thresholds (at the first rung's share of users).
    public var pilotRuns: Int
    /// Whether every drawn candidate keeps postbacks 2 and 3 for every install that opened the app
    /// (coarse 'low' from a session, never from revenue; ``SchemaSpace/silentWindows``).
    public var keepPostbacks: Bool
    /// Generations of candidates: the first drawn around the pilot and the start, each later one
    /// local moves from the best of the last rung so far, as many, through the same rungs.
    public var generations: Int

    /// Options; by default the ROAS objective, a budget of 480 runs in two generations, one job, 30 final replicates (intervals narrow enough to tell schemas apart).
    public init(
      objective: OptimizeObjective = .roasError, tradeoff: Bool = false, budget: Double = 480, jobs: Int = 1, seed: UInt64 = 1,
      finalReplicates: Int = 30, finalCalibrationRuns: Int = 4, rungs: [Rung]? = nil, minimumCellInstalls: Int = 30,
      keep: Double = 1.0 / 3, space: SchemaSpace? = nil, finalists: Int = 4, race: Rung? = nil, pilotRuns: Int = 8,
      generations: Int = 2, keepPostbacks: Bool = false
    ) {
      self.objective = objective
      self.tradeoff = tradeoff
      self.budget = budget
      self.jobs = jobs
      self.seed = seed
      self.finalReplicates = finalReplicates
      self.finalCalibrationRuns = finalCalibrationRuns
      self.rungs = rungs
      self.minimumCellInstalls = minimumCellInstalls
      self.keep = keep
      self.space = space
      self.finalists = finalists
      self.race = race
      self.pilotRuns = max(1, pilotRuns)
      self.generations = max(1, generations)
      self.keepPostbacks = keepPostbacks
    }
  }

  /// Where the search is, for a progress line: users simulated of the planned total, and the
  /// best mean score so far.
  public struct Progress: Sendable {
    public var stage: String
    public var candidatesScored: Int
    public var users: Int, totalUsers: Int
    public var best: Double?
  }

  /// The scenario, whose schema is the starting one.
  public let scenario: Scenario
  public let options: Options
  /// The starting schema's name in outputs.
  public let startName: String

  /// A search of `scenario` from its own schema (named `startName`).
  ///
  /// - Throws: ``OptimizeError`` when the scenario has no revenue, lacks the campaigns the
  ///   objective needs, takes its values from its own service, or the schema uses what the
  ///   scenario's framework does not have.
  public init(scenario: Scenario, startName: String = "the scenario's schema", options: Options) throws(OptimizeError) {
    self.scenario = scenario
    self.options = options
    self.startName = startName
    if let reason = Calibrator.obstacle(scenario) { throw .valuesFromService(scenario: scenario.name, reason: reason) }
    let framework = scenario.attributionFramework
    if framework.windowCount == 1 {
      var uses: [String] = []
      if scenario.schema.hasCoarseValues { uses.append("coarse values") }
      if !scenario.schema.locks.isEmpty { uses.append("lock rules") }
      if !uses.isEmpty {
        throw .wrongFramework(
          schema: startName, framework: Self.frameworkName(scenario), uses: uses.joined(separator: " and "))
      }
    }
    if options.tradeoff, options.tradeoffAxis == .timeToSignal, options.objective.name == OptimizeObjective.timeToSignal.name {
      throw .tradeoffNeedsAccuracy
    }
    guard Self.hasRevenue(scenario) else { throw .noRevenue(scenario: scenario.name) }
    let priced = scenario.adNetworks.flatMap(\.campaigns).filter { $0.spend != nil }.count
    let campaigns = scenario.adNetworks.flatMap(\.campaigns).count
    let needs =
      switch options.objective.name {
      case OptimizeObjective.roasError.name: priced >= 1
      case OptimizeObjective.rankAgreement.name: priced >= 2
      default: campaigns >= 1
      }
    if !needs {
      throw .nothingToCompare(
        scenario: scenario.name, objective: options.objective.name,
        needs: options.objective.needs ?? "at least one campaign")
    }
    let plan = rungs
    let smallest = Self.cost(
      first: 1, rungs: plan, keep: options.keep, pilotRuns: pilotRuns, generations: generations)
    guard options.budget >= smallest else { throw .budgetTooSmall(budget: options.budget, needed: smallest) }
  }

  /// The starting schema as a candidate, when it has the search's form
  /// (``SchemaCandidate/init(schema:windowCount:)``) and its text reads back to the same values;
  /// local moves start from it and the result is never worse than it on the search seeds.
  public var startCandidate: SchemaCandidate? {
    let windows = scenario.attributionFramework.windowCount
    guard var start = SchemaCandidate(schema: scenario.schema, windowCount: windows) else { return nil }
    start.reasons = [
      "revenue":
        "The starting schema's ladder, as written (\(startName)): \(start.revenueBounds.count) revenue bounds in "
        + "\(start.revenueBits) bits."
    ]
    let text = start.text(
      currency: scenario.schema.currencies.base, exchangeRates: scenario.schema.currencies.rates, header: [])
    guard let back = try? ScenarioLoader.parseSchema(text, file: "candidate", for: scenario),
      let read = SchemaCandidate(schema: back, windowCount: windows), read.sameValues(as: start),
      back.currencies == scenario.schema.currencies
    else { return nil }
    return start
  }

  /// The pilot's runs: none when the options give the space to search (it carries its profile).
  public var pilotRuns: Int { options.space == nil ? max(1, options.pilotRuns) : 0 }

  /// Generations of candidates: one when the space is a fixed list, searched as given.
  public var generations: Int { options.space?.fixed == nil ? max(1, options.generations) : 1 }

  /// The rungs this search uses.
  public var rungs: [Rung] {
    options.rungs ?? Self.rungs(users: scenario.userCount, calibrationRuns: options.finalCalibrationRuns)
  }

  /// The race's fidelity, nil without finalists: by default the scenario's full size, as the
  /// final comparison has it, on ``defaultRaceRuns`` search runs.
  public var raceRung: Rung? {
    guard options.finalists > 0 else { return nil }
    return options.race ?? Self.race(runs: Self.defaultRaceRuns, options: options)
  }

  /// Search runs of the race unless told otherwise.
  public static let defaultRaceRuns = 40

  /// A race of `runs` search runs at the scenario's full size, calibrated as the final comparison is.
  public static func race(runs: Int, options: Options) -> Rung {
    Rung(scale: 1, calibrationRuns: options.finalCalibrationRuns, runs: runs)
  }

  /// The race's choice among finalists, given each one's paired difference from the start
  /// (finalist − start on the same runs): the position of the lowest mean difference among those
  /// whose 95 % interval lies wholly below zero; nil when none does, so the start stays.
  public static func raceChoice(_ differences: [ConfidenceInterval?]) -> Int? {
    var choice: (position: Int, mean: Double)?
    for (position, difference) in differences.enumerated() {
      guard let difference, let upper = difference.upper, upper < 0 else { continue }
      if choice.map({ difference.mean < $0.mean }) ?? true { choice = (position, difference.mean) }
    }
    return choice?.position
  }

  /// Three rungs at the scenario's size (a 100,000-user share above 200,000) with 2, 4 and 8 search runs,
  /// every one calibrated as the final comparison is (`calibrationRuns` runs at that size), so a
  /// candidate's calibration is made once and serves every rung and the race.
  ///
  /// Rungs differ in runs, not in users: a smaller cohort scores a different error, not the same
  /// one with more noise (fewer installs per calibration cell send fine ladders to the midpoint,
  /// fewer payers per campaign widen every error), and so ranked the quickstart's candidates
  /// almost in reverse of their full-size order.
  public static func rungs(users: Int, calibrationRuns: Int = 4) -> [Rung] {
    let scale = users > 200_000 ? 100_000 / Double(users) : 1
    return [2, 4, 8].map { Rung(scale: scale, calibrationRuns: calibrationRuns, runs: $0) }
  }

  /// Candidates at each rung when `first` start: each rung keeps `keep` of the last (at least one).
  public static func counts(first: Int, rungs: Int, keep: Double) -> [Int] {
    var counts = [first]
    while counts.count < rungs { counts.append(max(1, Int((Double(counts.last!) * keep).rounded(.up)))) }
    return counts
  }

  /// The search's cost with `first` candidates a generation: the pilot's runs, and at every rung
  /// each generation's candidates and (once) the start, each calibrated only where the rung before
  /// did not calibrate it alike.
  public static func cost(first: Int, rungs: [Rung], keep: Double, pilotRuns: Int, generations: Int) -> Double {
    let counts = counts(first: first, rungs: rungs.count, keep: keep)
    var total = Double(pilotRuns) * rungs[0].scale
    for (level, rung) in rungs.enumerated() {
      total += Double(generations * counts[level] + 1) * rung.cost(after: level == 0 ? nil : rungs[level - 1])
    }
    return total
  }

  /// The best candidates of the last rung so far that each later generation moves from.
  public static let parentsPerGeneration = 3

  /// The most first-rung candidates a generation the budget pays for (at most 400).
  public var firstRungCandidates: Int {
    var count = 1
    while count < 400,
      Self.cost(
        first: count + 1, rungs: rungs, keep: options.keep, pilotRuns: pilotRuns, generations: generations)
        <= options.budget
    {
      count += 1
    }
    return count
  }

  // MARK: - Running

  /// Runs the search, its stages in order (`SchemaSearch+Stages.swift`): the pilot, the first
  /// generation drawn and halved, later generations, the finalists, the race (or the last rung's
  /// best) and the final comparison; `progress` hears of every finished run.
  public func run(progress: (@Sendable (Progress) -> Void)? = nil) throws(OptimizeError) -> OptimizeResult {
    var state = begin(progress: progress)
    let space = try pilot(&state)
    generation(try drawFirstGeneration(from: space, &state), number: 0, &state)
    for number in 1..<max(1, generations) {
      guard try nextGeneration(number, from: space, &state) else { break }
    }
    let finalists = chooseFinalists(&state)
    let best: Int
    if let rung = state.race {
      best = race(finalists, on: rung, &state)
    } else {
      best = lastRungChoice(finalists, &state)
    }
    var front: [Int] = []
    if options.tradeoff {
      let last = state.rows.filter { $0.rung == state.rungs.count - 1 && $0.candidate != nil }
      front = Self.front(last, axis: options.tradeoffAxis).map { last[$0].candidate! }
    }
    return OptimizeResult(
      scenario: scenario.name, users: scenario.userCount, objective: options.objective, tradeoff: options.tradeoff,
      tradeoffAxis: options.tradeoffAxis, seed: options.seed, seeds: state.seeds, rungs: state.rungs, race: state.race, budget: options.budget, spent: state.spent,
      raceSpent: state.raceSpent, profile: space.profile, candidates: state.candidates, texts: state.texts, rows: state.rows,
      best: best, startCopy: state.startCopy, front: front, final: finalComparison(best: best, state), startName: startName)
  }

  /// The final comparison: the start and candidate `best` on the scenario's full cohorts, with
  /// fresh calibrations, on seeds no search run used; not counted in what the search spent.
  package func finalComparison(best: Int, _ state: SearchState) -> OptimizeResult.FinalComparison {
    let (seeds, schemas, tracker) = (state.seeds, state.schemas, state.tracker)
    var fresh = CalibrationCache()
    let finals = evaluate(
      scale: 1, schemas: [scenario.schema, schemas[best]],
      calibrationSeeds: Array(seeds.calibration.prefix(options.finalCalibrationRuns)), seeds: seeds.final, withValues: true,
      stage: "final comparison", tracker: tracker, cache: &fresh
    ).scores
    let windows = scenario.attributionFramework.windowCount
    // Before 4.0 the one postback's revenue is shown at window 1's end day.
    let days = WindowSchedule.productionEndDays.prefix(windows).map(Double.init)
    let final = OptimizeResult.FinalComparison(
      seeds: seeds.final, calibrationRuns: options.finalCalibrationRuns, scores: finals.map { $0.map(\.score) },
      floors: finals.map { $0.map(\.floor) }, signalHours: finals.map { $0.map(\.hours) },
      ltv: finals.map { runs in
        days.indices.map { window in
          let n = Double(max(1, runs.count))
          return (
            days[window], runs.reduce(0) { $0 + $1.ltv[window].truth } / n, runs.reduce(0) { $0 + $1.ltv[window].decoded } / n
          )
        }
      },
      fineValues: finals.map { runs in (0..<64).map { value in runs.reduce(0) { $0 + $1.fineValues[value] } } },
      postbacks: finals.map { runs in runs.map(\.postbacks) })
    return final
  }

  /// One scored run.
  struct RunScore: Sendable {
    var score: Double?
    /// The objective's floor in the same run (``OptimizeObjective/floor``).
    var floor: Double?
    var hours: Double?
    /// Postbacks 2 and 3 sent per install with postback 1 (both windows: 1 keeps them all).
    var kept: Double?
    /// Per window: cumulative true and decoded revenue per attributed install.
    var ltv: [(truth: Double, decoded: Double)]
    var fineValues: [Int]
    /// Winning postbacks in each of the framework's windows.
    var postbacks: [Int]
  }

  /// Calibrations made so far, by schema, share of users and calibration seeds: the same key is
  /// the same calibration, so it is made once and serves every rung and the race that ask again.
  struct CalibrationCache {
    struct Key: Hashable {
      var digest: String
      /// The cohort's share of the scenario's users (1 at full size): rounding can give two
      /// shares the same user count but other crowd thresholds.
      var scale: Double
      var seeds: [UInt64]
    }
    var made: [Key: Calibration] = [:]
  }

  /// What ``evaluate(scale:schemas:calibrationSeeds:seeds:withValues:stage:tracker:cache:)`` did:
  /// scores[schema][run], and the calibration runs it had to simulate (the rest came from the cache).
  struct Evaluation {
    var scores: [[RunScore]]
    var calibrationRuns: Int
  }

  /// Calibrates each schema on `calibrationSeeds` (unless `cache` holds its calibration already)
  /// and scores it on `seeds`, all on the scenario's cohorts scaled by `scale` (``scaled(_:_:)``).
  func evaluate(
    scale: Double, schemas: [ConversionSchema], calibrationSeeds: [UInt64], seeds: [UInt64], withValues: Bool,
    stage: String, tracker: SearchTracker, cache: inout CalibrationCache
  ) -> Evaluation {
    let base = Self.scaled(scenario, scale)
    let settings = options
    let calibrationCount = calibrationSeeds.count
    let keys = schemas.map { CalibrationCache.Key(digest: $0.digest, scale: min(1, scale), seeds: calibrationSeeds) }
    // Each schema not yet calibrated alike, once (the start and its copy can share a digest).
    var queued: Set<CalibrationCache.Key> = []
    let missing = keys.indices.filter { cache.made[keys[$0]] == nil && queued.insert(keys[$0]).inserted }
    // Those schemas' calibration runs, then every schema's scored runs: all under the same seeds.
    let sinks = OrderedWork.run(
      count: missing.count * calibrationCount, jobs: settings.jobs, users: { _ in base.userCount },
      progress: { _ in tracker.add(users: base.userCount, stage: "\(stage): calibrating") }
    ) { index -> CalibrationSink in
      var run = base
      run.schema = schemas[missing[index / calibrationCount]]
      run.seed = calibrationSeeds[index % calibrationCount]
      var sink = CalibrationSink(scenario: run, schema: run.schema)
      _ = ScenarioRunner.run(run, sink: &sink, receive: false)
      return sink
    }
    for (position, schema) in missing.enumerated() {
      let own = sinks[position * calibrationCount..<(position + 1) * calibrationCount]
      let installs = own.reduce(0) { $0 + $1.installs }
      let cells = CalibrationCell.summing(own.lazy.map(\.cells), eventCount: schemas[schema].eventNames.count)
      cache.made[keys[schema]] = Calibration(
        scenario: base.name, schemaDigest: schemas[schema].digest, currency: schemas[schema].currencies.base,
        eventNames: schemas[schema].eventNames, windowCount: base.attributionFramework.windowCount,
        minimumInstalls: settings.minimumCellInstalls, seeds: calibrationSeeds, installs: installs, cells: cells)
    }
    let calibrations = keys.map { cache.made[$0]! }
    let objective = settings.objective
    let scores = OrderedWork.run(
      count: schemas.count * seeds.count, jobs: settings.jobs, users: { _ in base.userCount },
      progress: { _ in tracker.add(users: base.userCount, stage: stage) }
    ) { index -> RunScore in
      let schema = index / seeds.count
      var run = base
      run.schema = schemas[schema]
      run.seed = seeds[index % seeds.count]
      let decoding = CalibratedDecoding(estimator: .calibrated, calibration: calibrations[schema])
      var sink = FineValueSink()
      let summary = ScenarioRunner.run(run, sink: &sink, decoding: decoding)
      var ltv: [(truth: Double, decoded: Double)] = []
      if withValues, let report = summary.decoding {
        let economics = report.economics
        let installs = Double(max(1, economics.reduce(0) { $0 + $1.attributedInstalls }))
        for window in 0..<base.attributionFramework.windowCount {
          let truth = economics.reduce(0) { $0 + ($1.windows.indices.contains(window) ? $1.windows[window].trueRevenue : 0) }
          let decoded = economics.reduce(0) {
            $0 + ($1.windows.indices.contains(window) ? $1.windows[window].decodedRevenue : 0)
          }
          ltv.append((truth / installs, decoded / installs))
        }
      }
      return RunScore(
        score: objective.score(summary), floor: withValues ? objective.floor?(summary) : nil, hours: summary.decoding?.firstSignalMedianHours,
        kept: summary.postbacksKeptShare, ltv: ltv,
        fineValues: withValues ? sink.counts : [],
        postbacks: withValues ? summary.postbacks.prefix(base.attributionFramework.windowCount).map { $0.reduce(0, +) } : [])
    }
    return Evaluation(
      scores: schemas.indices.map { Array(scores[$0 * seeds.count..<($0 + 1) * seeds.count]) },
      calibrationRuns: missing.count * calibrationCount)
  }

  /// Candidate positions best first: by mean score (or, with `tradeoff`, by Pareto front, then
  /// score), ties by position; a candidate with no score comes last.
  func rank(_ rows: [OptimizeResult.Row]) -> [Int] {
    let fronts = options.tradeoff ? Self.frontLevels(rows, axis: options.tradeoffAxis) : Array(repeating: 0, count: rows.count)
    return rows.indices.sorted { a, b in
      let sa = rows[a].score ?? .infinity, sb = rows[b].score ?? .infinity
      return (fronts[a], sa, a) < (fronts[b], sb, b)
    }
  }

  /// Each row's Pareto level on (score, the axis): 0 for the non-dominated, 1 for those only the
  /// first dominates, and so on.
  package static func frontLevels(_ rows: [OptimizeResult.Row], axis: TradeoffAxis = .timeToSignal) -> [Int] {
    var levels = Array(repeating: -1, count: rows.count)
    var level = 0
    while levels.contains(-1) {
      let open = rows.indices.filter { levels[$0] == -1 }
      for a in open where !open.contains(where: { $0 != a && dominates(rows[$0], rows[a], axis: axis) }) { levels[a] = level }
      level += 1
    }
    return levels
  }

  /// The non-dominated rows' positions, best on the axis first (fastest signal, most postbacks kept).
  package static func front(_ rows: [OptimizeResult.Row], axis: TradeoffAxis = .timeToSignal) -> [Int] {
    let levels = frontLevels(rows, axis: axis)
    return rows.indices.filter { levels[$0] == 0 }.sorted {
      (axis.cost(rows[$0]), $0) < (axis.cost(rows[$1]), $1)
    }
  }

  private static func dominates(_ a: OptimizeResult.Row, _ b: OptimizeResult.Row, axis: TradeoffAxis) -> Bool {
    let (sa, sb) = (a.score ?? .infinity, b.score ?? .infinity)
    let (ha, hb) = (axis.cost(a), axis.cost(b))
    return sa <= sb && ha <= hb && (sa < sb || ha < hb)
  }

  // MARK: - Scenario helpers

  /// `scenario` with its cohorts and crowd thresholds scaled by `fraction` (each at least 1),
  /// so crowd tiers stay about as the full scenario has them; scripted users stay.
  public static func scaled(_ scenario: Scenario, _ fraction: Double) -> Scenario {
    guard fraction < 1 else { return scenario }
    var copy = scenario
    for index in copy.cohorts.indices {
      copy.cohorts[index].count = max(1, Int((Double(copy.cohorts[index].count) * fraction).rounded()))
    }
    copy.privacy.thresholds = copy.privacy.thresholds.map { max(1, Int((Double($0) * fraction).rounded())) }
    return copy
  }

  /// Whether any cohort event, logged user or scripted user earns revenue.
  static func hasRevenue(_ scenario: Scenario) -> Bool {
    if scenario.cohorts.contains(where: { $0.events.contains { $0.revenue != nil } || $0.log?.users.hasRevenue == true }) {
      return true
    }
    return scenario.scriptedUsers.contains { user in
      user.timeline.contains { step in
        switch step.action {
        case .event(_, .some, _), .revenue: true
        default: false
        }
      }
    }
  }

  static func frameworkName(_ scenario: Scenario) -> String {
    switch scenario.platform.framework {
    case .skAdNetwork(let version): "SKAdNetwork \(version.rawValue)"
    case .adAttributionKit: "AdAttributionKit"
    }
  }
}
