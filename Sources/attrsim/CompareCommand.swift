import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim compare SCENARIO --schema A --schema B… [--seed N] [--replicates N [--jobs N]]
/// [--estimator NAME] [--calibration-installs N]`: the same users, seeds and platform under each
/// schema, decoding figures side by side.
struct CompareCommand: DeclaredCommand {
  @Argument(name: "scenario", help: "The scenario file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  /// Two or more.
  @Option(
    name: "schema", valueName: "file", help: "A schema file to compare (repeat: two or more).", parsing: .inputPath)
  var schemaPaths: [String]
  // A scenario's own seed has this range too.
  @Option(
    name: "seed", valueName: "n", help: "Use this seed instead of the scenario's.",
    parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  /// Nil without --replicates: the single-run table.
  @Option(
    name: "replicates", valueName: "n",
    help: "Run each schema under the same N seeds and give each figure's mean, 95 % interval and paired difference.",
    defaultDescription: "1", parsing: .integer(in: 1...1_000))
  var replicates: Int?
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Runs at once (with --replicates).",
    defaultDescription: "all cores", parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  let decodingOptions = DecodingOptions()
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "compare", abstract: "Run a scenario under two or more schemas and compare their decoding.",
    discussion: """
      Runs the same scenario, seed and users once per schema (common random numbers: only the \
      schema differs) and prints, side by side, the share of first postbacks with a fine, \
      coarse or no value, true and decoded revenue, the revenue captured, unknown values, the \
      median time to the first useful signal and, per campaign, its spend, CPI, true and \
      decoded ROAS, ROAS error and how decoded ROAS ranks campaigns against true ROAS \
      (Kendall's tau-b) when the scenario states spend, or its revenue error when it does not. \
      Each schema is decoded with its own calibration (learned from runs under seeds of their \
      own) unless --estimator says otherwise. Writes nothing. With --replicates N, every \
      schema runs under the same N seeds (replicate 0 the scenario's, the others hashed from \
      it as in 'attrsim run --replicates'), --jobs runs at once; each headline figure is shown \
      as its mean [95 % interval] per schema, and each later schema's paired difference from \
      the first (the difference in each replicate, then its mean and Student t interval with \
      N − 1 degrees of freedom) says whether it is larger than its interval (the interval \
      excludes zero) or within it.
      """)

  var decoding: DecodingOptions.Choice { decodingOptions.choice }
  var limits: WorkLimits { largeWork.limits }

  func validate() throws(ValidationError) {
    guard schemaPaths.count >= 2 else {
      throw ValidationError("Give at least two schemas to compare: --schema A --schema B")
    }
  }

  func run() -> ExitStatus {
    var scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: limits, permissions: permissions, seed: seed) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    var scenarios: [Scenario] = []
    // Every schema is read before anything runs, so a bad one costs no runs.
    for schemaPath in schemaPaths {
      if let stopped = ScenarioPreparation.replaceSchema(of: &scenario, with: schemaPath) { return stopped }
      scenarios.append(scenario)
    }
    if let replicates {
      return Self.compareReplicated(scenarios, names: schemaPaths, replicates: replicates, jobs: jobs, decoding: decoding)
    }
    var summaries: [RunSummary] = []
    var currencies: [String] = []
    for scenario in scenarios {
      // Common random numbers: users draw from their own streams, so only the schema differs.
      var sink = DiscardingSink()
      let valuing = DecodingOptions.decoding(for: scenario, decoding)
      summaries.append(ScenarioRunner.run(scenario, sink: &sink, decoding: valuing))
      currencies.append(scenario.schema.currencies.base)
    }
    Console.out("\(scenario.name): \(scenario.userCount) users, seed \(scenario.seed); the same users under each schema\n")
    Console.out(TextTable.render([["schema"] + schemaPaths] + Self.rows(summaries, currencies: currencies)))
    return .success
  }

  /// Runs every schema under the same replicate seeds and prints means, intervals and paired
  /// differences from the first schema; each schema's replicates share its one calibration.
  private static func compareReplicated(
    _ scenarios: [Scenario], names: [String], replicates: Int, jobs: Int, decoding: DecodingOptions.Choice
  ) -> ExitStatus {
    // Schema-major: summaries[schema * replicates + replicate].
    let progress = ProgressLine(what: "runs")
    var summaries: [RunSummary] = []
    for scenario in scenarios {
      let valuing = DecodingOptions.decoding(for: scenario, decoding)
      let done = summaries.count
      summaries += ReplicateRunner.run(
        ReplicateRunner.scenarios(scenario, replicates: 0..<replicates), jobs: jobs, decoding: valuing
      ) { step in
        progress.update(done: done + step.done, total: scenarios.count * replicates, users: step.users)
      }
    }
    progress.clear()
    let studies = scenarios.indices.map { schema in
      ReplicateStudy(
        scenario: scenarios[schema], summaries: Array(summaries[schema * replicates..<(schema + 1) * replicates]))
    }
    let comparison = ReplicateComparison(studies: studies)
    let first = scenarios[0]
    Console.out(
      "\(first.name): \(first.userCount) users, \(replicates) replicate\(replicates == 1 ? "" : "s") "
        + "(seeds \(studies[0].seeds.map(String.init).joined(separator: ", "))); the same users under each schema\n")
    let shortNames = names.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    Console.out(TextTable.render(comparison.table(schemaNames: names, shortNames: shortNames)))
    Console.out(
      "\nEach cell: " + ReplicateStudy.method + ". Differences are paired: the same seed under both schemas, "
        + "differenced per replicate.")
    return .success
  }

