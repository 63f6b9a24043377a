@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// The second half of a run on several threads (tier stage, a pool signing postbacks, the
/// receivers and the writer on a thread of their own) must write what one thread writes.
@Suite("Pipelined tier stage, signing and receivers")
struct OutputPipelineTests {
  /// Simulates `scenario` in one world and finishes it with `workers` signing threads (1: no
  /// pipeline) handing over `chunk` outputs at a time, trace included, into a scratch folder;
  /// every file's bytes.
  private func files(of scenario: Scenario, workers: Int, receive: Bool = true, chunk: Int = 256) throws -> [String: Data] {
    let folder = try TemporaryFolder.create("attrsim-pipeline")
    defer { try? FileManager.default.removeItem(at: folder) }
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario, trace: true)
    let keys = SimulatedKeys(scenario: scenario)
    let summary = ScenarioRunner.finish(
      scenario, model: scenario.schema, tierPolicy: nil, keys: keys, sink: &writer, receive: receive, jobs: workers,
      pipelineChunk: chunk
    ) { stage in
      ScenarioRunner.simulate(scenario, model: scenario.schema, keys: keys, shard: .whole, sink: &stage)
    }
    try writer.commit(summary, scenario: scenario)
    return try TemporaryFolder.files(in: folder)
  }

  private func sample(_ file: String) throws -> Scenario {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/" + file)
    for index in scenario.cohorts.indices { scenario.cohorts[index].count = min(scenario.cohorts[index].count, 1_500) }
    return scenario
  }

  @Test(
    "signing on 2 or 3 workers writes the one-thread files byte for byte (tampered impressions, AdAttributionKit JWS, copies)",
    arguments: ["quickstart.json", "adattributionkit.json", "signatures.json", "mixed-frameworks.json", "skan-3.0.json"])
  func workersWriteTheSameFiles(file: String) throws {
    let scenario = try sample(file)
    let one = try files(of: scenario, workers: 1)
    #expect(one.keys.contains("postbacks.jsonl") && one.keys.contains("trace.jsonl") && one.keys.contains("summary.json"))
    // In chunks of 4 outputs there are over twice as many chunks as 3 workers may hold at once
    // (8 each), so chunks really are signed side by side and put back in order; and in 256.
    let lines = one.filter { $0.key.hasSuffix(".jsonl") }.values.reduce(0) { $0 + $1.filter { $0 == UInt8(ascii: "\n") }.count }
    #expect(lines > 2 * 3 * 8 * 4, "\(file) has \(lines) output lines")
    for (workers, chunk) in [(2, 4), (3, 4), (2, 256), (3, 256)] {
      let many = try files(of: scenario, workers: workers, chunk: chunk)
      #expect(many.keys.sorted() == one.keys.sorted())
      for (name, bytes) in one { #expect(many[name] == bytes, "\(name) differs with \(workers) workers, chunks of \(chunk)") }
    }
  }

  @Test("without receivers, signing on 3 workers writes the one-thread files byte for byte")
  func workersWithoutReceivers() throws {
    let scenario = try sample("quickstart.json")
    let one = try files(of: scenario, workers: 1, receive: false)
    let many = try files(of: scenario, workers: 3, receive: false, chunk: 4)
    #expect(many.keys.sorted() == one.keys.sorted())
    for (name, bytes) in one { #expect(many[name] == bytes, "\(name) differs with 3 workers") }
  }
}
