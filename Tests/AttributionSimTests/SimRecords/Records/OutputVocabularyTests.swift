import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// One vocabulary in outputs (issue 27 point 8, issue 26 point 5): windows numbered 1–3 for
/// people, Apple's 0-based index only in Apple's payloads, lowerCamelCase names, ratios named so.
///
/// Alice (campaign `broad`) brings 4.99 USD in window 1, nothing in window 2 and 9.99 in window 3.
@Suite("Output vocabulary: windows 1–3, lowerCamelCase, ratios named, revenue totals")
struct OutputVocabularyTests {
  private func aliceRun() throws -> (summary: RunSummary, conversion: [String: JSONValue], postbacks: [JSONValue]) {
    let run = ScenarioRunner.collect(try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice)))
    let conversion = try #require(run.outputs.conversions.first?.json.objectValue)
    return (run.summary, conversion, run.outputs.postbacks.map(\.payload))
  }

  @Test("conversions.jsonl numbers windows 1–3 and totals each window's revenue in the reporting currency")
  func conversionWindows() throws {
    let conversion = try aliceRun().conversion
    let windows = try #require(conversion["windows"]?.arrayValue).compactMap(\.objectValue)
    #expect(windows.map { $0["window"] } == [.int(1), .int(2), .int(3)])
    #expect(windows.allSatisfy { $0["index"] == nil }, "no 0-based index beside the window")
    #expect(windows.map { $0["revenueTotal"] } == [.double(4.99), .double(0), .double(9.99)])
    #expect(conversion["reportingCurrency"] == .string("USD"))
  }

  @Test("postbacks keep Apple's 0-based postback-sequence-index")
  func postbacksKeepApplesIndex() throws {
    let indices = try aliceRun().postbacks.compactMap { $0.objectValue?["postback-sequence-index"] }
    #expect(Set(indices) == [.int(0), .int(1), .int(2)])
  }

  @Test("decoded.csv numbers windows 1–3 under lowerCamelCase columns; events by name after a dot")
  func decodedHeader() throws {
    let report = try #require(try aliceRun().summary.decoding)
    let header = DecodedCSV(report).cells[0]
    #expect(header.prefix(4) == ["network", "campaign", "window", "installs"])
    #expect(header.contains("trueRevenue") && header.contains("revenueDifference") && header.contains("trueUsers.purchase"))
    #expect(header.allSatisfy { !$0.contains("_") || $0.contains(".") }, "no snake_case names of the project's own")
    #expect(DecodedCSV(report).cells.dropFirst().map { $0[2] } == ["1", "2", "3"])
  }

  @Test("summary.json names fractions …Ratio: (8.25 − 14.98) ÷ 14.98 = −0.4493, 8.25 ÷ 14.98 = 0.5507")
  func ratioNames() throws {
    let json = try #require(try aliceRun().summary.decoding?.json.objectValue)
    #expect(json["revenueErrorRatio"] == .double(-0.4493) && json["revenueCapturedRatio"] == .double(0.5507))
    #expect(json["revenueError"] == nil && json["revenueCaptured"] == nil)
  }
}