  /// The figures a marketer compares, one row each.
  private static func rows(_ summaries: [RunSummary], currencies: [String]) -> [[String]] {
    func figure(_ value: Double?, _ format: String) -> String { value.map { String(format: format, $0) } ?? "–" }
    func share(_ summary: RunSummary, _ content: Int) -> String {
      let first = summary.postbacks.first ?? []
      let total = first.reduce(0, +)
      return total == 0 ? "–" : String(format: "%.1f%%", 100 * Double(first[content]) / Double(total))
    }
    let reports = summaries.map(\.decoding)
    var rows: [[String]] = [
      ["postback 1: fine / coarse / none"] + summaries.map { "\(share($0, 0)) / \(share($0, 1)) / \(share($0, 2))" },
      // Each schema states revenue in its own currency.
      ["true revenue"] + zip(reports, currencies).map { figure($0?.trueRevenue, "%.2f") + " " + $1 },
      ["decoded revenue"] + zip(reports, currencies).map { figure($0?.decodedRevenue, "%.2f") + " " + $1 },
      ["revenue captured"] + reports.map { figure($0?.revenueCaptured.map { 100 * $0 }, "%.1f%%") },
      ["unknown values"] + reports.map { $0.map { String($0.unknownValues) } ?? "–" },
      ["first signal, median hours"] + reports.map { figure($0?.firstSignalMedianHours, "%.1f") },
    ]
    // Per campaign, in the first run's (scenario) order: spend, CPI and ROAS when the scenario
    // states spend (installs are the same under every schema; spend and true revenue are too in
    // the scenario's currencies, but each column converts them at its own schema's rates),
    // otherwise the revenue error alone.
    let priced = reports.map { $0?.economics ?? [] }
    if reports.contains(where: { $0?.hasSpend == true }) {
      for campaign in priced.first ?? [] where campaign.spend != nil {
        let name = "\(campaign.network)/\(campaign.campaign)"
        let matches = priced.map { $0.first { $0.network == campaign.network && $0.campaign == campaign.campaign } }
        rows.append(["spend \(name)"] + zip(matches, currencies).map { figure($0?.spend, "%.2f") + " " + $1 })
        rows.append(["CPI \(name)"] + zip(matches, currencies).map { figure($0?.cpi, "%.2f") + " " + $1 })
        rows.append(["true ROAS \(name)"] + matches.map { figure($0?.trueRoas.map { 100 * $0 }, "%.1f%%") })
        rows.append(["decoded ROAS \(name)"] + matches.map { figure($0?.decodedRoas.map { 100 * $0 }, "%.1f%%") })
        rows.append(["ROAS error \(name)"] + matches.map { figure($0?.roasError.map { 100 * $0 }, "%+.1f%%") })
      }
      rows.append(
        ["ROAS ranking, Kendall's tau-b"]
          + priced.map { campaigns in
            let (tau, count) = CampaignEconomics.rankCorrelation(campaigns)
            return figure(tau, "%+.3f") + " (\(count) campaigns)"
          })
    } else {
      for campaign in reports.first??.campaigns ?? [] {
        rows.append(
          ["revenue error \(campaign.network)/\(campaign.campaign)"]
            + reports.map { report in
              let match = report?.campaigns.first { $0.network == campaign.network && $0.campaign == campaign.campaign }
              return figure(match?.revenueError.map { 100 * $0 }, "%+.1f%%")
            })
      }
    }
    // Where each campaign's error comes from (decoded − true revenue in four parts).
    // Short names here; the report and Docs/schema-format.md spell them out.
    rows.append(["error parts: granularity / nulls / ambiguity / late"] + currencies.map { "(\($0))" })
    for campaign in reports.first??.campaigns ?? [] {
      rows.append(
        ["error parts \(campaign.network)/\(campaign.campaign)"]
          + reports.map { report in
            guard let match = report?.campaigns.first(where: { $0.network == campaign.network && $0.campaign == campaign.campaign })
            else { return "–" }
            return match.errorParts.named.map { String(format: "%+.2f", $0.value) }.joined(separator: " / ")
          })
    }
    return rows
  }
}
