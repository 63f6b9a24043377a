import CommandLineKit
import Testing

@Suite("Numeric values: negative numbers are values, out-of-range numbers are usage errors")
struct NumericValueTests {
  @Test("A negative number after an option is its value, not a missing value", arguments: ["-1", "-2.5", "-.5", "-1e3"])
  func negativeValue(_ word: String) throws {
    let parsed = try #require(Fixture.command(["run", "--seed", word, "s.json"]))
    #expect(parsed.value(of: "seed") == word)
    #expect(parsed.argument(named: "scenario") == "s.json")
  }

  @Test("A negative number is a positional value too, and words that only start like one stay options")
  func negativePositional() throws {
    let parsed = try #require(Fixture.command(["validate", "-7", "a.json"]))
    #expect(parsed.arguments(named: "scenarios") == ["-7", "a.json"])
    #expect(Fixture.usageError(["run", "s.json", "--seed", "-inf"])?.message == "Missing value for '--seed <n>'")
    #expect(Fixture.usageError(["validate", "-1x"])?.message == "Unknown option '-1x'")
  }

  @Test("integer(_:in:) takes values within its range and names the range otherwise")
  func integerRange() throws {
    let inside = try #require(Fixture.command(["run", "s.json", "--seed", "0"]))
    #expect(try inside.integer("seed", in: 0...9) == 0)
    #expect(try #require(Fixture.command(["run", "s.json"])).integer("seed", in: 0...9) == nil)
    for word in ["-1", "10", "99999999999999999999", "1.5", "x"] {
      let parsed = try #require(Fixture.command(["run", "s.json", "--seed", word]))
      #expect(throws: UsageError("The value '\(word)' is invalid for '--seed <n>': expected an integer from 0 to 9", commandPath: ["run"])) {
        try parsed.integer("seed", in: 0...9)
      }
    }
  }

  @Test("number(_:in:) takes finite values within its range and names the range and unit otherwise")
  func numberRange() throws {
    let inside = try #require(Fixture.command(["run", "s.json", "--seed", "2.5"]))
    #expect(try inside.number("seed", in: 0.5...3_600, unit: "seconds") == 2.5)
    for word in ["-3", "0", "3601", "nan", "inf", "1e300"] {
      let parsed = try #require(Fixture.command(["run", "s.json", "--seed", word]))
      let message = "The value '\(word)' is invalid for '--seed <n>': expected a number from 0.5 to 3600 seconds"
      #expect(throws: UsageError(message, commandPath: ["run"])) {
        try parsed.number("seed", in: 0.5...3_600, unit: "seconds")
      }
    }
  }
}
