import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import SimInput

/// Delimited logs read through a column mapping: a transaction log without a header (CDNOW's
/// shape), AppsFlyer's raw-data export, and the errors a wrong mapping or a bad row gets.
@Suite("Event logs: delimited tables and AppsFlyer")
struct DelimitedLogReaderTests {
  private func rows(_ text: String, _ mapping: DelimitedLogMapping) throws -> [LogRow] {
    let folder = try TemporaryFolder.create("delimited-log")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("log.txt")
    try text.write(to: file, atomically: true, encoding: .utf8)
    var reader = try DelimitedLogReader(path: file.path, mapping: mapping)
    var result: [LogRow] = []
    do {
      while let (_, row) = try reader.next() { result.append(row) }
    } catch {
      throw error.diagnostic
    }
    return result
  }

  private var cdnow: DelimitedLogMapping {
    var mapping = DelimitedLogMapping(user: .position(1), time: .position(2))
    mapping.delimiter = .whitespace
    mapping.header = false
    mapping.timeFormat = .pattern("yyyyMMdd")
    mapping.revenue = .position(4)
    return mapping
  }

  @Test("A transaction log without a header or event names: every row with revenue is a purchase")
  func transactionLog() throws {
    let read = try rows("00001 19970101 1  11.77\n00002 19970112 1  12.00\n\n00002 19970112 5  77.00\n", cdnow)
    #expect(read.map(\.user) == ["00001", "00002", "00002"])
    #expect(read.map(\.time) == [852_076_800_000, 853_027_200_000, 853_027_200_000])
    #expect(read.map(\.kind) == [.purchase, .purchase, .purchase])
    #expect(read.map(\.name) == ["purchase", "purchase", "purchase"])
    #expect(read.map(\.revenue) == [11.77, 12, 77])
  }

  @Test("AppsFlyer's raw-data in-app events: its column names, af_purchase revenue, media source and campaign, install time")
  func appsFlyer() throws {
    let csv = """
      Attributed Touch Type,Install Time,Event Time,Event Name,Event Value,Event Revenue,Event Revenue Currency,Media Source,Campaign,Country Code,AppsFlyer ID
      click,2024-03-01 10:00:00,2024-03-01 10:05:00,af_purchase,"{""af_revenue"":""4.99""}",4.99,usd,alpha_int,broad,US,1709287200000-123
      click,2024-03-01 10:00:00,2024-03-02 08:00:00,af_level_achieved,{},,,alpha_int,broad,US,1709287200000-123
      ,2024-03-03 00:00:00,2024-03-03 00:01:00,af_ad_revenue,{},0.02,USD,organic,,DE,1709424000000-456
      """
    let read = try rows(csv, .appsFlyer)
    #expect(read.map(\.kind) == [.purchase, .event, .adRevenue])
    #expect(read.map(\.revenue) == [4.99, nil, 0.02])
    #expect(read.map(\.currency) == ["USD", nil, "USD"])
    #expect(read.map(\.network) == ["alpha_int", "alpha_int", "organic"])
    #expect(read.map(\.campaign) == ["broad", "broad", nil])
    #expect(read.map(\.country) == ["US", "US", "DE"])
    #expect(read[0].installTime == Int64(19_783) * 86_400_000 + 36_000_000)
    #expect(read[0].time == Int64(19_783) * 86_400_000 + 36_300_000)
  }

  @Test("A kind column says what a row is: purchase, ad, session, first_open; anything else is an event")
  func kindColumn() throws {
    var mapping = DelimitedLogMapping(user: .named("user"), time: .named("time"))
    mapping.delimiter = .tab
    mapping.event = .named("event")
    mapping.kind = .named("kind")
    mapping.revenue = .named("revenue")
    mapping.timeFormat = .epochSeconds
    let tsv = "user\ttime\tevent\tkind\trevenue\nu\t10\topen\tfirst_open\t\nu\t20\tbanner\tad\t0.01\nu\t30\tcoins\tpurchase\t1.99\nu\t40\tboss\tother\t\n"
    #expect(try rows(tsv, mapping).map(\.kind) == [.firstLaunch, .adRevenue, .purchase, .event])
  }

