import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim schema train SCENARIO --out FILE [--schema BASE] [--horizon-days N] [--runs N]
/// [--test-runs N] [--jobs N] [--seed N]`: learns a predicted-LTV model from the scenario's own
/// users and writes the schema that encodes it.
struct SchemaTrainCommand: DeclaredCommand {
  @Argument(name: "scenario", help: "The scenario file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  @Option(
    name: "out", short: "o", valueName: "file", help: "The schema file to write (JSON; - for standard output).",
    parsing: .outputPath)
  var outFile: String?
  @Option(
    name: "schema", valueName: "file",
    help: "The base schema whose coarse values, locks and currency the new one keeps.",
    defaultDescription: "the scenario's", parsing: .inputPath)
  var schemaPath: String?
  private static let defaults = PredictorTraining.Settings()
  @Option(
    name: "horizon-days", valueName: "n", help: "The day since install predictions run to: 7 or 35 (a window's end).",
    defaultDescription: String(SchemaTrainCommand.defaults.horizonDays), parsing: .integer(in: 1...365))
  var horizonDays: Int?
  @Option(
    name: "runs", valueName: "n", help: "Runs of the scenario the predictor learns from.",
    defaultDescription: String(SchemaTrainCommand.defaults.trainingRuns), parsing: .integer(in: 1...1_000))
  var runs: Int?
  @Option(
    name: "test-runs", valueName: "n", help: "Runs on other seeds its error is measured on.",
    defaultDescription: String(SchemaTrainCommand.defaults.testRuns), parsing: .integer(in: 1...1_000))
  var testRuns: Int?
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Runs at once (the result is the same whatever the number).",
    defaultDescription: "all cores", parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  @Option(
    name: "seed", valueName: "n", help: "Derive the runs' seeds from this seed instead of the scenario's.",
    parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "train", abstract: "Learn a predicted-LTV (pLTV) schema from the scenario's own users.",
    discussion: """
      Simulates the scenario under seeds of its own and learns, from what each attributed user \
      did in window 1 (revenue and sessions), their revenue to --horizon-days: a table of \
      buckets, each predicting its users' mean (Docs/schema-format.md#predicted-revenue). Then \
      measures the predictor's error on --test-runs other seeds, beside everyone's mean and \
      window-1 revenue times a ratio. Writes a schema whose window-1 fine value names the \
      prediction, keeping the base schema's coarse values and locks. Nothing is written when \
      the scenario or schema has problems.
      """)

  static var readingOrder: [ReadingStep<Self>] {
    [.value("--horizon-days"), .value("--runs"), .value("--test-runs"), .value("--out"), .check(Self.checkOutNamed)]
  }

  private func checkOutNamed() throws(ValidationError) {
    if outFile == nil { throw ValidationError("Name the schema file to write: --out FILE") }
  }

  var out: String { outFile ?? "" }

  func run() -> ExitStatus {
    if FileManager.default.isDirectory(out) {
      Console.error("\(out): error: cannot write the schema: is a directory (expected a file path for -o)")
      return .ioError
    }
    if let obstacle = OutputFile(out).obstacle() {
      Console.error("error: \(obstacle.description); nothing was trained")
      return .writing(obstacle)
    }
    var scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: largeWork.limits, permissions: permissions, seed: seed) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    if let schemaPath {
      if let stopped = ScenarioPreparation.replaceSchema(of: &scenario, with: schemaPath) { return stopped }
    }
    var settings = Self.defaults
    settings.horizonDays = horizonDays ?? settings.horizonDays
    settings.trainingRuns = runs ?? settings.trainingRuns
    settings.testRuns = testRuns ?? settings.testRuns
    if let obstacle = PredictorTraining.obstacle(scenario, horizonDays: settings.horizonDays) {
      Console.error("\(path): error: cannot train a predictor: \(obstacle); nothing was written")
      return .dataError
    }
    let training = PredictorTraining(scenario, settings: settings, jobs: jobs)
    guard training.trainingInstalls > 0 else {
      Console.error(
        "\(path): error: cannot train a predictor: \(settings.trainingRuns) runs gave no attributed installs; nothing was written")
      return .dataError
    }
    guard !PredictedSchema.bounds(training.predictor).isEmpty else {
      Console.error(
        "\(path): error: cannot train a predictor: every one of the \(training.trainingInstalls) users gets the same prediction "
          + "(too few to split; expected cells of at least \(settings.minimumInstalls)), so no fine value could tell users apart; "
          + "raise --runs; nothing was written")
      return .dataError
    }
    let output = JSONFileOutput(path: out)
    if let failed = output.write(PredictedSchema.json(base: scenario.schema, predictor: training.predictor)) { return failed }
    for line in Self.lines(training, scenario: scenario) { output.say(line) }
    output.sayWritten()
    return .success
  }

  /// What training found, for people: the predictor's size and its held-out error beside the baselines.
  static func lines(_ training: PredictorTraining, scenario: Scenario) -> [String] {
    let e = training.evaluation
    let currency = scenario.schema.currencies.base
    func money(_ value: Double) -> String { String(format: "%.4f %@", value, currency) }
    func percent(_ value: Double?) -> String { value.map { String(format: "%.1f%%", $0 * 100) } ?? "–" }
    return [
      "\(scenario.name): predictor of revenue to day \(training.predictor.horizonDays) learned from "
        + "\(training.trainingInstalls) users of \(training.trainingSeeds.count) runs: "
        + "\(training.predictor.buckets.count) buckets, \(PredictedSchema.bounds(training.predictor).count + 1) fine values",
      "held out: \(e.installs) users of \(training.testSeeds.count) other runs, mean revenue to day "
        + "\(training.predictor.horizonDays) \(money(e.meanTruth))",
      "  root mean squared error per user: predictor \(money(e.predictorError)), everyone's mean \(money(e.meanError)), "
        + "window-1 revenue × ratio \(money(e.multiplierError))",
      "  spread explained \(percent(e.explainedShare)); predicted total ÷ true total \(percent(e.totalRatio))",
    ]
  }
}
