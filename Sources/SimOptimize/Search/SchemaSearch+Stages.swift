import SimInput
import SimModel
import SimRun
import SimStudies

// The search's named stages over one ``SearchState``, in the order ``SchemaSearch/run(progress:)``
// calls them. Each adds what it simulates to `state.spent` (runs' worth of the scenario's users)
// and tells the tracker of every run; their order is the order of every random draw and run.
extension SchemaSearch {
  /// The plan before any run: rungs, the first generation's size, the race, the seed sets (the
  /// pilot's runs first in the search set, then the rungs', then the race's) and a tracker of
  /// the planned total.
  package func begin(progress: (@Sendable (Progress) -> Void)? = nil) -> SearchState {
    let plan = rungs
    let first = options.space?.fixed?.count ?? firstRungCandidates
    let counts = Self.counts(first: first, rungs: plan.count, keep: options.keep)
    let race = raceRung
    let rungRuns = plan.map(\.runs).max() ?? 0
    // The pilot's runs come first in the search set; the rungs score on the runs after them, so no
    // candidate is scored on the users whose revenue placed its edges.
    let firstRungSeed = max(1, pilotRuns)
    // The race's runs follow the rungs' in the search set: new draws, still apart from the
    // calibration and final seeds.
    let seeds = OptimizeSeeds(
      seed: options.seed,
      calibration: max(options.finalCalibrationRuns, (plan + (race.map { [$0] } ?? [])).map(\.calibrationRuns).max() ?? 0),
      search: firstRungSeed + rungRuns + (race?.runs ?? 0), final: options.finalReplicates)
    // Finalists come from every generation's last rung.
    let raceCost =
      race.map { Double(min(options.finalists, generations * (counts.last ?? 0)) + 1) * $0.cost(after: plan.last) } ?? 0
    let tracker = SearchTracker(
      total: Int(
        Double(scenario.userCount)
          * (Self.cost(first: first, rungs: plan, keep: options.keep, pilotRuns: pilotRuns, generations: generations) + raceCost))
        + 2 * (options.finalCalibrationRuns + options.finalReplicates) * scenario.userCount,
      report: progress)
    return SearchState(
      rungs: plan, first: first, race: race, seeds: seeds, firstRungSeed: firstRungSeed, rungRuns: rungRuns, tracker: tracker)
  }

  /// The pilot: the first ``pilotRuns`` search runs at the first rung's share of users, their
  /// truth only, pooled into the revenue profile candidates' edges and thresholds are placed on;
  /// it spends those runs at that share. With a space given (it carries its profile) none run.
  /// Returns the space to draw from.
  ///
  /// - Throws: ``OptimizeError/noRevenue(scenario:)`` when the profile holds no revenue.
  package func pilot(_ state: inout SearchState) throws(OptimizeError) -> SchemaSpace {
    let profile: RevenueProfile
    if let space = options.space {
      profile = space.profile
    } else {
      var pilot = Self.scaled(scenario, state.rungs[0].scale)
      pilot.schema = ConversionSchema(
        eventNames: scenario.declaredEvents.sorted(), currencies: scenario.schema.currencies, fine: .none)
      let base = pilot
      let (seeds, tracker) = (state.seeds, state.tracker)
      let sinks = OrderedWork.run(
        count: pilotRuns, jobs: options.jobs, users: { _ in base.userCount },
        progress: { _ in tracker.add(users: base.userCount, stage: "pilot") }
      ) { index -> RevenueProfileSink in
        var run = base
        run.seed = seeds.search[index]
        var sink = RevenueProfileSink(scenario: run)
        _ = ScenarioRunner.run(run, sink: &sink, receive: false)
        return sink
      }
      var pooled = sinks[0]
      for sink in sinks.dropFirst() { pooled.absorb(sink) }
      profile = pooled.profile(windowCount: scenario.attributionFramework.windowCount)
    }
    guard profile.hasRevenue else { throw .noRevenue(scenario: scenario.name) }
    state.spent += Double(pilotRuns) * state.rungs[0].scale
    if let space = options.space { return space }
    var space = SchemaSpace(
      windowCount: scenario.attributionFramework.windowCount, events: Array(scenario.declaredEvents), profile: profile,
      silentWindows: !options.keepPostbacks)
    space.predictedShare = options.predictedShare
    return space
  }

