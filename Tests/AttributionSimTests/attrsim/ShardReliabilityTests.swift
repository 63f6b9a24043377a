import AttributionTestSupport
import Foundation
import Testing

/// Shards read only what they pinned, and appear whole or not at all: a merge of shards whose
/// originals were edited or moved gives the run the shards came from, and a full disk (a file
/// size limit, as `ulimit -f` sets) in any shard phase exits 74 leaving no temporary file and
/// no half shard.
@Suite("Sharded runs: pinned inputs and all-or-nothing shard files")
struct ShardReliabilityTests {
  /// A tiny scenario of `count` cohort users whose schema (and, when given, Apple's signing key)
  /// is named by an absolute path; tier 3, so that postbacks carry the values the schema gives.
  private static func scenario(schema: String, key: String?, count: Int) -> String {
    let signing = key.map { "signing: { appleKey: \"\($0)\" }," } ?? ""
    return """
      {
        version: 1, name: "pinned", seed: 42, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "4.0" },
        app: { appId: 1234567890 },
        adNetworks: [{ name: "alpha", identifier: "alpha1234.skadnetwork",
                       campaigns: [{ name: "launch", sourceIdentifier: 5211, forceTier: 3 }] }],
        publishers: [{ name: "word-garden", appId: 6444000001, adNetworks: ["alpha"] }],
        privacy: { thresholds: { tier1: 5, tier2: 20, tier3: 80 } },
        schema: "\(schema)", \(signing)
        cohorts: [{ name: "us", count: \(count), arrivals: { from: "0d", to: "5d" },
          exposures: [{ network: "alpha", campaign: "launch", publisher: "word-garden",
                        reach: 0.9, click: 0.3, view: 0.4, delay: { exponential: { mean: "1d" } } }],
          install: { afterClick: 0.6, afterView: 0.1, delay: { lognormal: { median: "25m", sigma: 1.2 } } },
          retention: [0.6, 0.4, 0.3],
          events: [{ name: "purchase", perDay: [0.3, 0.2], revenue: { lognormal: { median: 4.99, sigma: 0.9 } } }],
        }],
      }
      """
  }

  private static let schema = """
    {
      version: 1,
      fineValue: { revenueBuckets: [0.01, 1, 5, 10], eventBits: { purchase: 5 } },
      coarseValue: [{ value: "high", revenueAtLeast: 10 }, { value: "low", sessionsAtLeast: 1 }],
    }
    """

  private static let sweep = """
    {
      version: 1, name: "grid", scenario: "scenario.json",
      parameters: [{ name: "tier1", path: "privacy.thresholds.tier1", values: [1, 5] }],
      chart: { x: "tier1", y: "nullShare1" },
    }
    """

