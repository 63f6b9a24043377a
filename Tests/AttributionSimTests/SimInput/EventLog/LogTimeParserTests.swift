import AttributionSim
import Testing

@testable import SimInput

/// Event-log times read as milliseconds since 1970-01-01T00:00:00Z: each format, time zones,
/// impossible dates, and times before the epoch.
@Suite("Event logs: times")
struct LogTimeParserTests {
  private func ms(_ text: String, _ format: LogTimeFormat, zone: LogTimeZone = .utc) throws -> Int64? {
    try LogTimeParser(format: format, zone: zone).milliseconds(text)
  }

  @Test("Civil dates count days from 1970-01-01 (2000-03-01 is day 11,017; 1969-12-31 is day −1)")
  func civilDays() {
    #expect(LogTimeParser.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
    #expect(LogTimeParser.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
    #expect(LogTimeParser.daysFromCivil(year: 1969, month: 12, day: 31) == -1)
  }

  @Test("ISO 8601: Z, offsets, fractions, a space for T, a date alone")
  func iso8601() throws {
    // 2024-03-01 is day 19,783.
    let midnight: Int64 = 19_783 * 86_400_000
    #expect(try ms("2024-03-01T12:30:00Z", .iso8601) == midnight + 45_000_000)
    #expect(try ms("2024-03-01 12:30:00.25Z", .iso8601) == midnight + 45_000_250)
    #expect(try ms("2024-03-01T12:30:00.123456+05:30", .iso8601) == midnight + 45_000_123 - 19_800_000)
    #expect(try ms("2024-03-01T12:30-0100", .iso8601) == midnight + 45_000_000 + 3_600_000)
    #expect(try ms("2024-03-01", .iso8601) == midnight)
    // Without an offset the log's zone applies.
    #expect(try ms("2024-03-01T00:00:00", .iso8601, zone: .fixed(secondsEast: 3_600)) == midnight - 3_600_000)
  }

  @Test("Patterns: CDNOW's yyyyMMdd, US month-first dates, milliseconds; fields left out are zero")
  func patterns() throws {
    #expect(try ms("19970101", .pattern("yyyyMMdd")) == 852_076_800_000)
    #expect(try ms("03/01/2024 12:30", .pattern("MM/dd/yyyy HH:mm")) == 19_783 * 86_400_000 + 45_000_000)
    #expect(try ms("2024-03-01T00:00:01.500", .pattern("yyyy-MM-ddTHH:mm:ss.SSS")) == 19_783 * 86_400_000 + 1_500)
  }

  @Test("Impossible dates and clocks, trailing text and times before 1970 are not times")
  func refusals() throws {
    #expect(try ms("2023-02-29", .iso8601) == nil)
    #expect(try ms("2024-02-29", .iso8601) != nil)
    #expect(try ms("2024-04-31", .iso8601) == nil)
    #expect(try ms("2024-13-01", .iso8601) == nil)
    #expect(try ms("2024-03-01T24:00:00Z", .iso8601) == nil)
    #expect(try ms("2024-03-01T12:00:00Zjunk", .iso8601) == nil)
    #expect(try ms("1969-12-31T23:59:59Z", .iso8601) == nil)
    #expect(try ms("-5", .epochSeconds) == nil)
    #expect(try ms("20240301x", .pattern("yyyyMMdd")) == nil)
    #expect(try ms("", .epochMilliseconds) == nil)
  }

  @Test("Epoch numbers: seconds with a fraction, milliseconds, GA4's microseconds")
  func epochs() throws {
    #expect(try ms("1709296200", .epochSeconds) == 1_709_296_200_000)
    #expect(try ms("1709296200.0257", .epochSeconds) == 1_709_296_200_025)
    #expect(try ms("1709296200025", .epochMilliseconds) == 1_709_296_200_025)
    #expect(try ms("1709296200025999", .epochMicroseconds) == 1_709_296_200_025)
    #expect(try ms("1.5e9", .epochSeconds) == nil)
  }

  @Test("Named zones follow daylight saving time: New York is UTC−4 in July and UTC−5 in January")
  func namedZone() throws {
    let zone = LogTimeZone.named("America/New_York")
    #expect(try ms("2024-07-01T12:00:00", .iso8601, zone: zone) == (try ms("2024-07-01T16:00:00Z", .iso8601)))
    #expect(try ms("2024-01-15T12:00:00", .iso8601, zone: zone) == (try ms("2024-01-15T17:00:00Z", .iso8601)))
  }

  @Test("A pattern with an unknown letter or without a date, and an unknown zone, are refused with the reason")
  func badSettings() {
    #expect(throws: LogSettingProblem("the time pattern \"yyyy-MM-dd hh\" has \"h\": expected yyyy, MM, dd, HH, mm, ss, SSS, T or punctuation")) {
      try LogTimeParser(format: .pattern("yyyy-MM-dd hh"))
    }
    #expect(throws: LogSettingProblem("the time pattern \"HH:mm\" has no yyyy: expected at least yyyy, MM and dd")) {
      try LogTimeParser(format: .pattern("HH:mm"))
    }
    #expect(throws: LogSettingProblem("expected an IANA time zone such as \"Europe/Paris\", found \"Mars/Olympus\"")) {
      try LogTimeParser(format: .iso8601, zone: .named("Mars/Olympus"))
    }
  }
}