  /// The first generation: `state.first` candidates admitted from `space`. The starting schema
  /// competes as candidate 1 when it has the search's form and reads back the same
  /// (`state.startCopy`), and a third of the rest are local moves from it; the others are drawn
  /// fresh. Runs nothing. Returns the admitted candidates' indices.
  ///
  /// - Throws: ``OptimizeError/candidateUnreadable(_:)`` when a candidate's text does not read
  ///   back, or none passes the lint.
  package func drawFirstGeneration(from space: SchemaSpace, _ state: inout SearchState) throws(OptimizeError) -> [Int] {
    let first = state.first
    var drawn: [SchemaCandidate] = []
    if options.space?.fixed == nil, let start = startCandidate {
      state.startCopy = 0
      let local = space.neighbours(of: start, count: max(0, (first - 1) / 3), seed: options.seed)
      drawn = [start] + local
      let known = Set(drawn.map(SchemaSpace.key))
      drawn += space.candidates(count: 2 * first - drawn.count + 16, seed: options.seed).filter { !known.contains(SchemaSpace.key($0)) }
    } else {
      // Spares past `first`: a drawn candidate the lint refuses is replaced by the next, so even a
      // budget paying for one candidate scores one (the same first ones when none is refused).
      drawn = space.candidates(count: options.space?.fixed == nil ? 2 * first + 16 : first, seed: options.seed)
    }
    let admitted = try admit(drawn, atMost: first, into: &state)
    guard !admitted.isEmpty else { throw .candidateUnreadable("no drawn candidate passed the lint") }
    return admitted
  }

  /// Admits candidates from `drawn`, at most `limit`: each read back from its text (what is
  /// scored is what is written) and linted, one with a lint error never scored. Returns their indices.
  func admit(_ drawn: [SchemaCandidate], atMost limit: Int = .max, into state: inout SearchState) throws(OptimizeError) -> [Int] {
    let declared = scenario.declaredEvents
    var admitted: [Int] = []
    for candidate in drawn where admitted.count < limit {
      let text = candidate.text(
        currency: scenario.schema.currencies.base, exchangeRates: scenario.schema.currencies.rates, header: [])
      let schema: ConversionSchema
      do {
        schema = try ScenarioLoader.parseSchema(text, file: "candidate", for: scenario)
      } catch {
        throw .candidateUnreadable(error.description)
      }
      guard !SchemaLint(schema, declaredEvents: declared).findings.contains(where: { $0.severity == .error }) else { continue }
      admitted.append(state.candidates.count)
      state.candidates.append(candidate)
      state.texts.append(text)
      state.schemas.append(schema)
    }
    return admitted
  }

