import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim schema optimize SCENARIO [--from SCHEMA] [--objective NAME] [--budget N] [--out DIR]
/// [--jobs N] [--seed N] [--replicates N] [--finalists N] [--race-runs N] [--generations N] [--calibration-runs N]
/// [--keep-postbacks] [--tradeoff | --tradeoff-postbacks]`.
struct SchemaOptimizeCommand: DeclaredCommand {
  @Argument(name: "scenario", help: "The scenario file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  @Option(
    name: "from", valueName: "schema", help: "Start from this schema file instead of the scenario's.",
    parsing: .inputPath)
  var fromPath: String?
  @Option(
    name: "objective", valueName: "name",
    help: "What to minimise: " + OptimizeObjective.all.map(\.name).joined(separator: ", ") + ".",
    defaultDescription: OptimizeObjective.roasError.name, parsing: .text)
  var objectiveName: String?
  /// The library's defaults, which the help quotes.
  private static let defaults = SchemaSearch.Options()
  @Option(
    name: "budget", valueName: "n",
    help: "Runs' worth of the scenario's users the search may simulate (the final comparison is extra).",
    defaultDescription: String(format: "%g", SchemaOptimizeCommand.defaults.budget), parsing: .number(in: 0.01...100_000))
  var budget: Double?
  @Option(
    name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
    defaultDescription: "Reports/<scenario-name>-optimize", parsing: .outputPath)
  var out: String?
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Runs at once.", defaultDescription: "all cores",
    parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  @Option(
    name: "seed", valueName: "n", help: "The seed of every choice the search makes.", defaultDescription: "the scenario's",
    parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  @Option(
    name: "replicates", valueName: "n",
    help: "Replicates of the final comparison, on seeds the search never used (3 or more: an interval needs them).",
    defaultDescription: String(SchemaOptimizeCommand.defaults.finalReplicates),
    parsing: .integer(in: 3...1_000))
  var replicates: Int?
  @Option(
    name: "finalists", valueName: "n",
    help: "The last rung's best that race the start on further search runs at full size (0: no race).",
    defaultDescription: String(SchemaOptimizeCommand.defaults.finalists), parsing: .integer(in: 0...50))
  var finalistCount: Int?
  @Option(
    name: "race-runs", valueName: "n", help: "Search runs of the race (extra to --budget, like the final comparison; 3 or more, for an interval).",
    defaultDescription: String(SchemaSearch.defaultRaceRuns), parsing: .integer(in: 3...1_000))
  var raceRunCount: Int?
  @Option(
    name: "generations", valueName: "n",
    help: "Generations of candidates: each after the first is local moves from the best so far, as many as the first "
      + "(the budget is shared among them).",
    defaultDescription: String(SchemaOptimizeCommand.defaults.generations), parsing: .integer(in: 1...20))
  var generationCount: Int?
  @Option(
    name: "calibration-runs", valueName: "n",
    help: "Runs each schema's decoder is calibrated on, in the search and in the final comparison (each counts in --budget "
      + "in the search).",
    defaultDescription: String(SchemaOptimizeCommand.defaults.finalCalibrationRuns), parsing: .integer(in: 1...200))
  var calibrationRunCount: Int?
  @Flag(
    name: "tradeoff", help: "Find the Pareto front of the objective against the median time to first signal.")
  var isTradeoff: Bool
  @Flag(
    name: "tradeoff-postbacks",
    help: "Find the Pareto front of the objective against postbacks 2 and 3 kept (the share of installs with a first "
      + "postback that still send them); --keep-postbacks searches its end.")
  var isPostbackTradeoff: Bool
  @Flag(
    name: "pltv",
    help: "Also draw predicted-LTV candidates (a quarter of the fresh ones): their ladder encodes the revenue to day 35 "
      + "a model learned from the pilot predicts (SKAdNetwork 4.0 and AdAttributionKit).")
  var drawsPredicted: Bool
  @Flag(
    name: "keep-postbacks",
    help: "Draw only schemas whose coarse 'low' is any install that opened the app, so every such install sends "
      + "postbacks 2 and 3 (no coarse 'low' from revenue, which leaves installs below it without them).")
  var keepsPostbacks: Bool
  let progressOption = ProgressOption()
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "optimize", abstract: "Search for the conversion schema that decodes a scenario best.",
    discussion: """
      Draws candidate schemas around pilot runs of the scenario (revenue ladders with their \
      number of buckets and headroom, event bits and their order, counters, coarse \
      thresholds per window and lock rules, within Apple's limits and the scenario's \
      framework version), with local moves around the starting schema, which competes too \
      and scores them by successive halving: every candidate on the same \
      two runs, the best third on four, then eight, each candidate's decoder calibrated once \
      on seeds of its own. A second generation of local moves from the best three goes \
      through the same rungs (--generations). The last rung's best of every generation then race the start on further search runs at full size; \
      one replaces the start only when its paired difference from it has a 95 % interval \
      below zero. The chosen is then compared with the starting schema on seeds the search never \
      used, at the scenario's full size, with a 95 % interval over replicates, beside the \
      floor exact values would leave (what no schema can remove). Writes \
      schema.json (the best schema, commented; it passes 'attrsim schema lint') when it is the \
      start or the final comparison's paired interval shows it better, and otherwise \
      not-shown-better.json with the advice to keep the start, \
      optimize.csv (every candidate's scores) and optimize.html (the comparison, LTV \
      curves, value grids and, with --tradeoff or --tradeoff-postbacks, the Pareto front \
      against time to signal or postbacks 2 and 3 kept, each point's schema in pareto-N.json). The result depends on the seed, not on --jobs.
      """)

