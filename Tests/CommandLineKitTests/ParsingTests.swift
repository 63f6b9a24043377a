import CommandLineKit
import Testing

@Suite("Parsing values")
struct ParsingTests {
  @Test("Options take a value after a space or an equals sign, short names after a space")
  func optionForms() throws {
    let parsed = try #require(Fixture.command(["run", "s.json", "--seed=5", "-o", "x"]))
    #expect(parsed.name == "run")
    #expect(parsed.commandPath == ["run"])
    #expect(parsed.argument(named: "scenario") == "s.json")
    #expect(parsed.value(of: "seed") == "5")
    #expect(parsed.value(of: "out") == "x")

    let spaced = try #require(Fixture.command(["run", "--seed", "7", "--out", "y", "s.json"]))
    #expect(spaced.value(of: "seed") == "7")
    #expect(spaced.value(of: "out") == "y")
    #expect(spaced.argument(named: "scenario") == "s.json")
  }

  @Test("An option left out has no value")
  func optionLeftOut() throws {
    let parsed = try #require(Fixture.command(["run", "s.json"]))
    #expect(parsed.value(of: "seed") == nil)
    #expect(parsed.values(of: "seed").isEmpty)
    #expect(try parsed.integer("seed") == nil)
  }

  @Test("A repeated option keeps every value and the last one wins")
  func repeatedOptions() throws {
    let parsed = try #require(
      Fixture.command(["validate", "a.json", "--schema", "A", "b.json", "--schema=B"]))
    #expect(parsed.values(of: "schema") == ["A", "B"])
    #expect(parsed.value(of: "schema") == "B")
    #expect(parsed.arguments(named: "scenarios") == ["a.json", "b.json"])
  }

  @Test("-- ends options: later words are positional even when they start with a dash")
  func terminator() throws {
    let parsed = try #require(Fixture.command(["run", "--seed", "1", "--", "--out"]))
    #expect(parsed.argument(named: "scenario") == "--out")
    #expect(parsed.value(of: "out") == nil)

    let many = try #require(Fixture.command(["validate", "--json", "--", "-a.json", "--", "-q"]))
    #expect(many.arguments(named: "scenarios") == ["-a.json", "--", "-q"])
    #expect(many.flag("json"))
    #expect(!many.flag("quiet"))
  }

  @Test("Flags are true when given, by long or short name")
  func flags() throws {
    let parsed = try #require(Fixture.command(["validate", "-q", "a.json", "--json"]))
    #expect(parsed.flag("json"))
    #expect(parsed.flag("quiet"))
    let plain = try #require(Fixture.command(["validate", "a.json"]))
    #expect(!plain.flag("json"))
  }

  @Test("-- before the subcommand is allowed")
  func terminatorBeforeSubcommand() throws {
    let parsed = try #require(Fixture.command(["--", "run", "s.json"]))
    #expect(parsed.argument(named: "scenario") == "s.json")
  }

  @Test("A lone dash is a value, as for standard input")
  func loneDash() throws {
    let parsed = try #require(Fixture.command(["run", "-", "--out", "-"]))
    #expect(parsed.argument(named: "scenario") == "-")
    #expect(parsed.value(of: "out") == "-")
  }

  @Test("An optional positional may be left out")
  func optionalPositional() throws {
    let without = try #require(Fixture.command(["sweep", "s.json"]))
    #expect(without.argument(named: "baseline") == nil)
    #expect(without.arguments(named: "baseline").isEmpty)
    let with = try #require(Fixture.command(["sweep", "s.json", "base.json"]))
    #expect(with.argument(named: "baseline") == "base.json")
  }

  @Test("A repeating positional leaves one word for each required positional after it")
  func repeatingBeforeRequired() throws {
    let copy = CommandSpec(
      name: "copy",
      arguments: [
        ArgumentSpec(name: "sources", isRepeating: true), ArgumentSpec(name: "destination"),
      ])
    let tool = ToolSpec(name: "tool", commands: [copy])
    guard case .command(let parsed) = tool.parse(["copy", "a", "b", "c"]) else {
      Issue.record("expected a command")
      return
    }
    #expect(parsed.arguments(named: "sources") == ["a", "b"])
    #expect(parsed.argument(named: "destination") == "c")
  }

  @Test("An optional repeating positional accepts no values")
  func optionalRepeating() {
    let list = CommandSpec(
      name: "list", arguments: [ArgumentSpec(name: "filters", isRepeating: true, isOptional: true)])
    let tool = ToolSpec(name: "tool", commands: [list])
    guard case .command(let parsed) = tool.parse(["list"]) else {
      Issue.record("expected a command")
      return
    }
    #expect(parsed.arguments(named: "filters").isEmpty)
  }

  @Test("integer(_:) and positiveInteger(_:) convert valid values")
  func integers() throws {
    let parsed = try #require(Fixture.command(["sweep", "s.json", "--runs", "12"]))
    #expect(try parsed.integer("runs") == 12)
    #expect(try parsed.positiveInteger("runs") == 12)
    let negative = try #require(Fixture.command(["sweep", "s.json", "--runs=-3"]))
    #expect(try negative.integer("runs") == -3)
  }

  @Test("Exit statuses follow sysexits.h")
  func exitStatus() {
    #expect(ExitStatus.success.rawValue == 0)
    #expect(ExitStatus.failure.rawValue == 1)
    #expect(ExitStatus.usage.rawValue == 64)
    #expect(ExitStatus.dataError.rawValue == 65)
    #expect(ExitStatus.ioError.rawValue == 74)
  }

  @Test("Reading an undeclared name is a programmer error")
  func undeclaredName() async {
    await #expect(processExitsWith: .failure) {
      guard case .command(let parsed) = Fixture.tool.parse(["run", "s.json"]) else { return }
      _ = parsed.value(of: "sed")
    }
  }
}
