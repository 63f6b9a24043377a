import AttributionSim
import CommandLineKit
import Foundation
import SimJSON

/// `attrsim compare SCENARIO --schema A --schema B… [--seed N]`: the same users, seed and
/// platform under each schema, decoding figures side by side.
enum CompareCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let seed = try command.integer("seed")
    if let seed, seed < 0 { throw command.usageError("The value '\(seed)' is invalid for '--seed <n>': must not be negative") }
    guard let path = command.argument(named: "scenario") else { return .usage }
    let schemaPaths = command.values(of: "schema")
    guard schemaPaths.count >= 2 else { throw command.usageError("Give at least two schemas to compare: --schema A --schema B") }
    var scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(path: path)
    } catch {
      RunCommand.report(error, file: path)
      return .dataError
    }
    if let seed { scenario.seed = UInt64(seed) }
    var summaries: [RunSummary] = []
    for schemaPath in schemaPaths {
      do {
        scenario.schema = try ScenarioLoader.loadSchema(path: schemaPath)
      } catch {
        RunCommand.report(error, file: schemaPath)
        return .dataError
      }
      // Common random numbers: users draw from their own streams, so only the schema differs.
      var sink = DiscardingSink()
      summaries.append(ScenarioRunner.run(scenario, sink: &sink))
    }
    Console.out("\(scenario.name): \(scenario.userCount) users, seed \(scenario.seed); the same users under each schema\n")
    Console.out(table(header: ["schema"] + schemaPaths, rows: rows(summaries)))
    return .success
  }

  /// The figures a marketer compares, one row each.
  private static func rows(_ summaries: [RunSummary]) -> [[String]] {
    func decoding(_ summary: RunSummary) -> [String: JSONValue] {
      if case .object(let fields) = summary.decoding?.json { return fields }
      return [:]
    }
    func number(_ value: JSONValue?, _ format: String) -> String {
      switch value {
      case .double(let number): String(format: format, number)
      case .int(let number): String(format: format, Double(number))
      default: "–"
      }
    }
    func share(_ summary: RunSummary, _ content: Int) -> String {
      let first = summary.postbacks.first ?? []
      let total = first.reduce(0, +)
      return total == 0 ? "–" : String(format: "%.1f%%", 100 * Double(first[content]) / Double(total))
    }
    var rows: [[String]] = [
      ["postback 1: fine / coarse / none"] + summaries.map { "\(share($0, 0)) / \(share($0, 1)) / \(share($0, 2))" },
      ["true revenue (USD)"] + summaries.map { number(decoding($0)["trueRevenue"], "%.2f") },
      ["decoded revenue (USD)"] + summaries.map { number(decoding($0)["decodedRevenue"], "%.2f") },
      ["revenue captured"] + summaries.map { number(decoding($0)["revenueCaptured"], "%.3f") },
      ["unknown values"] + summaries.map { number(decoding($0)["unknownValues"], "%.0f") },
      ["first signal, median hours"] + summaries.map {
        number(decoding($0)["firstSignal"].flatMap { if case .object(let f) = $0 { f["medianHours"] } else { nil } }, "%.1f")
      },
    ]
    // Per-campaign ROAS error, campaigns in scenario order (the first run's order).
    guard case .array(let campaigns) = decoding(summaries[0])["campaigns"] else { return rows }
    for campaign in campaigns {
      guard case .object(let fields) = campaign, case .string(let network) = fields["network"],
        case .string(let name) = fields["campaign"]
      else { continue }
      rows.append(
        ["ROAS error \(network)/\(name)"]
          + summaries.map { summary in
            guard case .array(let others) = decoding(summary)["campaigns"] else { return "–" }
            let match = others.first {
              if case .object(let f) = $0 { f["network"] == .string(network) && f["campaign"] == .string(name) } else { false }
            }
            guard case .object(let f) = match, case .double(let error) = f["roasError"] else { return "–" }
            return String(format: "%+.1f%%", 100 * error)
          })
    }
    return rows
  }

  /// Left-aligned columns separated by two spaces.
  private static func table(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n")
  }
}