  var progress: ProgressLine.Mode { progressOption.mode }
  var limits: WorkLimits { largeWork.limits }

  func run() -> ExitStatus {
    ProgressLine.chosen = progress
    if isTradeoff, isPostbackTradeoff {
      Console.error("error: --tradeoff and --tradeoff-postbacks each choose the front's second axis; give one")
      return .usage
    }
    let objective: OptimizeObjective
    do {
      objective = try OptimizeObjective.named(objectiveName ?? OptimizeObjective.roasError.name)
    } catch {
      Console.error("error: \(error.description)")
      return .usage
    }
    var scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: limits, permissions: permissions, seed: nil) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    var startName = "the scenario's schema"
    if let fromPath {
      if let stopped = ScenarioPreparation.replaceSchema(of: &scenario, with: fromPath) { return stopped }
      startName = Self.tidy(fromPath)
    } else if let file = scenario.inputFiles.dropFirst().first(where: { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }) {
      startName = Self.tidy(file)
    }
    // The search takes minutes: an output folder that cannot be made is refused before it.
    let target = out ?? "Reports/\(scenario.name)-optimize"
    let folder = URL(fileURLWithPath: target)
    if let obstacle = FileProblem.fileInTheWay(of: target) {
      Console.error("error: cannot create output folder '\(target)': \(obstacle); nothing was written")
      return .ioError
    }
    // What the command line does not give, the library's defaults decide (the help quotes them).
    var options = SchemaSearch.Options(
      objective: objective, tradeoff: isTradeoff || isPostbackTradeoff, jobs: jobs,
      seed: seed.map(UInt64.init) ?? scenario.seed, keepPostbacks: keepsPostbacks)
    if isPostbackTradeoff { options.tradeoffAxis = .postbacksKept }
    if drawsPredicted { options.predictedShare = 0.25 }
    if let budget { options.budget = budget }
    if let replicates { options.finalReplicates = replicates }
    if let finalistCount { options.finalists = finalistCount }
    if let generationCount { options.generations = generationCount }
    if let calibrationRunCount { options.finalCalibrationRuns = calibrationRunCount }
    if let raceRunCount { options.race = SchemaSearch.race(runs: raceRunCount, options: options) }
    let search: SchemaSearch
    do {
      search = try SchemaSearch(scenario: scenario, startName: startName, options: options)
    } catch {
      Console.error("\(fromPath ?? path): error: \(error.description); nothing was written")
      return Self.status(error)
    }
    let progress = ProgressLine(what: "users")
    let started = ContinuousClock.now
    let result: OptimizeResult
    do {
      result = try search.run { step in
        let best = step.best.map { String(format: ", best so far %.4f", $0) } ?? ""
        progress.update(
          done: step.users, total: step.totalUsers, users: step.users,
          detail: "\(step.stage): \(step.candidatesScored) candidate evaluations\(best)")
      }
    } catch {
      progress.clear()
      Console.error("\(path): error: \(error.description); nothing was written")
      return .failure
    }
    progress.clear()
    let seconds = ProgressLine.seconds(ContinuousClock.now - started)
    do {
      try OptimizeOutput(result).write(to: folder)
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
    Self.announce(result, seconds: seconds, jobs: jobs)
    Console.out(
      "wrote \(folder.relativePath)/{\(result.bestFileName),optimize.csv,optimize.html"
        + (result.front.isEmpty ? "" : result.front.count == 1 ? ",pareto-1.json" : ",pareto-1…\(result.front.count).json") + "}")
    return .success
  }

