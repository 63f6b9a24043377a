@testable import AttributionSim
import AttributionTestSupport
import Foundation

/// Scenarios and helpers shared by the report tests.
enum ReportFixtures {
  /// Two scripted users of ``TestScenarios/scripted(users:privacyTier:developerMode:extra:)`` at
  /// tier 2, with every send delay in the middle of its range (36 h for postback 1, 84 h for 2
  /// and 3), so each postback's day and delay bin can be worked out by hand:
  /// - alice (ScriptedJourneyTests) clicks alpha/broad, installs at 1h20m, launches at 1h25m and
  ///   sends a fine value in window 1 and coarse values in windows 2 and 3;
  /// - bob taps beta/video, pinned at tier 0, installs at 3h and launches at 3h10m: postback 1
  ///   carries no value and postbacks 2 and 3 are withheld.
  static let journeys: String = TestScenarios.scripted(
    users: TestScenarios.alice + """
      ,
      { name: "bob", country: "US", timeline: [
        { at: "2h", action: "click", network: "beta", campaign: "video", publisher: "garden" },
        { at: "3h", action: "install" }, { at: "3h10m", action: "launch" },
      ] }
      """,
    extra: "rules: { sendDelayShape: { fixed: 0.5 } },"
  ).replacing(required: "sourceIdentifier: 4431 }", with: "sourceIdentifier: 4431, forceTier: 0 }")

  /// A scenario whose only cohort is empty: no users, so nothing at all happens.
  static let empty = TestScenarios.minimal.replacing(required: "count: 10,", with: "count: 0,")

  /// The quickstart with `users` cohort users instead of 10,000, so tests stay quick.
  static func quickstart(users: Int = 1_500) throws -> Scenario {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    scenario.cohorts[0].count = users * 6 / 10
    scenario.cohorts[1].count = users * 4 / 10
    return scenario
  }

  /// Runs `scenario` with a collector beside the outputs, as `attrsim run` does.
  static func run(_ scenario: Scenario) -> (summary: RunSummary, collector: ReportCollector, report: RunReport) {
    var sink = TeeSink(DiscardingSink(), ReportCollector(scenario: scenario))
    let summary = ScenarioRunner.run(scenario, sink: &sink)
    return (summary, sink.second, RunReport(scenario: scenario, summary: summary, collector: sink.second))
  }

  /// Writes scenario `text` to a temporary file, runs it whole and in `shards` shards merged,
  /// and returns both reports, which must be the same.
  static func wholeAndMerged(_ text: String, shards: Int) throws -> (whole: RunReport, merged: RunReport) {
    let folder = try TemporaryFolder.create("attrsim-report-shards")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let scenario = try ScenarioLoader.load(path: path)
    var folders: [URL] = []
    for index in 0..<shards {
      folders.append(folder.appendingPathComponent("part\(index)"))
      _ = try ShardSet.run(scenario, path: path, shard: Shard(index: index, count: shards)!, folder: folders[index])
    }
    var sink = TeeSink(DiscardingSink(), ReportCollector(scenario: scenario))
    let summary = try ShardSet(folders: folders).merge(into: &sink)
    return (run(scenario).report, RunReport(scenario: scenario, summary: summary, collector: sink.second))
  }

  /// Runs `scenario` into a fresh temporary folder with its report, as `attrsim run` does, and
  /// returns the folder; the caller removes it.
  static func write(_ scenario: Scenario) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attrsim-report-\(UUID().uuidString)")
    var sink = TeeSink(try RunDirectoryWriter(directory: folder, epoch: scenario.epoch), ReportCollector(scenario: scenario))
    let summary = ScenarioRunner.run(scenario, sink: &sink)
    try sink.first.commit(
      summary, scenario: scenario, report: RunReport(scenario: scenario, summary: summary, collector: sink.second))
    return folder
  }

  /// The `<svg>…</svg>` elements of an HTML page, in order.
  static func svgElements(of html: String) -> [String] {
    var elements: [String] = []
    var rest = html[...]
    while let start = rest.range(of: "<svg "), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
      elements.append(String(rest[start.lowerBound..<end.upperBound]))
      rest = rest[end.upperBound...]
    }
    return elements
  }

  /// Whether `html` names a web address anywhere but in the SVG namespace, which is a name,
  /// not something fetched.
  static func namesAnAddress(_ html: String) -> Bool {
    let text = html.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
    return text.contains("http://") || text.contains("https://")
  }
}