  /// One generation's successive halving: `entrants` scored rung by rung on the same search runs,
  /// the best `keep` going on; the last rung's rows join `state.lastRung`, for the race to choose
  /// among every generation's. The start is scored in generation 0 only: later ones meet the same
  /// seeds, so its scores serve them too. At each rung it spends the calibration runs of schemas
  /// not yet calibrated alike and the rung's runs of every schema it scores, at the rung's share.
  package func generation(_ entrants: [Int], number generation: Int, _ state: inout SearchState) {
    let plan = state.rungs
    let counts = Self.counts(first: entrants.count, rungs: plan.count, keep: options.keep)
    let withStart = generation == 0
    let (seeds, tracker, firstRungSeed) = (state.seeds, state.tracker, state.firstRungSeed)
    var alive = entrants
    for (level, rung) in plan.enumerated() {
      let stage =
        (generations > 1 ? "generation \(generation + 1) of \(generations), " : "") + "rung \(level + 1) of \(plan.count)"
      let scoredSchemas = (withStart ? [scenario.schema] : []) + alive.map { state.schemas[$0] }
      let results = evaluate(
        scale: rung.scale, schemas: scoredSchemas, calibrationSeeds: Array(seeds.calibration.prefix(rung.calibrationRuns)),
        seeds: Array(seeds.search[firstRungSeed..<(firstRungSeed + rung.runs)]), withValues: false, stage: stage,
        tracker: tracker, cache: &state.calibrations)
      state.spent += Double(results.calibrationRuns + scoredSchemas.count * rung.runs) * rung.scale
      var scored: [OptimizeResult.Row] = []
      for (position, result) in results.scores.enumerated() {
        let index = withStart ? (position == 0 ? nil : alive[position - 1]) : alive[position]
        scored.append(
          OptimizeResult.Row(
            name: index.map { "c\($0 + 1)" } ?? "start", candidate: index, generation: generation, rung: level,
            scale: rung.scale, runs: rung.runs, scores: result.map(\.score), signalHours: result.map(\.hours),
            keptShares: result.map(\.kept), advanced: false))
      }
      let offset = withStart ? 1 : 0
      if level + 1 < plan.count {
        let kept = rank(Array(scored.dropFirst(offset))).prefix(counts[level + 1])
        for position in kept { scored[position + offset].advanced = true }
        alive = kept.map { scored[$0 + offset].candidate! }
      } else {
        state.lastRung += scored
      }
      state.rows += scored
      tracker.candidates(scored.count - offset, best: scored.dropFirst(offset).compactMap(\.score).min())
    }
  }

  /// Generation `generation` (from 1): local moves from the best of the last rung so far
  /// (``parentsPerGeneration`` of them), as many candidates as the first generation drew, new to
  /// the search, through the same rungs on the same runs (``generation(_:number:_:)``). False,
  /// having run nothing, when there is no parent or no new candidate passes: the search stops there.
  package func nextGeneration(_ generation: Int, from space: SchemaSpace, _ state: inout SearchState) throws(OptimizeError)
    -> Bool
  {
    let parents = contenders(state).prefix(Self.parentsPerGeneration).map { $0.candidate! }
    guard !parents.isEmpty else { return false }
    let first = state.first
    var known = Set(state.candidates.map(SchemaSpace.key))
    var children: [SchemaCandidate] = []
    for (place, parent) in parents.enumerated() {
      let share = first / parents.count + (place < first % parents.count ? 1 : 0)
      let moves = space.neighbours(
        of: state.candidates[parent], count: share, seed: options.seed, label: "refine-\(generation)-\(parent)",
        origin: "c\(parent + 1)", known: known)
      known.formUnion(moves.map(SchemaSpace.key))
      children += moves
    }
    let admitted = try admit(children, into: &state)
    guard !admitted.isEmpty else { return false }
    self.generation(admitted, number: generation, &state)
    return true
  }

  /// The contenders of the last rung best first, without the start's copy and any that scored as
  /// the start or as a better-ranked one in every run (a move that set the same values on these
  /// users, such as a lock no value reaches): racing them would measure a difference of zero.
  func contenders(_ state: SearchState) -> [OptimizeResult.Row] {
    let startLast = state.lastRung.first { $0.candidate == nil }
    let rows = state.lastRung.filter { $0.candidate != nil }
    var seen: Set<[Double?]> = startLast.map { [$0.scores] } ?? []
    return rank(rows).map { rows[$0] }.filter { $0.candidate != state.startCopy && seen.insert($0.scores).inserted }
  }

  /// The last rung's best of every generation (on the same runs, so their means compare): with a
  /// race up to ``Options/finalists`` contenders, without one the best mean; each is marked as
  /// advanced on its last-rung row. Runs nothing.
  package func chooseFinalists(_ state: inout SearchState) -> [Int] {
    let ranked = state.lastRung.filter { $0.candidate != nil }
    var order = state.race == nil ? rank(ranked).map { ranked[$0] } : contenders(state)
    // Without a copy of the start to fall back on, something must be chosen.
    if order.isEmpty, state.startCopy == nil { order = rank(ranked).prefix(1).map { ranked[$0] } }
    let alive = order.prefix(state.race == nil ? 1 : options.finalists).map { $0.candidate! }
    let last = state.rungs.count - 1
    for index in state.rows.indices where state.rows[index].rung == last && state.rows[index].candidate.map(alive.contains) == true {
      state.rows[index].advanced = true
    }
    return alive
  }