  /// `path` without `..` steps, from the current folder when it lies below it.
  static func tidy(_ path: String) -> String {
    // Made absolute first: a relative path's `..` steps above its first folder would be dropped.
    let here = FileManager.default.currentDirectoryPath + "/"
    let full = URL(fileURLWithPath: path.hasPrefix("/") ? path : here + path).standardized.path
    return full.hasPrefix(here) ? String(full.dropFirst(here.count)) : full
  }

  /// The comparison on the final seeds, as a table.
  static func announce(_ result: OptimizeResult, seconds: Double, jobs: Int) {
    let final = result.final
    let kind = HeadlineFigure(name: "", label: "", kind: result.objective.kind) { _ in nil }
    let hours = HeadlineFigure(name: "", label: "", kind: .hours) { _ in nil }
    Console.out(
      "\(result.scenario): \(result.candidates.count) candidates "
        + (result.generations > 1 ? "in \(result.generations) generations " : "") + "over \(result.rungs.count) rungs "
        + "(\(String(format: "%.1f", result.spent)) runs' worth of \(result.users) users\(Self.spending(result))) and a final comparison "
        + "in \(String(format: "%.0f", seconds)) s with \(jobs) job(s)")
    if let race = result.race, !result.raceDifferences.isEmpty {
      Console.out(
        "\nrace on \(race.runs) further search runs at \(Int((race.scale * 100).rounded())) % of the users, "
          + "finalist − start, paired, mean [95 % interval] (chosen only when wholly below zero):")
      var rows: [[String]] = [["finalist", result.objective.name + " − start", "chosen"]]
      for entry in result.raceDifferences {
        rows.append([entry.name, kind.text(entry.difference, difference: true), entry.candidate == result.best ? "yes" : "no"])
      }
      Console.out(TextTable.render(rows))
    }
    Console.out(
      "\n\(result.objective.label) on \(final.seeds.count) final seeds the search never used, mean [95 % interval]:")
    let hasFloor = result.objective.floor != nil
    let floors = final.floorIntervals
    let floorHead: [String] = hasFloor ? ["floor (exact values)"] : []
    let startFloor: [String] = hasFloor ? [kind.text(floors[0])] : []
    let bestFloor: [String] = hasFloor ? [kind.text(floors[1])] : []
    let noFloor: [String] = hasFloor ? ["–"] : []
    var rows: [[String]] = [["schema", result.objective.name] + floorHead + ["first signal, median"]]
    rows.append([result.startName, kind.text(final.intervals[0])] + startFloor + [hours.text(final.signalIntervals[0])])
    rows.append(["best (\(result.bestName))", kind.text(final.intervals[1])] + bestFloor + [hours.text(final.signalIntervals[1])])
    rows.append(["best − start, paired", kind.text(final.difference, difference: true)] + noFloor + ["–"])
    Console.out(TextTable.render(rows))
    if let reduction = final.reduction {
      let separate =
        switch final.intervalsSeparate {
        case true?: "the intervals do not overlap"
        case false?: "the intervals overlap"
        case nil: "no intervals"
        }
      let change =
        result.bestIsStart
        ? (result.race == nil
          ? "no candidate beat the starting schema on the search seeds"
          : "no finalist beat the starting schema in the race with a paired 95 % interval below zero")
          + ": it stays best (its copy is schema.json)"
        : result.bestShownBetter
        ? String(format: "best is %.0f %% lower than the start, its paired interval wholly below zero", 100 * reduction)
        : (reduction < 0
          ? String(format: "best is %.0f %% higher than the start: the search found nothing better", -100 * reduction)
          : String(format: "best is %.0f %% lower than the start on these seeds, but ", 100 * reduction)
            + (final.difference?.upper == nil ? "with no paired interval to show it" : "its paired interval reaches zero")
            + ": not shown better")
          + "; " + Self.keepTheStart
      Console.out("\n\(change); \(separate)")
    } else if !result.bestIsStart && !result.bestShownBetter {
      Console.out("\nno reduction to state; " + Self.keepTheStart)
    }
    if let removable = final.removable {
      Console.out(
        "floor: had every postback with a value carried its installs' exact revenue (same tiers, nulls and windows), "
          + "the start would score \(kind.text(final.floorIntervals[0])); no schema can remove more than "
          + String(format: "%.0f %% of its error", 100 * max(0, removable)))
    }
    if let line = Self.postbackLine(final) { Console.out(line) }
    Console.out("best: " + result.candidates[result.best].summary)
  }

