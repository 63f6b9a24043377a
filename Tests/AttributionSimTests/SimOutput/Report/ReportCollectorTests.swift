@testable import AttributionSim
import AttributionTestSupport
import Testing

/// The collector's bins, worked out by hand for ``ReportFixtures/journeys``.
@Suite("Report collector")
struct ReportCollectorTests {
  @Test("postbacks land in the day and delay bin worked out by hand; tiers, values and digits per campaign")
  func journeyBins() throws {
    let (summary, collector, _) = ReportFixtures.run(try TestScenarios.load(ReportFixtures.journeys))
    #expect(collector.windows == 3)

    // alice: window 1 closes at 2d1h25m, sent 36 h later (3d13h25m: day 3); windows 2 and 3
    // close at 7d1h25m and 35d1h25m, sent 84 h later (days 10 and 38). bob: window 1 closes at
    // 2d3h10m, sent at 3d15h10m (day 3). Developer copies are not counted.
    var days = Array(repeating: [0, 0, 0], count: 39)
    days[3] = [2, 0, 0]
    days[10] = [0, 1, 0]
    days[38] = [0, 0, 1]
    #expect(collector.postbacksByDay == days)

    // 36 h is the first hour of bin 6 (36–42 h), 84 h of bin 14 (84–90 h).
    var delays = Array(repeating: Array(repeating: 0, count: 24), count: 3)
    delays[0][6] = 2
    delays[1][14] = 1
    delays[2][14] = 1
    #expect(collector.sendDelays == delays)

    // Campaigns in scenario order: alpha/broad, alpha/eu, beta/video.
    #expect(collector.tiers == [[0, 0, 1, 0], [0, 0, 0, 0], [1, 0, 0, 0]])
    // alice: fine in window 1, coarse after; bob: nothing in window 1, the rest withheld.
    #expect(collector.contents == [
      [[1, 0, 0], [0, 1, 0], [0, 1, 0]], [[0, 0, 0], [0, 0, 0], [0, 0, 0]], [[0, 0, 1], [0, 0, 0], [0, 0, 0]],
    ])
    // Tier 2 keeps all four digits of 5211; tier 0 only two of 4431.
    #expect(collector.digits == [[0, 0, 1], [0, 0, 0], [1, 0, 0]])

    // The same totals as the summary's.
    #expect(collector.tiers.reduce([0, 0, 0, 0]) { zip($0, $1).map(+) } == summary.conversionsByTier)
    #expect(collector.postbacksByDay.joined().reduce(0, +) == summary.postbacks.joined().reduce(0, +))
    #expect(collector.digits.reduce([0, 0, 0]) { zip($0, $1).map(+) } == summary.sourceIdentifierDigits)
  }

  @Test("before 4.0 there is one window and no source-identifier digits")
  func singleWindow() throws {
    let scenario = try TestScenarios.load(TestScenarios.multiNetwork(version: "3.0", users: TestScenarios.clicker()))
    let (summary, collector, _) = ReportFixtures.run(scenario)
    #expect(collector.windows == 1)
    #expect(collector.sendDelays.count == 1 && collector.contents.allSatisfy { $0.count == 1 })
    #expect(collector.postbacksByDay.joined().reduce(0, +) == summary.postbacks[0].reduce(0, +))
    #expect(collector.digits.joined().allSatisfy { $0 == 0 })
  }

  @Test("a run with no users leaves every bin empty")
  func emptyRun() throws {
    let (_, collector, _) = ReportFixtures.run(try TestScenarios.load(ReportFixtures.empty))
    #expect(collector.postbacksByDay.isEmpty)
    #expect(collector.sendDelays.joined().allSatisfy { $0 == 0 })
    #expect(collector.tiers == [[0, 0, 0, 0]])
  }
}
