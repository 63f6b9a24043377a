import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim compare SCENARIO --schema A --schema B… [--seed N] [--estimator NAME] [--calibration-installs N]`: the same users, seed and
/// platform under each schema, decoding figures side by side.
struct CompareCommand: Command {
  static let scenario = Argument(name: "scenario", help: "The scenario file (JSON or JSON5).", parsing: .inputPath)
  static let schema = Option(
    name: "schema", valueName: "file", help: "A schema file to compare (repeat: two or more).", parsing: .inputPath)
  // A scenario's own seed has this range too.
  static let seed = Option(
    name: "seed", valueName: "n", help: "Use this seed instead of the scenario's.",
    parsing: .integer(in: 0...Int(Int64.max)))

  static let configuration = CommandSpec(
    name: "compare", abstract: "Run a scenario under two or more schemas and compare their decoding.",
    discussion: """
      Runs the same scenario, seed and users once per schema (common random numbers: only the \
      schema differs) and prints, side by side, the share of first postbacks with a fine, \
      coarse or no value, true and decoded revenue, the revenue captured, unknown values, the \
      median time to the first useful signal and each campaign's ROAS error. Each schema is       decoded with its own calibration (learned from runs under seeds of their own) unless       --estimator says otherwise. Writes nothing.
      """,
    arguments: [scenario.spec],
    options: [schema.spec, seed.spec, DecodingOptions.estimator.spec, DecodingOptions.calibrationInstalls.spec],
    flags: [LargeWork.flag.spec] + Permissions.flags)

  let path: String
  /// Two or more.
  let schemaPaths: [String]
  let seed: Int?
  let decoding: DecodingOptions.Choice
  let limits: WorkLimits
  let permissions: Permissions

  init(_ values: inout CommandValues) throws(UsageError) {
    // In the order mistakes are reported.
    seed = try values.read(Self.seed)
    decoding = try DecodingOptions.read(&values)
    path = try values.read(Self.scenario)
    schemaPaths = try values.readAll(Self.schema)
    guard schemaPaths.count >= 2 else {
      throw values.usageError("Give at least two schemas to compare: --schema A --schema B")
    }
    limits = LargeWork.limits(&values)
    permissions = Permissions(&values)
  }

  func run() -> ExitStatus {
    var scenario: Scenario
    switch RunCommand.prepare(path, limits: limits, permissions: permissions, seed: seed) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    var summaries: [RunSummary] = []
    var currencies: [String] = []
    for schemaPath in schemaPaths {
      do {
        scenario.schema = try ScenarioLoader.loadSchema(path: schemaPath, for: scenario)
      } catch {
        RunCommand.report(error, file: schemaPath)
        return .loading(error)
      }
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
      ["revenue captured"] + reports.map { figure($0?.revenueCaptured, "%.3f") },
      ["unknown values"] + reports.map { $0.map { String($0.unknownValues) } ?? "–" },
      ["first signal, median hours"] + reports.map { figure($0?.firstSignalMedianHours, "%.1f") },
    ]
    // Per-campaign ROAS error, campaigns in the first run's (scenario) order.
    for campaign in reports.first??.campaigns ?? [] {
      rows.append(
        ["ROAS error \(campaign.network)/\(campaign.campaign)"]
          + reports.map { report in
            let match = report?.campaigns.first { $0.network == campaign.network && $0.campaign == campaign.campaign }
            return figure(match?.roasError.map { 100 * $0 }, "%+.1f%%")
          })
    }
    return rows
  }
}