  /// Winning postbacks a run per window under both schemas, and a warning where the best sends
  /// under half the start's in a window: the networks get fewer postbacks to read, which the
  /// objective does not weigh. Nil for a framework with one window.
  static func postbackLine(_ final: OptimizeResult.FinalComparison) -> String? {
    let means = final.postbackMeans
    guard means.count == 2, means[0].count == 3 else { return nil }
    func counts(_ values: [Double]) -> String { values.map { String(format: "%.0f", $0) }.joined(separator: " / ") }
    var line = "winning postbacks a run, windows 1 / 2 / 3: start \(counts(means[0])), best \(counts(means[1]))"
    let fewer = final.fewerPostbacks
    if !fewer.isEmpty {
      let drops = fewer.map { String(format: "window %d %.0f %%", $0.window + 1, 100 * $0.fewer) }
      line +=
        "; the best sends fewer (\(drops.joined(separator: ", "))): installs below its lowest coarse threshold send no "
        + "postback there and are decoded as missing, so networks reading postbacks 2 and 3 as a retention signal see fewer"
    }
    return line
  }

  /// The advice when the best is not shown better than the start.
  static let keepTheStart = "keep the starting schema (the best is written to \(OptimizeResult.notShownBetterFileName))"

  /// Why the runs' worth is not the budget: the race is extra to it, and the rungs' plan
  /// rounds to whole candidates, so it spends at most the budget.
  static func spending(_ result: OptimizeResult) -> String {
    let within = result.spent - result.raceSpent
    var text = ": \(String(format: "%.1f", within)) within --budget \(String(format: "%g", result.budget))"
    if result.raceSpent > 0 {
      text += " and \(String(format: "%.1f", result.raceSpent)) for the race of finalists, which the budget does not cover"
    }
    return text
  }

  /// A setting on the command line that cannot work is a usage error (64); a scenario or schema
  /// that gives the search nothing to do, a problem in an input file (65).
  static func status(_ error: OptimizeError) -> ExitStatus {
    switch error {
    case .budgetTooSmall, .tradeoffNeedsAccuracy, .unknownObjective: .usage
    case .wrongFramework, .noRevenue, .nothingToCompare, .valuesFromService: .dataError
    case .candidateUnreadable: .failure
    }
  }
}