  /// The race: `finalists` and the start on `race`'s search runs (after the rungs') under common
  /// random numbers. Eight runs of a rung cannot rank schemas a point apart when one run's noise
  /// is several points; the paired difference cancels what the runs share, and a finalist
  /// replaces the start only when its difference's 95 % interval lies below zero
  /// (``raceChoice(_:)``). It spends the calibration runs of schemas not yet calibrated alike and
  /// `race.runs` runs of each finalist and the start (nothing without finalists). Returns the best.
  package func race(_ finalists: [Int], on race: Rung, _ state: inout SearchState) -> Int {
    let seeds = state.seeds
    let raceSeed = state.firstRungSeed + state.rungRuns
    let schemas = [scenario.schema] + finalists.map { state.schemas[$0] }
    let results =
      finalists.isEmpty
      ? Evaluation(scores: [], calibrationRuns: 0)
      : evaluate(
        scale: race.scale, schemas: schemas, calibrationSeeds: Array(seeds.calibration.prefix(race.calibrationRuns)),
        seeds: Array(seeds.search[raceSeed..<(raceSeed + race.runs)]), withValues: false,
        stage: "race of \(finalists.count) finalist(s)", tracker: state.tracker, cache: &state.calibrations)
    if !finalists.isEmpty {
      state.raceSpent = Double(results.calibrationRuns + (finalists.count + 1) * race.runs) * race.scale
      state.spent += state.raceSpent
    }
    let ranked = state.lastRung.filter { $0.candidate != nil }
    var raced = results.scores.enumerated().map { position, result in
      OptimizeResult.Row(
        name: position == 0 ? "start" : "c\(finalists[position - 1] + 1)", candidate: position == 0 ? nil : finalists[position - 1],
        generation: position == 0 ? 0 : ranked.first { $0.candidate == finalists[position - 1] }?.generation ?? 0,
        rung: state.rungs.count, scale: race.scale, runs: race.runs, scores: result.map(\.score),
        signalHours: result.map(\.hours), keptShares: result.map(\.kept), advanced: false)
    }
    let differences = raced.dropFirst().map { ConfidenceInterval(pairedDifference: $0.scores, baseline: raced[0].scores) }
    let best: Int
    if let choice = Self.raceChoice(differences) {
      best = finalists[choice]
      raced[choice + 1].advanced = true
    } else if let startCopy = state.startCopy {
      // No finalist is surely better than the start: its copy stays.
      best = startCopy
    } else {
      // Without a copy of the start to keep, the finalist with the lowest mean difference.
      let lowest =
        differences.indices.min { (differences[$0]?.mean ?? .infinity, $0) < (differences[$1]?.mean ?? .infinity, $1) } ?? 0
      best = finalists[lowest]
      raced[lowest + 1].advanced = true
    }
    state.rows += raced
    state.tracker.candidates(finalists.count, best: raced.dropFirst().compactMap(\.score).min())
    return best
  }

  /// Without a race, the result: the best mean of the last rung (`finalists[0]`), unless the
  /// start scored at least as well there, when its copy is the result, so the search never ends
  /// worse than its start on the search seeds. Runs nothing.
  package func lastRungChoice(_ finalists: [Int], _ state: inout SearchState) -> Int {
    var best = finalists[0]
    let last = state.rungs.count - 1
    if let startCopy = state.startCopy, let startRow = state.rows.last(where: { $0.rung == last && $0.candidate == nil }),
      let startScore = startRow.score,
      (state.rows.last { $0.rung == last && $0.candidate == best }?.score).map({ startScore <= $0 }) ?? true
    {
      best = startCopy
      for index in state.rows.indices where state.rows[index].rung == last && state.rows[index].candidate != nil {
        state.rows[index].advanced = state.rows[index].candidate == startCopy
      }
    }
    return best
  }
}