  @Test("A mapped column missing from the header is an error with a did-you-mean")
  func missingColumn() {
    var mapping = DelimitedLogMapping.appsFlyer
    mapping.user = .named("Appsflyer Id")
    let error = #expect(throws: ScenarioDiagnostic.self) {
      try rows("Event Time,Event Name,AppsFlyer ID\n2024-03-01 10:00:00,x,1\n", mapping)
    }
    #expect(error?.path == "user")
    #expect(error?.location == SourceLocation(line: 1, column: 1))
    #expect(error?.message == "expected a column named \"Appsflyer Id\" in the header, found none; did you mean \"AppsFlyer ID\"?")
  }

  @Test("A TSV read as comma-separated: the missing column is suggested as the delimiter that finds it, not a close name")
  func wrongDelimiterInHeader() {
    var mapping = DelimitedLogMapping(user: .named("player"), time: .named("ts"))
    mapping.timeFormat = .epochSeconds
    let error = #expect(throws: ScenarioDiagnostic.self) { try rows("player\tts\np-1\t10\n", mapping) }
    #expect(error?.path == "user")
    #expect(error?.location == SourceLocation(line: 1, column: 1))
    #expect(error?.message == "expected a column named \"player\" in the header, found none; the header has it split by tab: did you mean delimiter: \"tab\"?")
    mapping.delimiter = .tab
    let reverse = #expect(throws: ScenarioDiagnostic.self) { try rows("player,ts\np-1,10\n", mapping) }
    #expect(reverse?.message == "expected a column named \"player\" in the header, found none; the header has it split by comma: did you mean delimiter: \"comma\"?")
  }

  @Test("A mapping that reads a user's id as another field never quotes it: a log without its header, swapped columns, revenue on the user's")
  func identifiersNotQuoted() {
    var mapping = DelimitedLogMapping(user: .named("player"), time: .named("ts"))
    let noHeader = #expect(throws: ScenarioDiagnostic.self) { try rows("player-17,2025-09-01T10:00:00Z\n", mapping) }
    #expect(noHeader?.message == "expected a header naming the columns, found a row (field 2 is a time): add the header line, or set 'header': false and give the columns by position")
    (mapping.header, mapping.user, mapping.time) = (false, .position(2), .position(1))
    let swapped = #expect(throws: ScenarioDiagnostic.self) { try rows("player-17,2025-09-01T10:00:00Z\n", mapping) }
    #expect(swapped?.message == "expected a time after 1970 in the format iso8601, found no time here but one in the user column: are 'user' and 'time' swapped?")
    (mapping.user, mapping.time, mapping.revenue) = (.position(1), .position(2), .position(1))
    let revenue = #expect(throws: ScenarioDiagnostic.self) { try rows("player-17,2025-09-01T10:00:00Z\n", mapping) }
    #expect(revenue?.message == "expected a number, found the row's user identifier (not repeated: is this the user's column?)")
    for error in [noHeader, swapped, revenue] { #expect(error?.message.contains("player-17") == false) }
  }

  @Test("A file in another shape is named as such: a GA4 export read as a table, lines ending in a carriage return alone")
  func otherShapes() {
    let mapping = DelimitedLogMapping(user: .named("player"), time: .named("ts"))
    let json = #expect(throws: ScenarioDiagnostic.self) { try rows(#"{"event_name":"first_open","user_pseudo_id":"p-1"}"# + "\n", mapping) }
    #expect(json?.location == SourceLocation(line: 1, column: 1))
    #expect(json?.message == "expected a delimited table, found a JSON object: is this a GA4 export (format: \"ga4\")?")
    let carriageReturns = #expect(throws: ScenarioDiagnostic.self) { try rows("ts,player\r2025-09-01T10:00:00Z,p\r", mapping) }
    #expect(carriageReturns?.message == "expected lines ending in a line feed (\\n or \\r\\n), found carriage returns alone: convert the log's line endings")
  }

  @Test("Rows that do not fit: too few fields (a wrong delimiter), an unparsable time, revenue that is not a number, an empty user")
  func badRows() {
    var tsv = cdnow
    tsv.delimiter = .tab
    let wrongDelimiter = #expect(throws: ScenarioDiagnostic.self) { try rows("00001 19970101 1 11.77\n", tsv) }
    #expect(wrongDelimiter?.message == "expected 4 fields (delimiter: tab), found 1")
    let badTime = #expect(throws: ScenarioDiagnostic.self) { try rows("00001 19970101 1 1\n00001 1997-01-02 1 1\n", cdnow) }
    #expect(badTime?.location == SourceLocation(line: 2, column: 7))
    #expect(badTime?.path == "time")
    #expect(badTime?.message == "expected a time after 1970 in the format yyyyMMdd, found \"1997-01-02\"")
    let badRevenue = #expect(throws: ScenarioDiagnostic.self) { try rows("00001 19970101 1 $11.77\n", cdnow) }
    #expect(badRevenue?.message == "expected a number, found \"$11.77\"")
    var csv = cdnow
    csv.delimiter = .comma
    let noUser = #expect(throws: ScenarioDiagnostic.self) { try rows(",19970101,1,1\n", csv) }
    #expect(noUser?.message == "expected a user identifier, found an empty field")
  }

  @Test("A named column in a log without a header, and a time pattern it cannot follow, are refused before any row")
  func badMappings() {
    var named = cdnow
    named.user = .named("customer")
    let error = #expect(throws: ScenarioDiagnostic.self) { try rows("1 19970101 1 1\n", named) }
    #expect(error?.message == "expected a column position (#1, #2, …) as the log has no header, found the name \"customer\"")
    var pattern = cdnow
    pattern.timeFormat = .pattern("yyyyMMdd hh")
    #expect(throws: EventLogOpeningProblem.self) { try rows("1 19970101 1 1\n", pattern) }
  }
}