  /// Every file under `folder` with its bytes, by relative path.
  private static func contents(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  /// The originals (`originals/scenario.json` of `count` cohort users, `originals/sweep.json`,
  /// and elsewhere `shared/schema.json` and a key), in a new temporary folder.
  private static func originals(_ prefix: String, count: Int) throws -> (folder: URL, scenario: String, schema: URL, key: URL?) {
    let folder = try TemporaryFolder.create(prefix)
    let shared = folder.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("originals"), withIntermediateDirectories: true)
    let schema = shared.appendingPathComponent("schema.json")
    try Self.schema.write(to: schema, atomically: true, encoding: .utf8)
    var key: URL?
    if let openssl = ChildProcess.onPath("openssl") {
      let url = shared.appendingPathComponent("apple.pem")
      let made = try ChildProcess.run(
        openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", url.path])
      if made.status == 0 { key = url }
    }
    try scenario(schema: schema.path, key: key?.path, count: count)
      .write(to: folder.appendingPathComponent("originals/scenario.json"), atomically: true, encoding: .utf8)
    try sweep.write(to: folder.appendingPathComponent("originals/sweep.json"), atomically: true, encoding: .utf8)
    return (folder, "originals/scenario.json", schema, key)
  }

  @Test("§45.1: a merge reads the copies the shards pinned, not originals named by absolute path, edited or moved since")
  func mergeReadsOnlyPinnedCopies() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let (folder, scenario, schema, key) = try Self.originals("attrsim-pinned", count: 15)
    defer { try? FileManager.default.removeItem(at: folder) }
    func attrsim(_ arguments: String...) throws -> String {
      let result = try ChildProcess.run(binary, arguments, in: folder)
      #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.output)")
      return result.output
    }
    _ = try attrsim("run", scenario, "--out", "whole")
    _ = try attrsim("run", scenario, "--shard", "0/2", "--out", "shards/s0")
    _ = try attrsim("run", scenario, "--shard", "1/2", "--out", "shards/s1")
    _ = try attrsim("sweep", "originals/sweep.json", "--out", "sweep-whole")
    _ = try attrsim("sweep", "originals/sweep.json", "--shard", "0/2", "--out", "shards/w0")
    _ = try attrsim("sweep", "originals/sweep.json", "--shard", "1/2", "--out", "shards/w1")
    let whole = try Self.contents(folder.appendingPathComponent("whole"))
    let sweepWhole = try Self.contents(folder.appendingPathComponent("sweep-whole"))

    // Edited: other revenue buckets decode other values, another key signs other signatures.
    try Self.schema.replacingOccurrences(of: "[0.01, 1, 5, 10]", with: "[0.01, 2, 6, 12]")
      .write(to: schema, atomically: true, encoding: .utf8)
    if let key, let openssl = ChildProcess.onPath("openssl") {
      _ = try ChildProcess.run(openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key.path])
    }
    _ = try attrsim("run", scenario, "--out", "edited")
    let edited = try Self.contents(folder.appendingPathComponent("edited"))
    #expect(edited["decoded.csv"] != whole["decoded.csv"], "the schema's edit changes a whole run")
    _ = try attrsim("merge", "shards/s0", "shards/s1", "--out", "merged")
    #expect(try Self.contents(folder.appendingPathComponent("merged")) == whole)
    _ = try attrsim("merge", "--reduce", "shards/s0", "shards/s1", "--out", "sum")
    _ = try attrsim("merge", "--finalise", "sum", "shards/s0", "shards/s1")
    _ = try attrsim("merge", "shards/s0", "shards/s1", "--out", "finalised")
    #expect(try Self.contents(folder.appendingPathComponent("finalised")) == whole)
    _ = try attrsim("merge", "shards/w0", "shards/w1", "--out", "sweep-merged")
    #expect(try Self.contents(folder.appendingPathComponent("sweep-merged")) == sweepWhole)

