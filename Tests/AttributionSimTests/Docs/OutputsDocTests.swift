import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// Docs/outputs.md names every column and key the run folder's files have (issue 26 point 5):
/// a column added to `decoded.csv`, `summary.json` or `conversions.jsonl` without its line there
/// fails here.
@Suite("Docs/outputs.md describes every output column")
struct OutputsDocTests {
  /// Alice's scripted run with spend on her campaign: every decoded.csv column appears.
  private func run() throws -> (summary: RunSummary, conversion: JSONValue) {
    let text = TestScenarios.scripted(users: TestScenarios.alice)
      .replacing(required: "{ name: \"broad\", sourceIdentifier: 5211 }", with: "{ name: \"broad\", sourceIdentifier: 5211, spend: { cpi: 2 } }")
    let run = ScenarioRunner.collect(try TestScenarios.load(text))
    return (run.summary, try #require(run.outputs.conversions.first?.json))
  }

  private func documented() throws -> String { try DocsTruthTests.doc("outputs.md") }

  @Test("outputs.md's events.csv is the scripted users' file, each column in its table, and its 'log' setting reads it back")
  func eventsCSV() throws {
    let doc = try documented()
    let block = try DocsTruthTests.block("outputs.md", startingWith: "user,time,event,kind")
    let (folder, _, text) = try EventsCSVTests.run(try EventsCSVTests.scripted)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(block + "\n" == text)
    let section = try #require(doc.components(separatedBy: "### events.csv").dropFirst().first?.components(separatedBy: "\n### ").first)
    let header = InAppEventRecord.csvHeader.split(separator: ",").map(String.init)
    for column in header { #expect(section.contains("`\(column)`"), "events.csv column \(column) is not in outputs.md's table") }
    // The documented `log` reads every column by the header's name, in ISO 8601.
    let setting = try DocsTruthTests.block("outputs.md", startingWith: "\"log\": {")
    let log = try #require(JSONValue(try JSONParser.parse("{" + setting + "}")).objectValue?["log"]?.objectValue)
    #expect(log["format"] == .string("delimited") && log["timeFormat"] == .string("iso8601"))
    let columns = try #require(log["columns"]?.objectValue)
    #expect(columns.keys.sorted() == header.sorted() && columns.allSatisfy { $0.value == .string($0.key) })
    let (users, report) = try EventsCSVTests.load(folder, currencies: CurrencyTable(base: "USD", rates: ["EUR": 1.08]))
    #expect(users.count == 2 && report.events == text.split(separator: "\n").count - 1)
  }

  @Test("every decoded.csv column is in outputs.md, events as trueUsers.EVENT and decodedUsers.EVENT")
  func decodedColumns() throws {
    let header = try #require(try run().summary.decoding.map { DecodedCSV($0).cells }?.first)
    #expect(header.contains("spend") && header.contains("measuredRevenue"), "the run has every optional column")
    let doc = try documented()
    for column in header {
      let name = column.hasPrefix("trueUsers.") ? "trueUsers.EVENT" : column.hasPrefix("decodedUsers.") ? "decodedUsers.EVENT" : column
      #expect(doc.contains("| `\(name)` |"), "decoded.csv column \(column) is not in outputs.md's table")
    }
  }

  /// Each key of an object, recursively, by its last name (array elements looked into).
  private func keys(_ value: JSONValue) -> Set<String> {
    switch value {
    case .object(let members): members.reduce(into: Set(members.keys)) { $0.formUnion(keys($1.value)) }
    case .array(let elements): elements.reduce(into: Set<String>()) { $0.formUnion(keys($1)) }
    default: []
    }
  }

  @Test("every summary.json and conversions.jsonl key is named in outputs.md")
  func jsonKeys() throws {
    let (summary, conversion) = try run()
    // The words of the document: a key is named when it is one of them.
    let words = Set(try documented().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    // Event names and currencies are the scenario's; tiers, sequence indices and digits are numbers.
    let scenarios: Set<String> = ["tutorial_complete", "ad_watched", "purchase", "USD"]
    let missing = keys(summary.json(scenario: "s", seed: 1)).union(keys(conversion)).subtracting(scenarios)
      .filter { Int($0) == nil && !words.contains($0) }
    #expect(missing.isEmpty, "keys not in outputs.md: \(missing.sorted())")
  }
}
