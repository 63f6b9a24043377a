import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import SimInput

/// Logs loaded whole into renumbered users: first launches, events before install, past the
/// horizon, repeated rows, refunds, currencies, and skipped rows, each counted.
@Suite("Event logs: loading users")
struct EventLogLoaderTests {
  private static let day: Int64 = 86_400_000

  private func load(
    _ text: String, format: EventLogSource.Format, badRows: EventLogSource.BadRows = .fail,
    currencies: CurrencyTable = CurrencyTable(base: "USD", rates: ["EUR": 1.25])
  ) throws -> (users: LoggedUsers, report: EventLogReport) {
    let folder = try TemporaryFolder.create("log-loader")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("log")
    try text.write(to: file, atomically: true, encoding: .utf8)
    var source = EventLogSource(path: file.path, format: format)
    source.badRows = badRows
    return try EventLogLoader.load(source, currencies: currencies)
  }

  private var cdnow: EventLogSource.Format {
    var mapping = DelimitedLogMapping(user: .position(1), time: .position(2))
    (mapping.delimiter, mapping.header, mapping.timeFormat, mapping.revenue) = (.whitespace, false, .pattern("yyyyMMdd"), .position(4))
    return .delimited(mapping)
  }

  private func ga4(_ user: String, _ seconds: Int64, _ name: String, extra: String = "") -> String {
    #"{"user_pseudo_id":"\#(user)","event_timestamp":\#(seconds * 1_000_000),"event_name":"\#(name)"\#(extra)}"#
  }

  @Test("A transaction log: each customer's first purchase is their first launch; users renumbered by it")
  func transactions() throws {
    let (users, report) = try load("9 19970105 1 5.00\n3 19970101 1 10.00\n9 19970110 2 7.50\n3 19970101 1 2.00\n", format: cdnow)
    #expect(users.count == 2)
    // Customer 3 launched first, so is user 0; their two purchases on one day are both kept (different revenue).
    #expect(users.events(of: 0).map(\.revenue) == [10, 2])
    #expect(users.events(of: 0).map(\.offset) == [.zero, .zero])
    #expect(users.events(of: 1).map(\.offset.milliseconds) == [0, 5 * Self.day])
    #expect(users.events(of: 1).map(\.kind) == [.purchase, .purchase])
    #expect(report.usersWithoutFirstLaunch == 2)
    // The log ends on 1997-01-10: user 0 was watched 9 days, user 1 five.
    #expect(users.observed(0).milliseconds == 9 * Self.day && users.observed(1).milliseconds == 5 * Self.day)
    #expect(report.rows == 4 && report.events == 4 && report.users == 2)
  }

