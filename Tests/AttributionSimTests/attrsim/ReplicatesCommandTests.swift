import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// `run --replicates` and `compare --replicates` at the command line: bad counts, where the
/// outputs go, and that the job count changes nothing.
@Suite("attrsim run and compare --replicates")
struct ReplicatesCommandTests {
  private let quickstart = TestPaths.repository.appendingPathComponent("Scenarios/quickstart.json").path

  private func attrsim(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    return try ChildProcess.run(binary, arguments, in: folder)
  }

  /// The members of the JSON object in `file`.
  private func read(_ file: URL) throws -> [String: JSONValue] {
    try #require(JSONValue(JSONParser.parse(String(contentsOf: file, encoding: .utf8))).objectValue)
  }

  private func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let whole)?: Double(whole)
    case .double(let fraction)?: fraction
    default: nil
    }
  }

  private func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test(
    "--replicates 0 or negative is a usage error naming the option, and nothing is written",
    arguments: [
      ["run", "SCENARIO", "--replicates", "0", "-o", "out"], ["run", "SCENARIO", "--replicates=-3", "-o", "out"],
      ["compare", "SCENARIO", "--schema", "SCHEMA", "--schema", "SCHEMA", "--replicates", "0"],
      ["run", "SCENARIO", "--replicates", "2", "--shard", "0/2", "-o", "out"],
    ])
  func badReplicateCounts(arguments: [String]) throws {
    let folder = try TemporaryFolder.create("replicates-bad")
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = TestPaths.repository.appendingPathComponent("Scenarios/schemas/revenue-game.json").path
    let result = try attrsim(
      arguments.map { $0 == "SCENARIO" ? quickstart : $0 == "SCHEMA" ? schema : $0 }, in: folder)
    #expect(result.status == 64, "\(result.output)")
    #expect(result.output.contains("--replicates"), "\(result.output)")
    #expect(contents(folder).isEmpty, "nothing was written")
  }

  @Test("the message for 0 says what is expected")
  func zeroMessage() throws {
    let folder = try TemporaryFolder.create("replicates-zero")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try attrsim(["run", quickstart, "--replicates", "0"], in: folder)
    #expect(result.output.contains("The value '0' is invalid for '--replicates <n>': expected an integer from 1 to 1000"))
  }

  @Test("run --replicates writes replicate 0's usual files plus replicates.json, byte-identical with --jobs 1 and 2")
  func replicatedRunIsIndependentOfJobs() throws {
    let folder = try TemporaryFolder.create("replicates-jobs")
    defer { try? FileManager.default.removeItem(at: folder) }
    let quickstart = try TestScenarios.smallQuickstart(in: folder)
    let one = try attrsim(["run", quickstart, "--replicates", "3", "--jobs", "1", "-o", "one"], in: folder)
    let two = try attrsim(["run", quickstart, "--replicates", "3", "--jobs", "2", "-o", "two"], in: folder)
    let plain = try attrsim(["run", quickstart, "-o", "plain"], in: folder)
    #expect(one.status == 0 && two.status == 0 && plain.status == 0, "\(one.output)\(two.output)")
    let names = contents(folder.appendingPathComponent("one"))
    #expect(names == (contents(folder.appendingPathComponent("plain")) + ["replicates.json"]).sorted())
    for name in names {
      let a = try Data(contentsOf: folder.appendingPathComponent("one/\(name)"))
      let b = try Data(contentsOf: folder.appendingPathComponent("two/\(name)"))
      #expect(a == b, "\(name) differs between --jobs 1 and --jobs 2")
    }
    // Replicate 0 is the plain run: the same postbacks, and its figures are the plain summary's.
    for name in ["postbacks.jsonl", "summary.json", "decoded.csv"] {
      #expect(
        try Data(contentsOf: folder.appendingPathComponent("one/\(name)"))
          == Data(contentsOf: folder.appendingPathComponent("plain/\(name)")), "\(name)")
    }
    let json = try read(folder.appendingPathComponent("one/replicates.json"))
    #expect(json["seeds"] == .array([.int(20_260_302), .int(1_760_475_340_905_470_717), .int(8_325_660_009_799_561_462)]))
    let summary = try read(folder.appendingPathComponent("plain/summary.json"))
    let figures = (json["figures"]?.arrayValue ?? []).compactMap { $0.objectValue }
    let installs = try #require(figures.first { $0["name"] == .string("attributedInstalls") })
    let attributed = summary["installs"]?.objectValue?["attributed"]
    #expect(number(installs["values"]?.arrayValue?.first) == number(attributed))
    #expect(number(attributed) != nil)
    let report = try String(contentsOf: folder.appendingPathComponent("one/report.md"), encoding: .utf8)
    #expect(report.contains("Replicates: mean and 95 % interval"))
    #expect(one.output.contains("revenue captured"))
  }

  @Test("compare --replicates states each schema's interval and the paired difference, the same with any job count")
  func replicatedCompare() throws {
    let folder = try TemporaryFolder.create("replicates-compare")
    defer { try? FileManager.default.removeItem(at: folder) }
    let schemas = ["revenue-game", "quickstart-hybrid"].flatMap {
      ["--schema", TestPaths.repository.appendingPathComponent("Scenarios/schemas/\($0).json").path]
    }
    let quickstart = try TestScenarios.smallQuickstart(in: folder)
    let one = try attrsim(["compare", quickstart] + schemas + ["--replicates", "3", "-j", "1"], in: folder)
    let two = try attrsim(["compare", quickstart] + schemas + ["--replicates", "3", "-j", "2"], in: folder)
    #expect(one.status == 0, "\(one.output)")
    #expect(one.output == two.output)
    // A single run's rows and a replicated run's are the same figures: spend, ROAS and the ranking stay.
    #expect(one.output.contains("decoded ROAS "), "\(one.output)")
    #expect(one.output.contains("ROAS ranking, Kendall's tau-b"), "\(one.output)")
    #expect(one.output.contains("quickstart-hybrid − revenue-game, paired"))
    // Installs do not depend on the schema: the same users under both.
    #expect(one.output.contains("none: the same in every replicate"))
    #expect(one.output.contains("larger than its interval") || one.output.contains("within its interval"))
    #expect(contents(folder) == ["quickstart.json"], "compare writes nothing")
  }
}
