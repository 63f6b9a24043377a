import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// A cohort's `log` in scenario files: each format, replay and resample, and the errors a
/// newcomer meets (file, line:column, JSON path, expected and found).
@Suite("Event logs: the scenario's cohort log")
struct CohortLogReaderTests {
  /// A scenario in `folder` whose one cohort has `cohort` (a log and what goes with it), and
  /// `top` at the top level; the files are written there, and the scenario loaded from its file.
  private func load(
    _ cohort: String, files: [String: String], top: String = ""
  ) throws -> Result<Scenario, ScenarioLoadError> {
    let folder = try TemporaryFolder.create("cohort-log")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    let text = """
      {
        version: 1, name: "logged", seed: 5, epoch: "2026-03-02T00:00:00Z", \(top)
        platform: { framework: "skadnetwork", version: "4.0" },
        app: { appId: 111 },
        adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1234 }] }],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
        cohorts: [{
          name: "co", arrivals: { from: "0d", to: "1d" }, exposures: [],
          install: { organic: 1, delay: "1h" },
          \(cohort)
        }],
      }
      """
    let path = folder.appendingPathComponent("s.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    do { return .success(try ScenarioLoader.load(path: path)) } catch { return .failure(error) }
  }

  /// The errors of a load that failed, as `file:line:column path: message` (warnings left out).
  private func messages(_ result: Result<Scenario, ScenarioLoadError>) -> [String] {
    guard case .failure(let error) = result else { return [] }
    return error.diagnostics.filter { $0.severity == .error }.map { "\(($0.file as NSString).lastPathComponent):\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.path): \($0.message)" }
  }

  private static func ga4(_ user: String, _ seconds: Int64, _ name: String, usd: Double? = nil, country: String = "Japan") -> String {
    let value = usd.map { #","event_value_in_usd":\#($0)"# } ?? ""
    return #"{"user_pseudo_id":"\#(user)","event_timestamp":"\#(seconds * 1_000_000)","event_name":"\#(name)","geo":{"country":"\#(country)"}\#(value)}"#
  }

  /// Two users: u1 in Japan (first open, a 4.99 purchase an hour later), u2 in the US (first
  /// open a day later, one level).
  private static let twoUsers = [
    ga4("u1", 1_000_000, "first_open"), ga4("u1", 1_003_600, "in_app_purchase", usd: 4.99),
    ga4("u2", 1_086_400, "first_open", country: "United States"), ga4("u2", 1_090_000, "level_up", country: "United States"),
  ].joined(separator: "\n") + "\n"

  @Test("GA4, resampled: the log's users and event names reach the scenario, its file is an input, count stays the cohort's")
  func ga4Resample() throws {
    let scenario = try load(#"count: 50, log: { path: "log.jsonl", format: "ga4", use: "resample" }"#, files: ["log.jsonl": Self.twoUsers]).get()
    let log = try #require(scenario.cohorts[0].log)
    #expect(scenario.cohorts[0].count == 50)
    #expect(log.use == .resample(stratifyByCountry: false))
    #expect(log.users.count == 2 && log.users.eventCount == 4)
    #expect(log.users.country(of: 0) == "JP" && log.users.country(of: 1) == "US")
    #expect(log.users.events(of: 0).map(\.revenue) == [0, 4.99])
    #expect(log.report.rows == 4)
    #expect(scenario.declaredEvents.isSuperset(of: ["in_app_purchase", "level_up"]))
    #expect(scenario.inputFiles.contains { $0.hasSuffix("/log.jsonl") })
    // The log ends a day after the last first launch: both users' later days are empty, and said so.
    #expect(scenario.warnings.map(\.message) == [
      "2 of 2 logged users were watched for less than 35 days after their first launch (the log ends there): "
        + "their later days are empty, so late windows understate what they do"
    ])
    // The log's identifiers are nowhere in what was loaded.
    #expect(!"\(scenario)".contains("u1"))
  }

  @Test("Replay without a count has one user per logged user; a different count is an error naming the log's")
  func replayCount() throws {
    let scenario = try load(#"log: { path: "log.jsonl", format: "ga4", use: "replay" }"#, files: ["log.jsonl": Self.twoUsers]).get()
    #expect(scenario.cohorts[0].count == 2)
    let wrong = messages(try load(#"count: 3, log: { path: "log.jsonl", format: "ga4", use: "replay" }"#, files: ["log.jsonl": Self.twoUsers]))
    #expect(wrong == ["s.json:10:12 cohorts[0].count: a replayed log gives each of its 2 users one simulated user: set 'count' to 2, or leave it out"])
    let missing = messages(try load(#"log: { path: "log.jsonl", format: "ga4", use: "resample" }"#, files: ["log.jsonl": Self.twoUsers]))
    #expect(missing.count == 1 && missing[0].contains("cohorts[0]: missing key 'count' (how many users draw logged timelines)"))
  }

  @Test("A delimited log through columns by name, a time pattern and a fixed offset: times are UTC from the offset")
  func delimitedColumns() throws {
    let csv = "when,who,what,amount\n2024-03-01 09:00,a,open,\n2024-03-01 10:30,a,buy,2.50\n"
    let scenario = try load(
      #"""
      count: 5, log: { path: "log.csv", format: "delimited", use: "resample",
        columns: { user: "who", time: "when", event: "what", revenue: "amount" },
        timeFormat: "yyyy-MM-dd HH:mm", timeZone: "+05:30", kinds: { open: "first_open" } }
      """#, files: ["log.csv": csv]).get()
    let log = try #require(scenario.cohorts[0].log)
    #expect(log.users.count == 1)
    // The first launch is the `open` row; the purchase 90 minutes after it.
    #expect(log.users.events(of: 0).map(\.offset) == [.zero, .minutes(90)])
    #expect(log.users.events(of: 0).map(\.kind) == [.firstLaunch, .purchase])
    #expect(log.report.firstTime == 1_709_263_800_000)  // 2024-03-01T03:30:00Z
  }

  @Test("AppsFlyer's export by its documented column names; a column moved by the scenario")
  func appsFlyer() throws {
    let csv = """
      AppsFlyer ID,Event Time,Event Name,Event Revenue,Event Revenue Currency,Country Code,Media Source,Campaign,Installed At
      af-1,2024-03-01 10:00:00,af_purchase,3.00,USD,DE,alpha_int,spring,2024-03-01 09:00:00
      """
    let scenario = try load(
      #"count: 5, log: { path: "af.csv", format: "appsFlyer", use: "resample", columns: { installTime: "Installed At" } }"#,
      files: ["af.csv": csv + "\n"]).get()
    let log = try #require(scenario.cohorts[0].log)
    #expect(log.users.events(of: 0).map(\.offset) == [.hours(1)])
    #expect(log.users.events(of: 0).map(\.kind) == [.purchase])
    #expect(log.users.country(of: 0) == "DE")
  }

  @Test("Keys that model in-app lives are refused beside a log, each where it is written")
  func modelledKeysRefused() throws {
    let found = messages(
      try load(
        #"count: 5, retention: [0.3], events: [], log: { path: "log.jsonl", format: "ga4", use: "resample" }"#,
        files: ["log.jsonl": Self.twoUsers]))
    #expect(found.count == 2)
    #expect(found.allSatisfy { $0.contains("models the users' in-app lives, which this cohort takes from its 'log': remove it (or the log)") })
    #expect(found.first?.contains("cohorts[0].retention") == true)
  }

  @Test("A missing log file, an unknown format and delimited settings on a GA4 log: each located in the scenario")
  func settingErrors() throws {
    let noFile = messages(try load(#"count: 5, log: { path: "nope.jsonl", format: "ga4", use: "resample" }"#, files: [:]))
    #expect(noFile == ["s.json:10:28 cohorts[0].log.path: cannot read event log 'nope.jsonl': no such file"])
    let format = messages(try load(#"count: 5, log: { path: "log.jsonl", format: "GA4", use: "resample" }"#, files: ["log.jsonl": Self.twoUsers]))
    #expect(format.count == 1 && format[0].contains("cohorts[0].log.format: expected one of 'ga4', 'appsFlyer', 'delimited', found 'GA4'; did you mean 'ga4'?"))
    let columns = messages(
      try load(#"count: 5, log: { path: "log.jsonl", format: "ga4", use: "resample", timeZone: "UTC" }"#, files: ["log.jsonl": Self.twoUsers]))
    #expect(columns.count == 1 && columns[0].contains("cohorts[0].log.timeZone: 'timeZone' maps a delimited log's columns; a GA4 export's fields are fixed"))
    let stratified = messages(
      try load(#"log: { path: "log.jsonl", format: "ga4", use: "replay", stratifyByCountry: true }"#, files: ["log.jsonl": Self.twoUsers]))
    #expect(stratified.count == 1 && stratified[0].contains("'stratifyByCountry' is for 'use': \"resample\""))
  }

  @Test("Column, time-format and time-zone settings a delimited log cannot follow")
  func delimitedSettingErrors() throws {
    func errors(_ settings: String) throws -> [String] {
      messages(try load(#"count: 5, log: { path: "l.csv", format: "delimited", use: "resample", \#(settings) }"#, files: ["l.csv": "a,1\n"]))
    }
    #expect(try errors(#"header: false, columns: { user: "id", time: 2 }, timeFormat: "epochSeconds""#).first?
      .contains("log.columns.user: a log without a header has no column names: give \"id\"'s position") == true)
    #expect(try errors(#"columns: { time: 2 }"#).first?.contains("log.columns: expected the 'user' column, found none") == true)
    #expect(try errors(#"header: false, columns: { user: 1, time: 2 }, timeFormat: "yyyy-MM-QQ""#).first?
      .contains("log.timeFormat: the time pattern \"yyyy-MM-QQ\" has \"Q\"") == true)
    #expect(try errors(#"header: false, columns: { user: 1, time: 2 }, timeZone: "Mars/Olympus""#).first?
      .contains("log.timeZone: expected an IANA time zone such as \"Europe/Paris\", \"UTC\" or an offset such as \"+05:30\", found 'Mars/Olympus'") == true)
    #expect(try errors(#"header: false, columns: { user: 1, time: 2 }, timeZone: "+5""#).first?
      .contains("log.timeZone: expected an offset from UTC as ±hh:mm (\"+05:30\"), found '+5'") == true)
    // The misspelt setting alone: the log is not read with settings that are wrong.
    #expect(try errors(#"header: false, columns: { user: 1, time: 2, revnue: 3 }"#).count == 1)
    #expect(try errors(#"header: false, columns: { user: 1, time: 2, revnue: 3 }"#).first?
      .contains("log.columns.revnue: unknown key 'revnue'; did you mean 'revenue'?") == true)
  }

  @Test("A bad row is reported at its line and field in the log; with badRows: skip, a warning counts the skipped rows")
  func badRows() throws {
    let text = Self.twoUsers + #"{"user_pseudo_id":"u3","event_timestamp":"soon","event_name":"first_open"}"# + "\n"
    let failing = messages(try load(#"count: 5, log: { path: "log.jsonl", format: "ga4", use: "resample" }"#, files: ["log.jsonl": text]))
    #expect(failing.count == 1 && failing[0].hasPrefix("log.jsonl:5:"))
    #expect(failing.first?.contains("event_timestamp: expected microseconds since 1970") == true)
    let skipping = try load(#"count: 5, log: { path: "log.jsonl", format: "ga4", use: "resample", badRows: "skip" }"#, files: ["log.jsonl": text]).get()
    #expect(skipping.cohorts[0].log?.report.skippedRows == 1)
    #expect(skipping.warnings.map(\.message).contains { $0.hasPrefix("skipped 1 of 5 rows of 'log.jsonl' that could not be read; the first: ") })
  }

  @Test("Revenue in a currency the schema cannot convert is an error; with its rate, it arrives in the schema's currency")
  func currencies() throws {
    let csv = "u,t,r,c\na,2024-03-01T00:00:00Z,10,EUR\n"
    let log = #"count: 5, log: { path: "l.csv", format: "delimited", use: "resample", columns: { user: "u", time: "t", revenue: "r", currency: "c" } }"#
    let refused = messages(try load(log, files: ["l.csv": csv]))
    #expect(refused.count == 1 && refused[0].contains("expected a currency the scenario can convert (USD), found \"EUR\""))
    let schema = #"schema: { version: 1, exchangeRates: { EUR: 1.1 }, fineValue: { revenueBuckets: [1] } },"#
    let converted = try load(log, files: ["l.csv": csv], top: schema).get()
    #expect(converted.cohorts[0].log?.users.events(of: 0).map(\.revenue) == [11])
  }

  @Test("A schema event a letter away from a logged event name is a misspelling, with the log's name suggested")
  func schemaEventsAgainstTheLog() throws {
    let schema = #"schema: { version: 1, fineValue: { eventBits: { in_app_purchse: 0 } } },"#
    let found = messages(try load(#"count: 5, log: { path: "log.jsonl", format: "ga4", use: "resample" }"#, files: ["log.jsonl": Self.twoUsers], top: schema))
    #expect(found.count == 1 && found[0].contains("'in_app_purchase'"))
  }

  @Test("The sample scenario loads its committed GA4 log: 200 users, every row read")
  func sample() throws {
    let scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/logged-users.json")
    let log = try #require(scenario.cohorts[0].log)
    #expect(log.users.count == 200)
    #expect(log.report.skippedRows == 0 && log.report.rows == 3390)
    #expect(log.report.refunds == 1)
    #expect(scenario.warnings.isEmpty, "the sample's log watches every user past the horizon")
  }
}
