import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

@testable import SimInput

/// `events.csv` (issue 38, point 5): a run's simulated users written as an event log in the
/// generic delimited shape, read back through a column mapping into the same users, events,
/// offsets from first launch, revenue and countries; the same bytes whatever the job count.
@Suite("Run folder: events.csv, the users as an event log")
struct EventsCSVTests {
  private static let minute: Int64 = 60_000
  private static let hour: Int64 = 3_600_000
  private static let day: Int64 = 86_400_000

  /// The mapping a scenario's `log` gives to read `events.csv` back.
  static var mapping: DelimitedLogMapping { .eventsCSV }

  /// Runs `scenario` on `jobs` threads into a fresh folder with `events.csv`; returns the
  /// folder, the summary and the file's text.
  static func run(_ scenario: Scenario, jobs: Int = 1) throws -> (folder: URL, summary: RunSummary, text: String) {
    let folder = try TemporaryFolder.create("events-csv")
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario, eventLog: true)
    let summary = ScenarioRunner.run(scenario, sink: &writer, jobs: jobs)
    try writer.commit(summary, scenario: scenario)
    let text = try String(contentsOf: folder.appendingPathComponent("events.csv"), encoding: .utf8)
    return (folder, summary, text)
  }

  /// `events.csv` in `folder` read back as a scenario's `log` reads it, through `mapping`.
  static func load(
    _ folder: URL, currencies: CurrencyTable, mapping: DelimitedLogMapping = mapping
  ) throws -> (users: LoggedUsers, report: EventLogReport) {
    let source = EventLogSource(path: folder.appendingPathComponent("events.csv").path, format: .delimited(mapping))
    return try EventLogLoader.load(source, currencies: currencies)
  }

  /// Alice (US, attributed to alpha's `broad`) and Bob (DE, organic): Bob's ad revenue is a
  /// fraction of a cent and his purchase is in euros.
  static let bob = """
    { name: "bob", country: "DE", timeline: [
      { at: "2h", action: "install" },
      { at: "3h", action: "launch" },
      { at: "5h", action: "revenue", amount: 0.0125, kind: "ad" },
      { at: "2d", action: "event", name: "purchase", revenue: 2.5, currency: "EUR" },
      { at: "2d1h", action: "revenue", amount: 7.99 },
    ] }
    """

  /// Alice and Bob in one scenario.
  static var scripted: Scenario {
    get throws { try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice + ", " + bob)) }
  }

  @Test("Scripted users: one row per app open, event and revenue, in time order, as worked out by hand")
  func scriptedRows() throws {
    let (folder, summary, text) = try Self.run(try Self.scripted)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      text == """
        user,time,event,kind,revenue,currency,country,network,campaign
        alice,2026-03-02T01:25:00.000Z,first_open,first_open,,,US,alpha,broad
        alice,2026-03-02T01:40:00.000Z,tutorial_complete,,,,US,alpha,broad
        bob,2026-03-02T03:00:00.000Z,first_open,first_open,,,DE,,
        bob,2026-03-02T05:00:00.000Z,ad_impression,ad,0.0125,USD,DE,,
        alice,2026-03-03T02:00:00.000Z,purchase,purchase,4.99,USD,US,alpha,broad
        bob,2026-03-04T00:00:00.000Z,purchase,purchase,2.5,EUR,DE,,
        bob,2026-03-04T01:00:00.000Z,in_app_purchase,purchase,7.99,USD,DE,,
        alice,2026-03-06T00:00:00.000Z,session_start,session,,,US,alpha,broad
        alice,2026-03-12T00:00:00.000Z,purchase,purchase,9.99,USD,US,alpha,broad

        """)
    // The simulation's own counts: two first launches, three app opens.
    #expect(summary.firstLaunches == 2 && summary.sessions == 3)
  }

  @Test("Scripted users read back: the same users, events, offsets from first launch, revenue and countries")
  func scriptedRoundTrip() throws {
    let (folder, _, _) = try Self.run(try Self.scripted)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (users, report) = try Self.load(folder, currencies: CurrencyTable(base: "USD", rates: ["EUR": 1.08]))
    #expect(report.rows == 9 && report.events == 9 && report.users == 2)
    #expect(report.duplicates == 0 && report.beforeFirstLaunch == 0 && report.usersWithoutFirstLaunch == 0)
    // Renumbered by first launch: Alice (1h25m) is user 0, Bob (3h) user 1.
    #expect(users.count == 2 && users.country(of: 0) == "US" && users.country(of: 1) == "DE")
    let alice = users.events(of: 0)
    #expect(alice.map { users.eventNames[$0.name] } == ["first_open", "tutorial_complete", "purchase", "session_start", "purchase"])
    #expect(alice.map(\.kind) == [.firstLaunch, .event, .purchase, .session, .purchase])
    // From the launch at 1h25m: 15m, 1d2h, 4d and 10d after the epoch.
    let launch = Self.hour + 25 * Self.minute
    #expect(
      alice.map(\.offset.milliseconds) == [
        0, 15 * Self.minute, Self.day + 2 * Self.hour - launch, 4 * Self.day - launch, 10 * Self.day - launch,
      ])
    #expect(alice.map(\.revenue) == [0, 0, 4.99, 0, 9.99])
    let bob = users.events(of: 1)
    #expect(bob.map { users.eventNames[$0.name] } == ["first_open", "ad_impression", "purchase", "in_app_purchase"])
    #expect(bob.map(\.kind) == [.firstLaunch, .adRevenue, .purchase, .purchase])
    #expect(bob.map(\.offset.milliseconds) == [0, 2 * Self.hour, 2 * Self.day - 3 * Self.hour, 2 * Self.day - 2 * Self.hour])
    // The euros converted at the schema's rate; a fraction of a cent kept whole.
    #expect(bob.map(\.revenue) == [0, 0.0125, 2.5 * 1.08, 7.99])
  }

  @Test("A cohort replaying events.csv lives the same timelines: its own events.csv reads back as the same users")
  func replayedByACohort() throws {
    let currencies = CurrencyTable(base: "USD", rates: ["EUR": 1.08])
    let first = try Self.run(try Self.scripted)
    defer { try? FileManager.default.removeItem(at: first.folder) }
    let original = try Self.load(first.folder, currencies: currencies).users
    let columns = InAppEventRecord.csvHeader.split(separator: ",").map { "\($0): \"\($0)\"" }.joined(separator: ", ")
    let replaying = try TestScenarios.load(
      TestScenarios.minimal
        .replacing(required: "  seed: 7,", with: #"  seed: 7, schema: "schemas/quickstart-hybrid.json","#)
        .replacing(required: "count: 10,", with: "")
        .replacing(
          required: #"events: [{ name: "purchase", perDay: [0.1], revenue: 4.99 }],"#,
          with: #"log: { path: "\#(first.folder.path)/events.csv", format: "delimited", use: "replay", "#
            + #"columns: { \#(columns) }, timeFormat: "iso8601" },"#)
        .replacing(required: "install: { afterClick: 0.5, delay: \"1h\" },", with: "install: { organic: 1, delay: \"1h\" },"))
    let second = try Self.run(replaying)
    defer { try? FileManager.default.removeItem(at: second.folder) }
    let replayed = try Self.load(second.folder, currencies: currencies).users
    #expect(replayed.count == 2)
    for user in 0..<2 {
      #expect(replayed.country(of: user) == original.country(of: user))
      func timeline(_ users: LoggedUsers) -> [String] {
        users.events(of: user).map { "\($0.offset.milliseconds) \(users.eventNames[$0.name]) \($0.kind) \($0.revenue)" }
      }
      // An ad row replays as an event of its name beside the ad revenue: the one row added.
      let added = timeline(replayed).filter { $0.hasSuffix(" ad_impression event 0.0") }
      #expect(timeline(replayed).filter { !added.contains($0) } == timeline(original))
      #expect(added.count == (user == 1 ? 1 : 0) && timeline(original).count == (user == 0 ? 5 : 4))
    }
  }

  @Test("A cohort: a row per first launch and session the run counted, every row read back, the same bytes on 1 or 2 threads")
  func cohortCountsAndJobs() throws {
    let scenario = try TestScenarios.load(try TestScenarios.smallQuickstart())
    let one = try Self.run(scenario, jobs: 1)
    defer { try? FileManager.default.removeItem(at: one.folder) }
    let two = try Self.run(scenario, jobs: 2)
    defer { try? FileManager.default.removeItem(at: two.folder) }
    #expect(one.text == two.text)
    let rows = one.text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let kinds = rows.map { String($0[3]) }
    #expect(one.summary.firstLaunches > 0 && kinds.count { $0 == "first_open" } == one.summary.firstLaunches)
    #expect(kinds.count { $0 == "first_open" || $0 == "session" } == one.summary.sessions)
    #expect(kinds.contains("purchase") && kinds.contains("ad") && kinds.contains(""))
    let (users, report) = try Self.load(one.folder, currencies: scenario.schema.currencies)
    // Each launched user is one logged user; no row comes before its user's first launch or repeats another.
    #expect(users.count == one.summary.firstLaunches && report.usersWithoutFirstLaunch == 0)
    #expect(report.rows == rows.count && report.beforeFirstLaunch == 0 && report.duplicates == 0)
    #expect(report.events + report.afterHorizon == rows.count)
  }

  @Test("Without the option no events.csv is written, and a run without it removes an earlier run's")
  func optIn() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let (folder, _, _) = try Self.run(scenario)
    defer { try? FileManager.default.removeItem(at: folder) }
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario)
    #expect(!writer.wantsEventLog)
    let summary = ScenarioRunner.run(scenario, sink: &writer)
    try writer.commit(summary, scenario: scenario)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("events.csv").path))
  }
}
