import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim compare SCENARIO --schema A --schema B… [--seed N]`: the same users, seed and
/// platform under each schema, decoding figures side by side.
enum CompareCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    // A scenario's own seed has this range too.
    let seed = try command.integer("seed", in: 0...Int(Int64.max))
    guard let path = command.argument(named: "scenario") else { return .usage }
    let schemaPaths = command.values(of: "schema")
    guard schemaPaths.count >= 2 else { throw command.usageError("Give at least two schemas to compare: --schema A --schema B") }
    var scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(path: path, limits: LargeWork.limits(command))
    } catch {
      RunCommand.report(error, file: path)
      return .loading(error)
    }
    guard Permissions(command).allow(scenario.requiredPermissions, file: path) else { return .usage }
    LargeWork.announce(WorkEstimate(scenario: scenario))
    if let seed { scenario.seed = UInt64(seed) }
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
      summaries.append(ScenarioRunner.run(scenario, sink: &sink))
      currencies.append(scenario.schema.currencies.base)
    }
    Console.out("\(scenario.name): \(scenario.userCount) users, seed \(scenario.seed); the same users under each schema\n")
    Console.out(TextTable.render([["schema"] + schemaPaths] + rows(summaries, currencies: currencies)))
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
