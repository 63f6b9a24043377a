import AttributionTestSupport
import Foundation
import Testing

/// `attrsim run --shard auto`: the slice comes from the scheduler's environment, and outside one
/// the command stops before any work with a usage error.
@Suite("--shard auto reads the scheduler's task")
struct ShardAutoCommandTests {
  /// No scheduler variables, whatever the environment the tests run in.
  static let outside: [String: String?] = [
    "SLURM_ARRAY_TASK_ID": nil, "SLURM_ARRAY_TASK_COUNT": nil, "SLURM_ARRAY_TASK_MIN": nil,
    "SLURM_ARRAY_TASK_MAX": nil, "JOB_COMPLETION_INDEX": nil,
  ]

  @Test("outside a scheduler, --shard auto is a usage error (64) and writes nothing")
  func outsideScheduler() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-shard-auto")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestScenarios.minimal.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    let result = try ChildProcess.run(
      binary, ["run", "s.json", "--shard", "auto", "--out", "out"], in: folder, environment: Self.outside)
    #expect(result.status == 64)
    #expect(result.output.contains("The value 'auto' is invalid for '--shard <i/n>': no scheduler slice in the environment"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test("in a Slurm array task, --shard auto runs that task's slice; a Kubernetes index needs auto/N")
  func insideScheduler() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-shard-auto")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestScenarios.minimal.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    var slurm = Self.outside
    slurm["SLURM_ARRAY_TASK_ID"] = "1"
    slurm["SLURM_ARRAY_TASK_COUNT"] = "2"
    let run = try ChildProcess.run(binary, ["run", "s.json", "--shard", "auto", "--out", "slurm"], in: folder, environment: slurm)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("shard 1/2"))

    var kubernetes = Self.outside
    kubernetes["JOB_COMPLETION_INDEX"] = "0"
    let missing = try ChildProcess.run(binary, ["run", "s.json", "--shard", "auto", "--out", "k"], in: folder, environment: kubernetes)
    #expect(missing.status == 64)
    #expect(missing.output.contains("give them as --shard auto/N"))
    let given = try ChildProcess.run(binary, ["run", "s.json", "--shard", "auto/3", "--out", "k"], in: folder, environment: kubernetes)
    #expect(given.status == 0, "\(given.output)")
    #expect(given.output.contains("shard 0/3"))
  }
}
