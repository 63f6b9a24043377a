import AttributionTestSupport
import Foundation
import Testing

/// `attrsim schema optimize` at the command line: what it writes, and the bad input it refuses
/// before writing anything.
@Suite("attrsim schema optimize")
struct SchemaOptimizeCommandTests {
  private func attrsim(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    return try ChildProcess.run(binary, arguments, in: folder)
  }

  private func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  /// A 200-user scenario with purchases and no spend, written into `folder`.
  private func scenario(in folder: URL, version: String = "4.0", revenue: Bool = true) throws -> String {
    var text = TestScenarios.minimal
      .replacing(required: "count: 10,", with: "count: 200,")
      .replacing(required: "perDay: [0.1]", with: "perDay: [0.3, 0.1]")
      .replacing(required: #"version: "4.0""#, with: #"version: "\#(version)""#)
    if version != "4.0" { text = text.replacing(required: "sourceIdentifier: 1234", with: "sourceIdentifier: 12") }
    if !revenue { text = text.replacing(required: ", revenue: 4.99", with: "") }
    try text.write(to: folder.appendingPathComponent("game.json"), atomically: true, encoding: .utf8)
    return "game.json"
  }

  @Test("a search writes a schema that lints clean, optimize.csv and optimize.html, and prints the final comparison")
  func writesOutputs() throws {
    let folder = try TemporaryFolder.create("optimize-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try scenario(in: folder)
    // An earlier --tradeoff search's point would be read as this search's; the user's own file stays.
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try "{}".write(to: out.appendingPathComponent("pareto-7.json"), atomically: true, encoding: .utf8)
    try "mine".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let result = try attrsim(
      ["schema", "optimize", file, "--objective", "revenue-captured", "--budget", "62", "--replicates", "3", "--jobs", "2",
       "--calibration-runs", "2", "--keep-postbacks", "--out", "out"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("on 3 final seeds the search never used"), "\(result.output)")
    // Kept postbacks: the best sends as many postbacks 2 and 3 as the start, so no warning follows the counts.
    #expect(result.output.contains("winning postbacks a run, windows 1 / 2 / 3: start "), "\(result.output)")
    #expect(!result.output.contains("the best sends fewer"), "\(result.output)")
    // On this scenario and seed the best scores 151 % higher than the start on the final seeds:
    // not shown better, so stdout says to keep the start and the best is named for what it is.
    #expect(
      result.output.contains("the search found nothing better; keep the starting schema (the best is written to not-shown-better.json)"),
      "\(result.output)")
    #expect(contents(out) == ["not-shown-better.json", "notes.txt", "optimize.csv", "optimize.html"])
    #expect(result.output.contains("wrote out/{not-shown-better.json,optimize.csv,optimize.html}"), "\(result.output)")
    let csv = try String(contentsOf: folder.appendingPathComponent("out/optimize.csv"), encoding: .utf8)
    #expect(csv.hasPrefix("candidate,generation,rung,userShare,runs,revenueCaptured,"))
    #expect(csv.contains("\nstart,1,1,"), "the starting schema is scored beside the candidates")
    let lint = try attrsim(["schema", "lint", "out/not-shown-better.json", "--scenario", file], in: folder)
    #expect(lint.status == 0, "\(lint.output)")
    #expect(lint.output.contains("0 errors"), "\(lint.output)")
  }

  @Test(
    "bad input is refused with the reason and nothing is written",
    arguments: [
      (["--objective", "roas-eror"], Int32(64), "did you mean 'roas-error'?"),
      // A budget too small is a command-line problem (64); a scenario without priced campaigns, the file's (65).
      (["--objective", "revenue-captured", "--budget", "3"], 64, "cannot evaluate one candidate"),
      (["--objective", "roas-error"], 65, "needs at least one campaign with spend"),
    ])
  func badInput(extra: [String], status: Int32, message: String) throws {
    let folder = try TemporaryFolder.create("optimize-bad")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try scenario(in: folder)
    let result = try attrsim(["schema", "optimize", file, "--out", "out"] + extra, in: folder)
    #expect(result.status == status, "\(result.output)")
    #expect(result.output.contains(message), "\(result.output)")
    #expect(contents(folder) == [file], "nothing was written")
  }

  @Test("an output folder under a file is refused before the search runs, naming the file")
  func outputUnderAFile() throws {
    let folder = try TemporaryFolder.create("optimize-out")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try scenario(in: folder)
    try "not a folder".write(to: folder.appendingPathComponent("afile"), atomically: true, encoding: .utf8)
    let result = try attrsim(
      ["schema", "optimize", file, "--objective", "revenue-captured", "--budget", "22", "--out", "afile/sub"], in: folder)
    #expect(result.status == 74, "\(result.output)")
    #expect(result.output.contains("'afile' is a file, not a folder"), "\(result.output)")
    #expect(!result.output.contains("candidate"), "refused before any candidate was scored: \(result.output)")
    #expect(contents(folder) == ["afile", file], "nothing was written")
  }

  @Test("a starting schema with coarse values is refused for an SKAdNetwork 3.0 scenario, and one without revenue too")
  func wrongFrameworkAndNoRevenue() throws {
    let folder = try TemporaryFolder.create("optimize-framework")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try scenario(in: folder, version: "3.0")
    let schema = TestPaths.repository.appendingPathComponent("Scenarios/schemas/quickstart-hybrid.json").path
    let old = try attrsim(["schema", "optimize", file, "--from", schema, "--objective", "revenue-captured"], in: folder)
    #expect(old.status == 65, "\(old.output)")
    #expect(old.output.contains("uses coarse values and lock rules, which"), "\(old.output)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
    let free = try scenario(in: folder, revenue: false)
    let none = try attrsim(["schema", "optimize", free, "--objective", "revenue-captured"], in: folder)
    #expect(none.status == 65, "\(none.output)")
    #expect(none.output.contains("no user earns revenue"), "\(none.output)")
    #expect(contents(folder) == [free], "nothing was written")
  }
}
