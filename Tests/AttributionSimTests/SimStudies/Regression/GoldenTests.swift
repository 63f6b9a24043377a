import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// Golden copies: written by --update-golden, compared with readable differences, normalised
/// so that signatures, random identifiers and the epoch can change without failing.
@Suite("Regression: golden copies") struct GoldenTests {
  /// A scratch folder holding the scripted scenario of ``ExpectationTests`` with golden postbacks.
  static func scratchScenario(golden: String = #"golden: { files: ["summary.json", "postbacks.jsonl", "conversions.jsonl"] }"#)
    throws -> (folder: URL, scenario: String)
  {
    let folder = try TemporaryFolder.create("golden")
    // The schema is named by absolute path, so the scenario can live outside Scenarios/.
    let schema = TestPaths.scenarios + "/schemas/quickstart-hybrid.json"
    let text = ExpectationTests.scenario(expect: "{ \(golden) }")
      .replacing(required: #""schemas/quickstart-hybrid.json""#, with: "\"\(schema)\"")
    let path = folder.appendingPathComponent("scripted.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  @Test("--update-golden writes the golden copies beside the scenario; verifying again passes and rewrites nothing")
  func updateThenPass() throws {
    let (folder, path) = try Self.scratchScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = ScenarioVerifier(updateGolden: true).verify(path: path)
    #expect(first.passed)
    #expect(first.goldenUpdated.map { ($0 as NSString).lastPathComponent } == ["summary.json", "postbacks.jsonl", "conversions.jsonl"])
    #expect(ScenarioVerifier.goldenDirectory(for: path) == folder.appendingPathComponent("scripted.golden").path)
    let second = ScenarioVerifier().verify(path: path)
    #expect(second.passed, "\(second.report())")
    #expect(second.checks.map(\.name) == ["golden summary.json", "golden postbacks.jsonl", "golden conversions.jsonl"])
    #expect(ScenarioVerifier(updateGolden: true).verify(path: path).goldenUpdated.isEmpty)
  }

  @Test("a changed golden line is reported by line, sender and field; a missing golden file says how to create it")
  func changedLineIsReadable() throws {
    let (folder, path) = try Self.scratchScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = ScenarioVerifier(updateGolden: true).verify(path: path)
    let golden = folder.appendingPathComponent("scripted.golden")
    let postbacks = golden.appendingPathComponent("postbacks.jsonl")
    let text = try String(contentsOf: postbacks, encoding: .utf8)
    try text.replacing(required: #""conversion-value":0"#, with: #""conversion-value":7"#)
      .write(to: postbacks, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: golden.appendingPathComponent("summary.json"))
    let result = ScenarioVerifier().verify(path: path)
    #expect(!result.passed)
    let summary = try #require(result.checks.first { $0.name == "golden summary.json" })
    #expect(summary.problems.first?.hasPrefix("no golden copy at ") == true)
    #expect(summary.problems.first?.hasSuffix("run `attrsim verify --update-golden` to create it") == true)
    let lines = try #require(result.checks.first { $0.name == "golden postbacks.jsonl" }).problems
    // Line 1 is the ad network's postback, line 2 the developer's copy: both changed.
    #expect(lines == [
      "line 1 (u's postback): payload.conversion-value: expected 7, got 0",
      "line 2 (u's postback): payload.conversion-value: expected 7, got 0",
    ])
  }

  @Test("normalising blanks signatures, numbers identifiers across files in order of appearance, and writes times as epoch offsets")
  func normalisation() throws {
    let epoch = try #require(Epoch(iso8601: "2026-03-02T00:00:00Z"))
    var normaliser = OutputNormaliser(normalisation: .all, epoch: epoch)
    let postbacks = """
      {"payload":{"attribution-signature":"MEUC","transaction-id":"b-2"},"time":"2026-03-05T21:57:52.013Z"}
      {"payload":{"attribution-signature":"MEYC","transaction-id":"a-1"},"time":"2026-03-02T00:00:00.000Z"}

      """
    let conversions = #"{"id":"a-1","note":"2026-03-02","user":"x"}"# + "\n"
    #expect(
      try normaliser.normalise(postbacks, name: "postbacks.jsonl").get() == """
        {"payload":{"attribution-signature":"<signature>","transaction-id":"<id 1>"},"time":"+3d21h57m52s13ms"}
        {"payload":{"attribution-signature":"<signature>","transaction-id":"<id 2>"},"time":"+0s"}

        """)
    // "a-1" keeps its number from postbacks.jsonl; a bare date is not an output timestamp.
    #expect(try normaliser.normalise(conversions, name: "conversions.jsonl").get() == #"{"id":"<id 2>","note":"2026-03-02","user":"x"}"# + "\n")
    var none = OutputNormaliser(normalisation: [], epoch: epoch)
    #expect(try none.normalise(postbacks, name: "postbacks.jsonl").get() == postbacks)
    var timesOnly = OutputNormaliser(normalisation: .times, epoch: epoch)
    #expect(try timesOnly.normalise(postbacks, name: "postbacks.jsonl").get().contains(#""transaction-id":"b-2""#))
  }

  @Test("JSON files differ by field path; CSV lines by column name")
  func fieldAndColumnDifferences() {
    let json = GoldenComparison(name: "summary.json", postbackSenders: [])
    #expect(
      json.differences(golden: #"{"a":{"b":1,"c":[1,2]},"d":true}"#, produced: #"{"a":{"b":2,"c":[1,3]},"e":false}"#) == [
        "a.b: expected 1, got 2", "a.c[1]: expected 2, got 3", "d: expected true, but it is gone",
        "e: not in the golden copy, got false",
      ])
    let csv = GoldenComparison(name: "decoded.csv", postbackSenders: [])
    #expect(
      csv.differences(golden: "network,campaign,fine\nalpha,broad,3\nalpha,eu,1\n", produced: "network,campaign,fine\nalpha,broad,4\nalpha,eu,1\n")
        == ["line 2 (network alpha, campaign broad): fine expected 3, got 4"])
    #expect(csv.differences(golden: "h\nx\n", produced: "h\nx\ny\n") == ["3 lines, golden copy has 2", "line 3 is not in the golden copy: y"])
  }

  @Test("a removed line and a changed line far apart are each reported as themselves, not paired with each other")
  func hunksStayLocal() {
    let golden = (1...6).map { #"{"n":\#($0),"v":false}"# }
    var produced = Array(golden.dropFirst())
    produced[produced.count - 1] = #"{"n":6,"v":true}"#
    let jsonl = GoldenComparison(name: "x.jsonl", postbackSenders: [])
    #expect(
      jsonl.differences(golden: golden.joined(separator: "\n"), produced: produced.joined(separator: "\n")) == [
        "5 lines, golden copy has 6", #"golden line 1 is missing from the output: {"n":1,"v":false}"#,
        "line 5: v: expected false, got true",
      ])
    #expect(GoldenComparison.hunks(["a", "b", "c"], ["a", "x", "c", "d"]) == [
      .init(removed: [1], inserted: [1]), .init(removed: [], inserted: [3]),
    ])
    // Past the size limit the middle is compared position by position, in one run.
    #expect(GoldenComparison.hunks(["s", "a", "b", "c", "e"], ["s", "x", "y", "e"], largest: 2) == [
      .init(removed: [1, 2, 3], inserted: [1, 2])
    ])
  }
}

