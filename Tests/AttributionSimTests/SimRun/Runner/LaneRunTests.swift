import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// One run's users simulated on several threads at once must write what one thread writes.
@Suite("Runs on several cores")
struct LaneRunTests {
  /// Runs `scenario` on `jobs` threads into a scratch folder, trace included; every file's bytes.
  private func files(of scenario: Scenario, jobs: Int) throws -> [String: Data] {
    let folder = try TemporaryFolder.create("attrsim-lanes")
    defer { try? FileManager.default.removeItem(at: folder) }
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario, trace: true)
    try writer.commit(ScenarioRunner.run(scenario, sink: &writer, jobs: jobs), scenario: scenario)
    return try TemporaryFolder.files(in: folder)
  }

  @Test(
    "a run on 2 or 3 threads writes the one-thread run's files byte for byte (trace, re-engagements, AdServices, SDK included)",
    arguments: ["quickstart.json", "adattributionkit.json", "apple-ads.json", "sdk-lint.json", "signatures.json"])
  func threadsWriteTheSameFiles(file: String) throws {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/" + file)
    for index in scenario.cohorts.indices { scenario.cohorts[index].count = min(scenario.cohorts[index].count, 1_200) }
    #expect(LaneRun.lanes(for: scenario, jobs: 3) == 3)
    let one = try files(of: scenario, jobs: 1)
    #expect(one.keys.contains("postbacks.jsonl") && one.keys.contains("trace.jsonl") && one.keys.contains("summary.json"))
    #expect((one["postbacks.jsonl"]?.count ?? 0) > 1_000, "the run sends postbacks")
    for jobs in [2, 3] {
      let many = try files(of: scenario, jobs: jobs)
      #expect(many.keys.sorted() == one.keys.sorted())
      for (name, bytes) in one { #expect(many[name] == bytes, "\(name) differs on \(jobs) threads") }
    }
  }

  @Test("a run takes as many threads as asked, never more than it has users")
  func laneCount() throws {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    #expect(LaneRun.lanes(for: scenario, jobs: 1) == 1)
    #expect(LaneRun.lanes(for: scenario, jobs: 4) == 4)
    for index in scenario.cohorts.indices { scenario.cohorts[index].count = index == 0 ? 2 : 0 }
    scenario.scriptedUsers = []
    #expect(LaneRun.lanes(for: scenario, jobs: 8) == 2)
  }
}
