import Testing
import SimEngine

@Suite("Duration notation")
struct DurationNotationTests {
  @Test("single units parse to milliseconds", arguments: [
    ("250ms", 250), ("90s", 90_000), ("15m", 900_000), ("36h", 129_600_000), ("2d", 172_800_000),
    ("1w", 604_800_000), ("0s", 0),
  ] as [(String, Int64)])
  func singleUnits(text: String, milliseconds: Int64) throws {
    #expect(try DurationNotation.parse(text) == .milliseconds(milliseconds))
  }

  @Test("compound durations add their parts, largest unit first")
  func compound() throws {
    #expect(try DurationNotation.parse("1d12h") == .hours(36))
    #expect(try DurationNotation.parse("2h30m15s500ms") == .milliseconds(9_015_500))
  }

  @Test("malformed durations are rejected with the reason")
  func rejected() {
    #expect(throws: DurationNotation.ParseError.empty) { try DurationNotation.parse("") }
    #expect(throws: DurationNotation.ParseError.missingUnit("90")) { try DurationNotation.parse("90") }
    #expect(throws: DurationNotation.ParseError.unknownUnit("y")) { try DurationNotation.parse("2y") }
    #expect(throws: DurationNotation.ParseError.unitOutOfOrder("h")) { try DurationNotation.parse("5m1h") }
    #expect(throws: DurationNotation.ParseError.malformed("1.5h")) { try DurationNotation.parse("1.5h") }
    #expect(throws: DurationNotation.ParseError.malformed("-2d")) { try DurationNotation.parse("-2d") }
    #expect(throws: DurationNotation.ParseError.overflow) { try DurationNotation.parse("99999999999999d") }
  }

  @Test("formatting writes the fewest parts and parses back")
  func formatting() throws {
    #expect(SimDuration.hours(36).description == "1d12h")
    #expect(SimDuration.milliseconds(90_500).description == "1m30s500ms")
    #expect(SimDuration.zero.description == "0s")
    for text in ["1d12h", "45m", "3d2h1m7s9ms"] {
      #expect(try DurationNotation.parse(text).description == text)
    }
  }
}
