import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// A run owns its folder's outputs (issue 45): a commit removes an earlier run's files of the
/// tool's own names that it did not replace, except those written after the commit.
@Suite("Run folder: an earlier run's outputs")
struct RunDirectoryWriterTests {
  /// Commits a run of the minimal scenario into `folder`, keeping `later`.
  private func commit(into folder: URL, keeping later: Set<String>) throws {
    let scenario = try TestScenarios.load(TestScenarios.minimal)
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario, trace: false)
    let summary = ScenarioRunner.run(scenario, sink: &writer)
    try writer.commit(summary, scenario: scenario, keeping: later)
  }

  @Test("a commit removes an earlier run's trace and delivery log, but not a log a rerun's delivery resumes")
  func laterOutputsSurviveTheCommit() throws {
    let folder = try TemporaryFolder.create("run-folder")
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("deliveries.jsonl")
    let trace = folder.appendingPathComponent("trace.jsonl")
    let mine = folder.appendingPathComponent("notes.txt")
    for file in [log, trace, mine] { try Data("earlier\n".utf8).write(to: file) }
    try commit(into: folder, keeping: ["deliveries.jsonl"])
    #expect(FileManager.default.fileExists(atPath: log.path), "the log a delivery resumes stays through the commit")
    #expect(!FileManager.default.fileExists(atPath: trace.path), "an earlier run's trace goes")
    #expect(FileManager.default.fileExists(atPath: mine.path), "a file not of attrsim's names stays")
    try commit(into: folder, keeping: [])
    #expect(!FileManager.default.fileExists(atPath: log.path), "a run without delivery removes the earlier log")
  }
}
