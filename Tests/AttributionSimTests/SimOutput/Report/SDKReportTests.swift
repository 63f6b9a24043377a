@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// The client SDK's part of `report.html` and `report.md` (issue 9): its requests, what it did
/// with the values, and the integration lint with an example of each kind.
@Suite("Run reports: client SDK")
struct SDKReportTests {
  static let titles = [
    "Conversion-value requests", "SDK values", "Integration lint: where the SDK's belief differs from the platform",
  ]

  /// SDKExpectationTests' clock mover, with the SDK keeping late fine values back: 3 requests all answered with a value, 1 applied, 2 fine
  /// values dropped after the SDK's window 1, and 3 findings, all at 3h and 5h.
  static func clockMoverReport() throws -> RunReport {
    let text = TestScenarios.sdkExpectation(
      users: TestScenarios.clockMover, expect: "{}", sdk: TestScenarios.keepBackSDK)
    return ReportFixtures.run(try TestScenarios.load(text)).report
  }

  @Test("an app with an SDK: headline figures, the requests and values tables, and lint by kind with its first example")
  func sectionWithCounts() throws {
    let report = try Self.clockMoverReport()
    let lines = report.markdown.split(separator: "\n").map(String.init)
    for row in [
      // Headline rows carry a verdict column (empty for these), as the run's revenue has one.
      "| SDK requests | 3 |  |", "| SDK answers with a value | 3 |  |", "| SDK failed requests | 0 |  |",
      "| SDK lint findings | 3 |  |",
      "| with a value | 3 (100%) |", "| nothing new | 0 (0%) |", "| all requests | 3 |",
      "| applied (passed to the platform) | 1 |", "| fine values dropped after its window 1 | 2 |", "| SDKs stopped | 0 |",
      "| ignoredAfterLock | update the SDK believes landed, ignored after a lock or the value timer | 0 | – | – | – |",
      // The purchase at 3h is the first of both kinds; the second launch's drop at 5h is not shown.
      "| droppedBelievingWindowOver | value dropped, the SDK believing the window over while it was open | 2 | "
        + "2026-03-02T03:00:00.000Z | mover | fine value 1 dropped, the SDK believing itself in window 2, while "
        + "the platform's window 1 was open |",
      "| revenueInWrongWindow | revenue counted in another window than the platform's | 1 | 2026-03-02T03:00:00.000Z | "
        + "mover | 4.99 USD counted in the SDK's window 2; the platform was in window 1 |",
      "| total |  | 3 |  |  |  |",
    ] {
      let found = lines.contains(row)
      #expect(found, "\(row)")
    }
    let headings = lines.filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    #expect(Array(headings.suffix(3)) == Self.titles, "the SDK's sections come last")

    // The page: the lint chart with one bar category per kind, the two tables as tables.
    let html = report.html
    let svg = try #require(ReportFixtures.svgElements(of: html).last)
    let texts = try XMLElements(svg).texts
    #expect(texts.first == Self.titles[2])
    for kind in SDKLintFinding.Kind.allCases { #expect(texts.contains(kind.rawValue), "\(kind)") }
    #expect(html.contains("<h2>Conversion-value requests</h2>") && html.contains("<h2>SDK values</h2>"))
    #expect(html.contains("<b>3</b><span>SDK lint findings</span>"))
  }

  @Test("each request and value count lands in its own row")
  func everyCountInItsRow() throws {
    let scenario = try TestScenarios.load(TestScenarios.sdkExpectation(expect: "{}"))
    var summary = RunSummary()
    // Distinct counts, so a row showing another row's figure fails.
    for (offset, count) in SDKCounts.counters.enumerated() { summary.sdk[keyPath: count.path] = offset + 1 }
    let markdown = RunReport(scenario: scenario, summary: summary, collector: ReportCollector(scenario: scenario)).markdown
    let lines = markdown.split(separator: "\n").map(String.init)
    for row in [
      // requests 3, with a value 4, nothing new 5, refused 6, timeouts 7, HTTP 8, unreachable 9, malformed 10.
      "| SDK requests | 3 |", "| SDK answers with a value | 4 |", "| SDK failed requests | 34 |",
      "| with a value | 4 (133.3%) |", "| nothing new | 5 (166.7%) |", "| refused by the service | 6 (200%) |",
      "| timeouts | 7 (233.3%) |", "| HTTP errors | 8 (266.7%) |", "| unreachable | 9 (300%) |",
      "| malformed answers | 10 (333.3%) |",
      // applied 11, validation 12, not higher 13, locked 14, fine after window 1 15, stopped 16.
      "| applied (passed to the platform) | 11 |", "| rejected by its validation | 12 |",
      "| dropped: not higher (before 4.0) | 13 |", "| dropped: its window locked | 14 |",
      "| fine values dropped after its window 1 | 15 |", "| SDKs stopped | 16 |",
      // Lint kinds in order from 17; 17 + … + 23 = 140.
      "| SDK lint findings | 140 |", "| total |  | 140 |  |  |  |",
    ] {
      let found = lines.contains(row)
      #expect(found, "\(row)")
    }
    #expect(lines.contains { $0.hasPrefix("| ignoredAfterLock |") && $0.contains("| 17 | – |") })
    #expect(lines.contains { $0.hasPrefix("| revenueInWrongWindow |") && $0.contains("| 23 | – |") })
  }

  @Test("a run whose app has no SDK has no SDK figures and no SDK sections")
  func absentWithoutSDK() throws {
    let report = ReportFixtures.run(try TestScenarios.load(ReportFixtures.journeys)).report
    for text in [report.markdown, report.html] {
      #expect(!text.contains("SDK"))
      for title in Self.titles { #expect(!text.contains(title), "\(title)") }
    }
  }

  @Test("a run merged from shards writes the same SDK sections, examples included, as the whole run")
  func mergedReport() throws {
    let users = TestScenarios.sdkTester + ", " + TestScenarios.clockMover
      + ", " + TestScenarios.clockMover.replacing(required: "\"mover\"", with: "\"another\"")
    let text = TestScenarios.sdkExpectation(users: users, expect: "{}", sdk: TestScenarios.keepBackSDK)
      .replacing(required: "\"schemas/", with: "\"\(TestPaths.scenarios)/schemas/")
    let (report, merged) = try ReportFixtures.wholeAndMerged(text, shards: 3)
    #expect(merged.markdown == report.markdown)
    #expect(merged.html == report.html)
    let whole = report.markdown
    // Two movers found the same kinds at the same times: the example is the first user by name.
    #expect(whole.contains("| 4 | 2026-03-02T03:00:00.000Z | another | fine value 1 dropped"))
  }

  @Test("a kind's example is its earliest finding, then by user, whatever order the records arrive in")
  func earliestExampleWins() throws {
    let scenario = try TestScenarios.load(TestScenarios.sdkExpectation(expect: "{}"))
    func record(_ hours: Int64, _ user: String, _ message: String) -> SDKTraceRecord {
      SDKTraceRecord(
        time: SimTime(milliseconds: hours * 3_600_000), user: user, activity: "session", action: "stopped",
        metadata: [:], lint: [SDKLintFinding(kind: .ignoredAfterLock, message: message)])
    }
    var collector = ReportCollector(scenario: scenario)
    // Streamed as a merge might: a later finding first, then two at the same earliest time.
    for item in [record(5, "ann", "late"), record(2, "zoe", "z first"), record(2, "bob", "b first"), record(3, "ann", "mid")] {
      collector.receive(item)
    }
    let first = try #require(collector.firstFindings[0])
    #expect(first.time == SimTime(milliseconds: 2 * 3_600_000) && first.user == "bob" && first.message == "b first")
    #expect(collector.firstFindings.dropFirst().allSatisfy { $0 == nil })
  }
}
