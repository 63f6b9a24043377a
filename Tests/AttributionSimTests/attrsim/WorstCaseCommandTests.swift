import AttributionTestSupport
import Foundation
import Testing

/// The worst small inputs, run as real `attrsim` processes under a 2 GB address-space limit
/// (`ulimit -v`): each ends with a clear error and exit status 65 (64 for a command line),
/// writes nothing, and never reaches the memory limit or the 60-second guard.
@Suite("Worst-case inputs end in a clear error under a memory limit")
struct WorstCaseCommandTests {
  /// The minimal scenario renamed, with privacy thresholds to sweep, `extra` top-level keys, and
  /// its cohort's count and arrival window replaced.
  static func scenario(name: String = "worst", extra: String = "", count: String = "10", arrivalsTo: String = "1d") -> String {
    TestScenarios.minimal
      .replacing(required: #"name: "t","#, with: #"name: "\#(name)", privacy: { thresholds: { tier1: 10, tier2: 50, tier3: 200 } },\#(extra)"#)
      .replacing(required: "count: 10,", with: "count: \(count),")
      .replacing(required: #"to: "1d""#, with: #"to: "\#(arrivalsTo)""#)
  }

  static let cases: [(name: String, file: String, text: String, arguments: [String], status: Int32, message: String)] = {
    let grid = TestScenarios.billionPointGrid
    return [
      ("arrival window near the integer limit", "arrivals.json", scenario(arrivalsTo: "100000000000d"), ["run"], 65,
       #"cohorts[0].arrivals.to: expected a duration of at most 3650d (10 years), found string '100000000000d'"#),
      ("horizon near Int64.max milliseconds", "horizon.json", scenario(extra: #" horizon: "106751991167d","#), ["run"], 65,
       "horizon: expected a duration of at most 3650d (10 years)"),
      ("a billion users", "users.json", scenario(count: "1000000000"), ["run"], 65,
       "cohorts[0].count: 1,000,000,000 users in all"),
      ("a billion users with --allow-large past its limit", "users.json", scenario(count: "1000000001"),
       ["run", "--allow-large"], 65, "cohorts[0].count: expected an integer from 0 to 1000000000"),
      ("a sweep grid of 1000 × 1000 × 1000 values", "grid.json", grid, ["sweep"], 65,
       "parameters: 1000 × 1000 × 1000 values make 1,000,000,000 points, above the limit of 1,000 runs in a sweep"),
      ("a negative seed", "seed.json", scenario(), ["run", "--seed", "-1"], 64,
       "The value '-1' is invalid for '--seed <n>': expected an integer from 0 to 9223372036854775807"),
      ("a seed beyond Int64", "seed.json", scenario(), ["run", "--seed", "9223372036854775808"], 64,
       "expected an integer from 0 to 9223372036854775807"),
      ("a shard beyond its count", "shard.json", scenario(), ["run", "--shard", "5/3"], 64,
       "The value '5/3' is invalid for '--shard <i/n>': expected I/N with N from 1 to 1000000 and I from 0 to N-1"),
      ("no jobs", "grid.json", grid, ["sweep", "--jobs", "0"], 64,
       "The value '0' is invalid for '--jobs <n>': expected an integer from 1 to 256"),
      ("a negative delivery speed", "speed.json", scenario(), ["run", "--deliver", "scenario", "--speed", "-3"], 64,
       "The value '-3' is invalid for '--speed <n>': expected a number from 0.001 to 1000000000"),
    ]
  }()

  @Test("each worst case exits with its status and message, and writes nothing", arguments: 0..<cases.count)
  func worstCase(_ index: Int) throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let worst = Self.cases[index]
    let folder = try TemporaryFolder.create("attrsim-worst")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.scenario(name: "base").write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
    let input = folder.appendingPathComponent(worst.file).path
    try worst.text.write(toFile: input, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("out").path
    let words = [binary] + worst.arguments + [input, "--out", out]
    let command = "ulimit -v 2000000; exec timeout 60 " + words.map { "'\($0)'" }.joined(separator: " ")
    let (status, output) = try ChildProcess.run("/bin/sh", ["-c", command])
    #expect(status == worst.status, "\(worst.name): \(output)")
    #expect(output.contains(worst.message), "\(worst.name): \(output)")
    #expect(!FileManager.default.fileExists(atPath: out), "\(worst.name) wrote its output folder")
  }
}