  @Test("first_open sets the launch; events before it, past 35 days, and exact repeats are dropped and counted; refunds kept")
  func ga4Rules() throws {
    let usd = #","event_value_in_usd":4.99"#
    let lines = [
      ga4("a", 100, "session_start"),  // before first_open
      ga4("a", 1_000, "first_open", extra: #","geo":{"country":"Japan"}"#),
      ga4("a", 1_060, "in_app_purchase", extra: usd),
      ga4("a", 1_060, "in_app_purchase", extra: usd),  // repeated row
      ga4("a", 2_000, "app_store_refund", extra: usd),
      ga4("a", 1_000 + 36 * 86_400, "session_start"),  // past the horizon
      ga4("b", 5_000, "level_up", extra: #","event_params":[{"key":"value","value":{"double_value":2}},{"key":"currency","value":{"string_value":"EUR"}}]"#),
    ]
    let (users, report) = try load(lines.joined(separator: "\n"), format: .ga4)
    #expect(users.events(of: 0).map(\.kind) == [.firstLaunch, .purchase, .purchase])
    #expect(users.events(of: 0).map(\.revenue) == [0, 4.99, -4.99])
    #expect(users.events(of: 0).map(\.offset.milliseconds) == [0, 60_000, 1_000_000])
    // GA4 names countries in English: kept as their ISO codes.
    #expect(users.country(of: 0) == "JP" && users.country(of: 1) == nil)
    #expect(users.eventNames[users.events(of: 1)[0].name] == "level_up")
    #expect(report.beforeFirstLaunch == 1 && report.afterHorizon == 1 && report.duplicates == 1 && report.refunds == 1)
    #expect(report.usersWithoutFirstLaunch == 1 && report.rows == 7 && report.events == 4)
  }

  @Test("Interleaved users' rows out of time order are grouped and ordered (ties in reading order); users launched together keep the order they first appear in")
  func interleaved() throws {
    let lines = [
      ga4("b", 50, "level_up"),
      ga4("a", 30, "session_start"),
      ga4("b", 10, "first_open"),
      ga4("a", 10, "first_open"),
      ga4("c", 5, "level_up"),  // no first_open: launched at their first event, before the others
      ga4("a", 20, "level_up"),
      ga4("b", 10, "session_start"),  // the instant of b's first_open, read after it
    ]
    let (users, report) = try load(lines.joined(separator: "\n"), format: .ga4)
    #expect(users.count == 3)
    #expect(users.events(of: 0).map(\.kind) == [.event])
    #expect(users.events(of: 1).map(\.kind) == [.firstLaunch, .session, .event])
    #expect(users.events(of: 1).map(\.offset.milliseconds) == [0, 0, 40_000])
    #expect(users.events(of: 2).map(\.kind) == [.firstLaunch, .event, .session])
    #expect(users.events(of: 2).map(\.offset.milliseconds) == [0, 10_000, 20_000])
    #expect(report.usersWithoutFirstLaunch == 1 && report.firstTime == 5_000 && report.lastTime == 50_000)
  }

  @Test("Revenue is converted to the scenario's currency; a currency without a rate stops the reading, naming the rates known")
  func currencies() throws {
    let euro = ga4("b", 5, "purchase", extra: #","event_params":[{"key":"value","value":{"double_value":2}},{"key":"currency","value":{"string_value":"EUR"}}]"#)
    #expect(try load(euro, format: .ga4).users.events(of: 0).map(\.revenue) == [2.5])
    let yen = ga4("b", 5, "purchase", extra: #","event_params":[{"key":"value","value":{"int_value":"300"}},{"key":"currency","value":{"string_value":"JPY"}}]"#)
    let error = #expect(throws: EventLogLoader.Failure.self) { try load(yen, format: .ga4) }
    guard case .reading(let problem)? = error else { return }
    #expect(problem.message == "expected a currency the scenario can convert (USD, EUR), found \"JPY\": give its rate in the schema's currencies")
  }

  @Test("A currency without a rate in a delimited log is an error at its row's currency field")
  func currencyColumn() throws {
    var mapping = DelimitedLogMapping(user: .named("u"), time: .named("t"))
    (mapping.timeFormat, mapping.revenue, mapping.currency) = (.epochSeconds, .named("r"), .named("c"))
    // Line 3's currency field follows "bé,20,1.5,": ten characters (é is two bytes, one column), so column 11.
    let text = "u,t,r,c\na,10,2,EUR\nbé,20,1.5,JPY\n"
    let error = #expect(throws: EventLogLoader.Failure.self) { try load(text, format: .delimited(mapping)) }
    guard case .reading(let problem)? = error else { return }
    #expect(problem.location == SourceLocation(line: 3, column: 11))
    #expect(problem.path == "currency")
    #expect(problem.message == "expected a currency the scenario can convert (USD, EUR), found \"JPY\": give its rate in the schema's currencies")
  }

  @Test("More distinct event names than the table numbers is an error at the first name past the limit, not a silent merge")
  func tooManyNames() throws {
    // Line 1 is the header, lines 2 to 65,536 hold the 65,535 names allowed, line 65,537 one more.
    let rows = (0...EventLogLoader.maximumEventNames).map { "u,\($0),level_\($0)" }
    let text = "u,t,e\n" + rows.joined(separator: "\n") + "\n"
    var mapping = DelimitedLogMapping(user: .named("u"), time: .named("t"))
    (mapping.timeFormat, mapping.event) = (.epochSeconds, .named("e"))
    let error = #expect(throws: EventLogLoader.Failure.self) { try load(text, format: .delimited(mapping)) }
    guard case .reading(let problem)? = error else { return }
    #expect(problem.location == SourceLocation(line: 65_537, column: 1))
    #expect(problem.path == "event")
    #expect(problem.message.hasPrefix("expected at most 65535 distinct event names, found more"))
  }

  @Test("With badRows: skip, rows that cannot be read are skipped, counted and the first five kept as examples; the rest load")
  func skipping() throws {
    let good = ga4("a", 10, "first_open")
    let lines = [good] + (0..<7).map { _ in #"{"event_name":"x"}"# } + [ga4("a", 20, "session_start")]
    let (users, report) = try load(lines.joined(separator: "\n"), format: .ga4, badRows: .skip)
    #expect(report.rows == 9 && report.skippedRows == 7 && report.skippedExamples.count == 5)
    #expect(report.skippedExamples.first?.location?.line == 2)
    #expect(users.eventCount == 2)
    #expect(throws: EventLogLoader.Failure.self) { try load(lines.joined(separator: "\n"), format: .ga4) }
  }

  @Test("Nothing kept names a user: the table holds event names and countries only")
  func noIdentifiers() throws {
    let (users, _) = try load(ga4("SECRET-USER", 1, "first_open", extra: #","geo":{"country":"France"}"#), format: .ga4)
    #expect(!"\(users)".contains("SECRET"))
  }
}

/// Logged countries as ISO codes: GA4's English names and AppsFlyer's lowercase codes.
@Suite("Event logs: country names")
struct CountryNamesTests {
  @Test("English names and two-letter codes in any case become ISO codes; an unknown name has none")
  func codes() {
    #expect(CountryNames.code(for: "United States") == "US")
    #expect(CountryNames.code(for: "japan") == "JP")
    #expect(CountryNames.code(for: "de") == "DE")
    #expect(CountryNames.code(for: "(not set)") == nil)
    #expect(CountryNames.code(for: "Atlantis") == nil)
  }
}
