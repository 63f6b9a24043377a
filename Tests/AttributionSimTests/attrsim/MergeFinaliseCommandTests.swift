import AttributionTestSupport
import Foundation
import Testing

/// `attrsim merge --finalise COUNTS SHARD…`: phase 2 of a two-phase merge, one shard per task.
@Suite("attrsim merge --finalise")
struct MergeFinaliseCommandTests {
  @Test("a folder that is not a run shard is refused before any shard is finalised; --out does not apply")
  func checksEveryFolderFirst() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-merge-finalise")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = TestPaths.scenarios + "/quickstart.json"
    let shard = try ChildProcess.run(binary, ["run", scenario, "--shard", "0/1", "--out", "s0"], in: folder)
    #expect(shard.status == 0, "\(shard.output)")
    let reduce = try ChildProcess.run(binary, ["merge", "--reduce", "s0", "--out", "sum"], in: folder)
    #expect(reduce.status == 0, "\(reduce.output)")

    // The sum is named as a second shard by mistake: s0 must stay as it was.
    let mixed = try ChildProcess.run(binary, ["merge", "--finalise", "sum", "s0", "sum"], in: folder)
    #expect(mixed.status == 65, "\(mixed.output)")
    #expect(mixed.output.contains("sum/shard.json"), "\(mixed.output)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s0/final.json").path))

    let out = try ChildProcess.run(binary, ["merge", "--finalise", "sum", "s0", "--out", "x"], in: folder)
    #expect(out.status == 64, "\(out.output)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s0/final.json").path))

    let good = try ChildProcess.run(binary, ["merge", "--finalise", "sum", "s0"], in: folder)
    #expect(good.status == 0, "\(good.output)")
    // It says every file it writes, and writes every file it says.
    #expect(good.output.contains("wrote s0/{final.jsonl,final-signals.txt,final.json}"), "\(good.output)")
    for name in ["final.jsonl", "final-signals.txt", "final.json"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s0/\(name)").path), "\(name)")
    }
  }
}
