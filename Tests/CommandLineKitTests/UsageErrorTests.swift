import CommandLineKit
import Testing

@Suite("Usage errors")
struct UsageErrorTests {
  static let runUsage = """
    Usage: attrsim run <scenario> [--seed <n>] [--out <dir>]
      See 'attrsim run --help' for more information.
    """

  static let toolUsage = """
    Usage: attrsim <subcommand>
      See 'attrsim --help' for more information.
    """

  @Test("An unknown option close to a declared one suggests it")
  func unknownOptionWithSuggestion() {
    let expected = """
      Error: Unknown option '--sed'
      Did you mean '--seed'?
      Usage: attrsim run <scenario> [--seed <n>] [--out <dir>]
        See 'attrsim run --help' for more information.
      """
    #expect(Fixture.renderedError(["run", "s.json", "--sed", "5"]) == expected)
    #expect(Fixture.renderedError(["run", "s.json", "--sed=5"]) == expected)
  }

  @Test("An unknown option with nothing close has no suggestion line")
  func unknownOptionWithoutSuggestion() {
    #expect(
      Fixture.renderedError(["run", "s.json", "--verbose"])
        == "Error: Unknown option '--verbose'\n" + Self.runUsage)
    #expect(
      Fixture.renderedError(["run", "s.json", "-x"])
        == "Error: Unknown option '-x'\n" + Self.runUsage)
  }

  @Test("An unknown option that a declared one begins, or that begins one, suggests it: --output is --out")
  func unknownOptionByPrefix() {
    #expect(Fixture.usageError(["run", "s.json", "--output", "x"])?.suggestion == "--out")
    #expect(Fixture.usageError(["run", "s.json", "--se", "5"])?.suggestion == nil, "two letters are too few to go on")
  }

  @Test("The error keeps its parts for callers that render their own way")
  func parts() throws {
    let error = try #require(Fixture.usageError(["run", "s.json", "--sed", "5"]))
    #expect(error.message == "Unknown option '--sed'")
    #expect(error.suggestion == "--seed")
    #expect(error.commandPath == ["run"])
    #expect(!error.showsHelp)
  }

  @Test("A single-dash long name suggests the double-dash spelling")
  func singleDashLongName() throws {
    let error = try #require(Fixture.usageError(["run", "s.json", "-seed", "5"]))
    #expect(error.message == "Unknown option '-seed'")
    #expect(error.suggestion == "--seed")
  }

  @Test("Only long options take an attached value")
  func shortOptionWithEquals() {
    #expect(
      Fixture.renderedError(["run", "s.json", "-o=x"])
        == "Error: Unknown option '-o=x'\n" + Self.runUsage)
  }

  @Test("--help and --version given a value are errors, not requests")
  func helpWithValue() {
    #expect(
      Fixture.renderedError(["run", "s.json", "--help=1"])
        == "Error: The option '--help' does not take any value, but '1' was specified.\n"
        + Self.runUsage)
    #expect(
      Fixture.renderedError(["--version=2"])
        == "Error: The option '--version' does not take any value, but '2' was specified.\n"
        + Self.toolUsage)
  }

  @Test("'help' takes one subcommand name")
  func helpWithExtraWords() {
    #expect(
      Fixture.renderedError(["help", "run", "extra"])
        == "Error: Unexpected argument 'extra'\n" + Self.toolUsage)
  }

  @Test("A tool-level unknown option uses the tool's usage")
  func toolLevelUnknownOption() {
    let expected = """
      Error: Unknown option '--verison'
      Did you mean '--version'?
      Usage: attrsim <subcommand>
        See 'attrsim --help' for more information.
      """
    #expect(Fixture.renderedError(["--verison"]) == expected)
  }

  @Test("--version after a subcommand is an unknown option of that subcommand")
  func versionAfterSubcommand() {
    #expect(
      Fixture.renderedError(["run", "s.json", "--version"])
        == "Error: Unknown option '--version'\n" + Self.runUsage)
  }

  @Test("An unknown subcommand suggests the closest one")
  func unknownSubcommand() {
    let expected = """
      Error: Unknown subcommand 'rnu'
      Did you mean 'run'?
      Usage: attrsim <subcommand>
        See 'attrsim --help' for more information.
      """
    #expect(Fixture.renderedError(["rnu", "s.json"]) == expected)
  }

  @Test("'help' for an unknown subcommand is a usage error with a suggestion, or the list of subcommands when none is close")
  func helpForUnknownSubcommand() {
    let expected = """
      Error: Unknown subcommand 'valdate'
      Did you mean 'validate'?
      Usage: attrsim <subcommand>
        See 'attrsim --help' for more information.
      """
    #expect(Fixture.renderedError(["help", "valdate"]) == expected)
    #expect(
      Fixture.renderedError(["help", "nope"])
        == "Error: Unknown subcommand 'nope' (subcommands: run, validate, sweep, help)\n" + Self.toolUsage)
  }

  @Test("An option followed by another option is missing its value")
  func missingValue() {
    let expected = "Error: Missing value for '--out <dir>'\n" + Self.runUsage
    #expect(Fixture.renderedError(["run", "s.json", "--out", "--seed", "5"]) == expected)
    #expect(Fixture.renderedError(["run", "s.json", "-o"]) == expected)
  }

  @Test("A missing positional names it")
  func missingPositional() {
    #expect(
      Fixture.renderedError(["run", "--seed", "5"])
        == "Error: Missing expected argument '<scenario>'\n" + Self.runUsage)
  }

  @Test("A missing repeating positional names it with its ellipsis")
  func missingRepeatingPositional() {
    let expected = """
      Error: Missing expected argument '<scenarios> ...'
      Usage: attrsim validate <scenarios> ... [--schema <file>] [--json] [--quiet]
        See 'attrsim validate --help' for more information.
      """
    #expect(Fixture.renderedError(["validate", "--json"]) == expected)
  }

  @Test("Extra positionals are unexpected")
  func extraPositionals() {
    #expect(
      Fixture.renderedError(["run", "s.json", "x"])
        == "Error: Unexpected argument 'x'\n" + Self.runUsage)
    #expect(
      Fixture.renderedError(["run", "s.json", "x", "y"])
        == "Error: 2 unexpected arguments: 'x', 'y'\n" + Self.runUsage)
  }

  @Test("A flag given a value is an error")
  func flagWithValue() {
    let expected = """
      Error: The option '--json' does not take any value, but '1' was specified.
      Usage: attrsim validate <scenarios> ... [--schema <file>] [--json] [--quiet]
        See 'attrsim validate --help' for more information.
      """
    #expect(Fixture.renderedError(["validate", "a.json", "--json=1"]) == expected)
  }

  @Test("A value that is not an integer is invalid for its option")
  func badInteger() throws {
    let parsed = try #require(Fixture.command(["run", "s.json", "--seed", "abc"]))
    let error = try #require(throws: UsageError.self) { try parsed.integer("seed") }
    #expect(
      error.rendered(for: Fixture.tool)
        == "Error: The value 'abc' is invalid for '--seed <n>'\n" + Self.runUsage)
  }

  @Test("Zero or less is invalid for a positive integer, quoted as typed")
  func nonPositiveInteger() throws {
    let parsed = try #require(Fixture.command(["sweep", "s.json", "--runs", "00"]))
    let error = try #require(throws: UsageError.self) { try parsed.positiveInteger("runs") }
    #expect(
      error.message
        == "The value '00' is invalid for '--runs <count>': must be a positive integer")
    #expect(error.commandPath == ["sweep"])
    let text = try #require(Fixture.command(["sweep", "s.json", "-n", "many"]))
    let expected = UsageError(
      "The value 'many' is invalid for '--runs <count>'", commandPath: ["sweep"])
    #expect(throws: expected) {
      try text.positiveInteger("runs")
    }
  }

  @Test("Commands can report their own usage errors with their usage line")
  func commandOwnError() throws {
    let parsed = try #require(Fixture.command(["run", "s.json"]))
    #expect(
      parsed.usageError("'--out' must be a folder").rendered(for: Fixture.tool)
        == "Error: '--out' must be a folder\n" + Self.runUsage)
  }
}
