import AttributionTestSupport
import Foundation
import Testing

/// Shards hold drafts, not decoded values, so the merge decodes: it takes the options a whole
/// run takes for that (`--estimator`, `--calibration-installs`) and a calibration file.
@Suite("attrsim merge decodes as the whole run would")
struct MergeDecodingTests {
  @Test("merge --estimator midpoint gives the whole run's files under --estimator midpoint, byte for byte")
  func estimatorReachesTheMerge() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-merge-decoding")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = TestPaths.scenarios + "/quickstart.json"
    for index in 0..<2 {
      let shard = try ChildProcess.run(binary, ["run", scenario, "--shard", "\(index)/2", "--out", "s\(index)"], in: folder)
      #expect(shard.status == 0, "\(shard.output)")
    }
    let whole = try ChildProcess.run(binary, ["run", scenario, "--estimator", "midpoint", "--out", "whole"], in: folder)
    #expect(whole.status == 0, "\(whole.output)")
    let merged = try ChildProcess.run(binary, ["merge", "s0", "s1", "--estimator", "midpoint", "--out", "merged"], in: folder)
    #expect(merged.status == 0, "\(merged.output)")
    for file in ["summary.json", "decoded.csv", "postbacks.jsonl", "report.md"] {
      let a = try Data(contentsOf: folder.appendingPathComponent("whole/\(file)"))
      let b = try Data(contentsOf: folder.appendingPathComponent("merged/\(file)"))
      #expect(a == b, "\(file) differs")
    }
    // The midpoint estimator is named in the summary, so the check above is not vacuous.
    let summary = try String(contentsOf: folder.appendingPathComponent("merged/summary.json"), encoding: .utf8)
    #expect(summary.contains("midpoint"))
  }

  @Test("merge --calibration: a file for another scenario is refused with nothing written; with another estimator or a phase it is a usage error")
  func calibrationFileIsChecked() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-merge-calibration")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = TestPaths.scenarios + "/quickstart.json"
    let shard = try ChildProcess.run(binary, ["run", scenario, "--shard", "0/1", "--out", "s0"], in: folder)
    #expect(shard.status == 0, "\(shard.output)")
    let calibrate = try ChildProcess.run(
      binary, ["calibrate", scenario, "--calibration-installs", "50", "--out", "cal.json"], in: folder)
    #expect(calibrate.status == 0, "\(calibrate.output)")
    let good = try ChildProcess.run(binary, ["merge", "s0", "--calibration", "cal.json", "--out", "good"], in: folder)
    #expect(good.status == 0, "\(good.output)")

    let text = try String(contentsOf: folder.appendingPathComponent("cal.json"), encoding: .utf8)
    let foreign = text.replacing(required: "\"scenario\": \"quickstart\"", with: "\"scenario\": \"another\"")
    try foreign.write(to: folder.appendingPathComponent("foreign.json"), atomically: true, encoding: .utf8)
    let refused = try ChildProcess.run(binary, ["merge", "s0", "--calibration", "foreign.json", "--out", "bad"], in: folder)
    #expect(refused.status == 65, "\(refused.output)")
    #expect(refused.output.contains("foreign.json"), "\(refused.output)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad").path))

    let mixed = try ChildProcess.run(
      binary, ["merge", "s0", "--calibration", "cal.json", "--estimator", "midpoint", "--out", "m"], in: folder)
    #expect(mixed.status == 64, "\(mixed.output)")
    let phase = try ChildProcess.run(binary, ["merge", "s0", "--reduce", "--estimator", "midpoint", "--out", "r"], in: folder)
    #expect(phase.status == 64, "\(phase.output)")
  }
}
