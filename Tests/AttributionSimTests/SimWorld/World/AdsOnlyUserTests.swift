import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// A user who only ever sees ads is recorded on arrival, outside the queue, unless a trace is
/// wanted (its notes must interleave with other users' in time order). These tests hold the two
/// ways to the same outputs, byte for byte.
@Suite("Users who only see ads")
struct AdsOnlyUserTests {
  /// The outputs a trace run and a plain run both write.
  private static let shared = ["postbacks.jsonl", "conversions.jsonl", "summary.json"]

  /// Runs `scenario` into a temporary folder, with or without a trace, and returns the files.
  private func files(of scenario: Scenario, trace: Bool) throws -> [String: Data] {
    let folder = try TemporaryFolder.create("attrsim-ads-only")
    defer { try? FileManager.default.removeItem(at: folder) }
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario, trace: trace)
    let summary = ScenarioRunner.run(scenario, sink: &writer)
    try writer.commit(summary, scenario: scenario)
    var result: [String: Data] = [:]
    for name in Self.shared { result[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
    return result
  }

  @Test(
    "every sample gives the same outputs whether its ads-only users wait in the queue (trace) or not",
    arguments: ["quickstart", "whale-game", "adattributionkit", "apple-ads", "skan-3.0", "view-vs-click"])
  func sameOutputsWithAndWithoutTrace(sample: String) throws {
    let scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/\(sample).json")
    let traced = try files(of: scenario, trace: true)
    let plain = try files(of: scenario, trace: false)
    for name in Self.shared { #expect(traced[name] == plain[name], "\(sample): \(name) differs") }
  }

  @Test("a horizon stops ads-only users' impressions as it stops the queue's, processed events included")
  func horizonCutsImpressions() throws {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    // Mid-arrivals: users who arrived late have impressions past it.
    scenario.horizon = .days(10)
    let traced = try files(of: scenario, trace: true)
    let plain = try files(of: scenario, trace: false)
    for name in Self.shared { #expect(traced[name] == plain[name], "\(name) differs") }
    // Without a trace: the path outside the queue.
    var sink = DiscardingSink()
    let whole = ScenarioRunner.run(try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json"), sink: &sink)
    let cut = ScenarioRunner.run(scenario, sink: &sink)
    #expect(cut.views + cut.clicks < whole.views + whole.clicks)
    #expect(cut.eventsProcessed < whole.eventsProcessed)
  }
}