    // Moved: the shards, and every original gone from where it was.
    let moved = folder.appendingPathComponent("elsewhere")
    try FileManager.default.moveItem(at: folder.appendingPathComponent("shards"), to: moved)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("shared"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("originals"))
    _ = try attrsim("merge", "elsewhere/s0", "elsewhere/s1", "--out", "moved")
    #expect(try Self.contents(folder.appendingPathComponent("moved")) == whole)
    _ = try attrsim("merge", "elsewhere/w0", "elsewhere/w1", "--out", "sweep-moved")
    #expect(try Self.contents(folder.appendingPathComponent("sweep-moved")) == sweepWhole)
  }

  /// Runs `arguments` in `folder` under a file size limit of `blocks` 512-byte blocks: a write
  /// past it fails (EFBIG), as on a full disk.
  private static func limited(_ blocks: Int, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let quoted = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return try ChildProcess.run("/bin/sh", ["-c", "ulimit -f \(blocks) && exec \(quoted)"], in: folder)
  }

  /// Names of temporary files anywhere under `folder`.
  private static func temporaries(_ folder: URL) -> [String] {
    (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".tmp") }
  }

  @Test("§45.7: a full disk in run --shard, sweep --shard, merge --reduce and --finalise exits 74, with no temporary file and no half shard")
  func fullDiskLeavesNoHalfShard() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    // Three users: drafts a little smaller than shard.json, so one limit lets the drafts and
    // counts be written and stops the manifest.
    let (folder, scenario, _, _) = try Self.originals("attrsim-full-disk", count: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Limits from a few blocks up to room for everything: each phase's files, written in turn,
    // meet the limit at each of them somewhere in this range.
    let limits = [1, 3, 5, 7, 8, 4096]
    var failed = 0
    for blocks in limits {
      let out = "run-\(blocks)"
      let run = try Self.limited(blocks, ["run", scenario, "--shard", "0/1", "--out", out], in: folder)
      let shard = folder.appendingPathComponent(out)
      let files = Set(FileManager.default.subpaths(atPath: shard.path) ?? [])
      #expect(Self.temporaries(folder).isEmpty, "limit \(blocks): \(Self.temporaries(folder))")
      if run.status == 0 {
        #expect(files.isSuperset(of: ["drafts.jsonl", "counts.jsonl", "shard.json", "inputs"]), "limit \(blocks): \(files)")
      } else {
        failed += 1
        #expect(run.status == 74, "limit \(blocks): \(run.output)")
        #expect(run.output.contains("file too large"), "limit \(blocks): \(run.output)")
        #expect(files.isEmpty, "limit \(blocks): a failed shard leaves none of its files: \(files)")
      }
    }
    #expect(failed > 2 && failed < limits.count, "the limits meet the shard's files at several points")

    let good = try ChildProcess.run(binary, ["run", scenario, "--shard", "0/1", "--out", "s0"], in: folder)
    #expect(good.status == 0, "\(good.output)")
    var reduceFailed = 0
    for blocks in limits {
      let out = "sum-\(blocks)"
      let reduce = try Self.limited(blocks, ["merge", "--reduce", "s0", "--out", out], in: folder)
      let files = Set(FileManager.default.subpaths(atPath: folder.appendingPathComponent(out).path) ?? [])
      #expect(Self.temporaries(folder).isEmpty, "limit \(blocks): \(Self.temporaries(folder))")
      if reduce.status != 0 {
        reduceFailed += 1
        #expect(reduce.status == 74, "limit \(blocks): \(reduce.output)")
        #expect(!files.contains("counts.json"), "limit \(blocks): a failed sum is not marked complete: \(files)")
      }
    }
    #expect(reduceFailed > 0 && reduceFailed < limits.count)

    let sum = try ChildProcess.run(binary, ["merge", "--reduce", "s0", "--out", "sum"], in: folder)
    #expect(sum.status == 0, "\(sum.output)")
    let shardFiles = try Self.contents(folder.appendingPathComponent("s0"))
    var finaliseFailed = 0
    for blocks in limits {
      let finalise = try Self.limited(blocks, ["merge", "--finalise", "sum", "s0"], in: folder)
      #expect(Self.temporaries(folder).isEmpty, "limit \(blocks): \(Self.temporaries(folder))")
      if finalise.status == 0 { break }
      finaliseFailed += 1
      #expect(finalise.status == 74, "limit \(blocks): a full disk is retried, not bad input: \(finalise.output)")
      #expect(try Self.contents(folder.appendingPathComponent("s0")) == shardFiles, "limit \(blocks): the shard as it was")
    }
    #expect(finaliseFailed > 1 && finaliseFailed < limits.count)

    var sweepFailed = 0
    for blocks in limits {
      let out = "sweep-\(blocks)"
      let sweep = try Self.limited(blocks, ["sweep", "originals/sweep.json", "--shard", "0/1", "--out", out], in: folder)
      let files = Set(FileManager.default.subpaths(atPath: folder.appendingPathComponent(out).path) ?? [])
      #expect(Self.temporaries(folder).isEmpty, "limit \(blocks): \(Self.temporaries(folder))")
      if sweep.status != 0 {
        sweepFailed += 1
        #expect(sweep.status == 74, "limit \(blocks): \(sweep.output)")
        #expect(!files.contains("sweep-shard.json") && !files.contains("inputs"), "limit \(blocks): \(files)")
      }
    }
    #expect(sweepFailed > 0 && sweepFailed < limits.count)
  }
}
