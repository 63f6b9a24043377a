import AttributionSim
import Testing

@Suite("Epoch and ISO-8601 times")
struct EpochTests {
  @Test("ISO-8601 instants parse to Unix milliseconds, offsets included")
  func parsing() {
    #expect(Epoch(iso8601: "1970-01-01T00:00:00Z")?.unixMilliseconds == 0)
    #expect(Epoch(iso8601: "2026-03-02T00:00:00Z")?.unixMilliseconds == 1_772_409_600_000)
    #expect(Epoch(iso8601: "2026-03-02T01:00:00+01:00")?.unixMilliseconds == 1_772_409_600_000)
    #expect(Epoch(iso8601: "2026-03-02T00:00:00.250Z")?.unixMilliseconds == 1_772_409_600_250)
    #expect(Epoch(iso8601: "2026-03-02")?.unixMilliseconds == 1_772_409_600_000)
  }

  @Test("impossible dates and malformed text are rejected")
  func rejected() {
    for text in ["2026-02-29T00:00:00Z", "2026-13-01", "2026-03-02T24:00:00Z", "2026-03-02 00:00:00Z", "March 2nd", ""] {
      #expect(Epoch(iso8601: text) == nil, "\(text)")
    }
    #expect(Epoch(iso8601: "2024-02-29T00:00:00Z") != nil)
  }

  @Test("virtual times format as UTC with milliseconds, across month and leap-year ends")
  func formatting() throws {
    let epoch = try #require(Epoch(iso8601: "2024-02-28T23:59:59Z"))
    #expect(epoch.iso8601(after: 0) == "2024-02-28T23:59:59.000Z")
    #expect(epoch.iso8601(after: 1_001) == "2024-02-29T00:00:00.001Z")
    #expect(epoch.iso8601(after: 86_400_000 + 1_000) == "2024-03-01T00:00:00.000Z")
    #expect(Epoch(unixMilliseconds: -1).iso8601(after: 0) == "1969-12-31T23:59:59.999Z")
  }
}
