import CommandLineKit
import Testing

/// A tool with a command group, like `attrsim schema lint|explain`.
private let tool = ToolSpec(
  name: "attrsim", version: "0.3.0",
  commands: [
    Fixture.run,
    CommandSpec(
      name: "schema", abstract: "Check or explain schemas.",
      subcommands: [
        CommandSpec(
          name: "lint", abstract: "Lint schemas.", arguments: [ArgumentSpec(name: "schemas", isRepeating: true)],
          options: [OptionSpec(name: "scenario", valueName: "file", help: "Check events against this scenario.")]),
        CommandSpec(name: "explain", abstract: "Explain schemas.", arguments: [ArgumentSpec(name: "schemas", isRepeating: true)]),
      ]),
  ])

@Suite("Nested subcommands")
struct NestedCommandTests {
  static let lintHelp = """
    OVERVIEW: Lint schemas.

    USAGE: attrsim schema lint <schemas> ... [--scenario <file>]

    ARGUMENTS:
      <schemas> ...

    OPTIONS:
      --scenario <file>       Check events against this scenario.
      -h, --help              Show help information.
    """

  static let groupHelp = """
    OVERVIEW: Check or explain schemas.

    USAGE: attrsim schema <subcommand>

    OPTIONS:
      -h, --help              Show help information.

    SUBCOMMANDS:
      lint                    Lint schemas.
      explain                 Explain schemas.

      See 'attrsim help schema <subcommand>' for detailed help.
    """

  @Test("A nested command parses with its full path and its own options")
  func parsesNested() throws {
    guard case .command(let parsed) = tool.parse(["schema", "lint", "a.json", "--scenario", "s.json"]) else {
      Issue.record("expected a command")
      return
    }
    #expect(parsed.commandPath == ["schema", "lint"])
    #expect(parsed.name == "lint")
    #expect(parsed.arguments(named: "schemas") == ["a.json"])
    #expect(parsed.values(of: "scenario") == ["s.json"])
  }

  @Test("'help schema lint' shows the nested command's help, the same as '--help' after it")
  func helpForNested() {
    #expect(tool.parse(["help", "schema", "lint"]) == .help(Self.lintHelp))
    #expect(tool.parse(["schema", "lint", "--help"]) == .help(Self.lintHelp))
    #expect(tool.parse(["schema", "lint", "x", "-h"]) == .help(Self.lintHelp))
  }

  @Test("'help schema' and 'schema --help' list the group's subcommands")
  func helpForGroup() {
    #expect(tool.parse(["help", "schema"]) == .help(Self.groupHelp))
    #expect(tool.parse(["schema", "--help"]) == .help(Self.groupHelp))
  }

  @Test("A group without its subcommand answers with the group's help, as an error")
  func missingNested() throws {
    let error = try #require(usageError(["schema"]))
    #expect(error.showsHelp)
    #expect(error.rendered(for: tool) == Self.groupHelp)
  }

  @Test("An unknown nested subcommand suggests the closest one and shows the group's usage")
  func unknownNested() throws {
    let error = try #require(usageError(["schema", "lnt", "a.json"]))
    #expect(
      error.rendered(for: tool) == """
        Error: Unknown subcommand 'lnt'
        Did you mean 'lint'?
        Usage: attrsim schema <subcommand>
          See 'attrsim schema --help' for more information.
        """)
    #expect(usageError(["help", "schema", "lnt"])?.suggestion == "lint")
  }

  @Test("An unknown nested subcommand with none close lists the group's subcommands")
  func unknownNestedListsThem() throws {
    let error = try #require(usageError(["schema", "check", "a.json"]))
    #expect(error.message.hasPrefix("Unknown subcommand 'check' (subcommands: lint"), "\(error.message)")
    #expect(error.suggestion == nil)
  }

  @Test("A nested command's errors name its full path; its sibling's options are unknown to it")
  func errorsNamePath() throws {
    let error = try #require(usageError(["schema", "explain", "a.json", "--scenario", "s.json"]))
    #expect(
      error.rendered(for: tool) == """
        Error: Unknown option '--scenario'
        Usage: attrsim schema explain <schemas> ...
          See 'attrsim schema explain --help' for more information.
        """)
  }

  @Test("'help' past a command with no subcommands is an unexpected argument")
  func helpTooDeep() {
    #expect(usageError(["help", "schema", "lint", "extra"])?.message == "Unexpected argument 'extra'")
    #expect(usageError(["help", "run", "x"])?.message == "Unexpected argument 'x'")
  }

  @Test("Command paths list every command depth first")
  func commandPaths() {
    #expect(tool.commandPaths == [["run"], ["schema"], ["schema", "lint"], ["schema", "explain"]])
  }

  private func usageError(_ arguments: [String]) -> UsageError? {
    guard case .usageError(let error) = tool.parse(arguments) else { return nil }
    return error
  }
}
