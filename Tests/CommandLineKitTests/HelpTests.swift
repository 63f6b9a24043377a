import CommandLineKit
import Testing

@Suite("Help and version")
struct HelpTests {
  static let toolHelp = """
    OVERVIEW: Simulate mobile ad attribution end to end.

    USAGE: attrsim <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      run                     Run a scenario and write its postbacks, conversions
                              and summary.
      validate                Check scenario files without running them.
      sweep                   Run a scenario across a range of seeds.

      See 'attrsim help <subcommand>' for detailed help.
    """

  static let runHelp = """
    OVERVIEW: Run a scenario and write its postbacks, conversions and summary.

    USAGE: attrsim run <scenario> [--seed <n>] [--out <dir>]

    ARGUMENTS:
      <scenario>              The scenario file to run.

    OPTIONS:
      --seed <n>              Override the scenario's seed.
      -o, --out <dir>         Output folder. (default: Reports/<scenario-name>/)
      -h, --help              Show help information.
    """

  @Test("--help and -h before any subcommand show the tool help")
  func toolHelp() {
    #expect(Fixture.tool.parse(["--help"]) == .help(Self.toolHelp))
    #expect(Fixture.tool.parse(["-h"]) == .help(Self.toolHelp))
    #expect(Fixture.tool.parse(["--help", "run"]) == .help(Self.toolHelp))
  }

  @Test("'help' alone shows the tool help")
  func helpCommandAlone() {
    #expect(Fixture.tool.parse(["help"]) == .help(Self.toolHelp))
  }

  @Test("No arguments is a usage error rendered as the tool help")
  func noArguments() throws {
    let error = try #require(Fixture.usageError([]))
    #expect(error.showsHelp)
    #expect(error.rendered(for: Fixture.tool) == Self.toolHelp)
  }

  @Test("Command help lists arguments and options with help at column 26")
  func commandHelp() {
    #expect(Fixture.tool.parse(["run", "--help"]) == .help(Self.runHelp))
  }

  @Test("'help run' shows the same help as 'run --help'")
  func helpCommandForSubcommand() {
    #expect(Fixture.tool.parse(["help", "run"]) == .help(Self.runHelp))
  }

  @Test("--help anywhere after the subcommand wins over other mistakes")
  func helpAnywhere() {
    #expect(Fixture.tool.parse(["run", "a.json", "--sed", "x", "-h"]) == .help(Self.runHelp))
    #expect(Fixture.tool.parse(["run", "--out", "--help"]) == .help(Self.runHelp))
  }

  @Test("--help after -- is a positional value, not a request for help")
  func helpAfterTerminator() throws {
    let parsed = try #require(Fixture.command(["run", "--", "--help"]))
    #expect(parsed.argument(named: "scenario") == "--help")
  }

  @Test("Long help wraps at 80 columns, long labels put help on the next line")
  func wrapping() {
    let expected = """
      OVERVIEW: Run a scenario across a range of seeds.

      Each seed runs independently and writes its own folder; the sweep then compares
      the summaries and reports how much each metric moves between seeds.

      USAGE: attrsim sweep <scenario> [<baseline>] [--runs <count>] [--conversion-window <hours>] [--json]

      ARGUMENTS:
        <scenario>              The scenario file to run.
        <baseline>              A summary to compare against.

      OPTIONS:
        -n, --runs <count>      How many seeds to run, starting from the scenario's
                                own seed and counting up by one each time. (default:
                                10)
        --conversion-window <hours>
                                Hours after install during which conversions count.
        --json                  Print the comparison as JSON.
        -h, --help              Show help information.
      """
    #expect(Fixture.tool.parse(["help", "sweep"]) == .help(expected))
    #expect(Fixture.tool.helpText(for: ["sweep"]) == expected)
  }

  @Test("Every help line fits in 80 columns")
  func width() {
    for path in [[], ["run"], ["validate"], ["sweep"]] {
      let lines = Fixture.tool.helpText(for: path).split(separator: "\n")
      // Usage lines are never wrapped, as in argument-parser.
      for line in lines where !line.hasPrefix("USAGE") {
        #expect(line.count <= 80, "\(path): \(line)")
      }
    }
  }

  @Test("--version prints the version")
  func version() {
    #expect(Fixture.tool.parse(["--version"]) == .version("0.3.0"))
  }

  @Test("A tool without a version offers no --version")
  func noVersion() throws {
    let tool = ToolSpec(name: "tiny", commands: [Fixture.run])
    guard case .help(let help) = tool.parse(["--help"]) else {
      Issue.record("expected help")
      return
    }
    #expect(!help.contains("--version"))
    guard case .usageError(let error) = tool.parse(["--version"]) else {
      Issue.record("expected a usage error")
      return
    }
    #expect(error.message == "Unknown option '--version'")
  }
}
