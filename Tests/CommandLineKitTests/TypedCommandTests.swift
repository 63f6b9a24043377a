import CommandLineKit
import Testing

/// A command declared as a type, with an option of every kind the kit reads.
private struct Greet: Command {
  enum Tone: String, CaseIterable, Sendable {
    case plain
    case loud
  }

  static let person = ArgumentDeclaration(name: "person", help: "Who to greet.", parsing: .text)
  static let times = OptionDeclaration(name: "times", short: "n", valueName: "n", help: "How often.", parsing: .integer(in: 1...9))
  static let tone = OptionDeclaration(name: "tone", valueName: "plain|loud", help: "How.", parsing: ValueParser<Tone>.oneOf)
  static let out = OptionDeclaration(name: "out", valueName: "file", help: "Where.", parsing: .outputPath)
  static let pause = OptionDeclaration(name: "pause", valueName: "s", help: "Between.", parsing: .number(in: 0...60, unit: "seconds"))
  static let tag = OptionDeclaration(name: "tag", valueName: "text", help: "A tag (repeatable).", parsing: .text)
  static let quiet = FlagDeclaration(name: "quiet", short: "q", help: "Say nothing.")

  static let configuration = CommandSpec(
    name: "greet", abstract: "Greet someone.", arguments: [person.spec],
    options: [times.spec, tone.spec, out.spec, pause.spec, tag.spec], flags: [quiet.spec])

  let person: String
  let times: Int?
  let tone: Tone
  let out: String?
  let pause: Double?
  let tags: [String]
  let quiet: Bool

  init(_ values: inout CommandValues) throws(UsageError) {
    person = try values.read(Self.person)
    times = try values.read(Self.times)
    tone = try values.read(Self.tone) ?? .plain
    out = try values.read(Self.out)
    pause = try values.read(Self.pause)
    tags = try values.readAll(Self.tag)
    quiet = values.read(Self.quiet)
  }

  func run() -> CommandLineKit.ExitStatus {
    .success
  }
}

/// A nested command whose status tells the dispatch reached it.
private struct Reset: Command {
  static let configuration = CommandSpec(name: "reset", abstract: "Start again.")

  init(_ values: inout CommandValues) throws(UsageError) {}

  func run() -> CommandLineKit.ExitStatus {
    .failure
  }
}

private var tree: CommandTree {
  CommandTree([
    .command(Greet.self),
    .group(name: "admin", abstract: "Administer.", entries: [.command(Reset.self)]),
  ])
}
private let tool = ToolSpec(name: "tool", commands: tree.specs)

@Suite("Commands as types: typed declarations, read once, dispatched by path")
struct TypedCommandTests {
  /// The values of a command line the parser accepts.
  private static func values(_ words: [String]) throws -> CommandValues {
    guard case .command(let parsed) = tool.parse(words) else {
      Issue.record("'\(words.joined(separator: " "))' does not parse")
      throw UsageError("does not parse")
    }
    return CommandValues(parsed)
  }

  @Test("Each declaration is read as its type: integers, enumerations, numbers, paths, repeated texts, flags")
  func typedValues() throws {
    var values = try Self.values([
      "greet", "ada", "-n", "3", "--tone", "loud", "--out", "a.txt", "--pause=0.5", "--tag", "x", "--tag", "y", "-q",
      "--times", "4",
    ])
    let greet = try Greet(&values)
    #expect(greet.person == "ada")
    // The last of a repeated single-valued option wins; a repeatable one keeps every value in order.
    #expect(greet.times == 4)
    #expect(greet.tone == .loud)
    #expect(greet.out == "a.txt")
    #expect(greet.pause == 0.5)
    #expect(greet.tags == ["x", "y"])
    #expect(greet.quiet)
    #expect(values.unread.isEmpty)

    var defaults = try Self.values(["greet", "bo"])
    let plain = try Greet(&defaults)
    #expect(plain.times == nil && plain.tone == .plain && plain.out == nil && plain.pause == nil)
    #expect(plain.tags.isEmpty && !plain.quiet)
  }

  @Test("A value of the wrong kind is refused with the option's synopsis, or its name where the reason lists the values", arguments: [
    (["--times", "x"], "The value 'x' is invalid for '--times <n>': expected an integer from 1 to 9"),
    (["-n", "0"], "The value '0' is invalid for '--times <n>': expected an integer from 1 to 9"),
    (["--tone", "shout"], "The value 'shout' is invalid for '--tone': expected plain or loud"),
    (["--out", ""], "The value '' is invalid for '--out': expected a path, not an empty string"),
    (["--out", " \t"], "The value ' \t' is invalid for '--out': expected a path, not an empty string"),
    (["--pause", "nan"], "The value 'nan' is invalid for '--pause <s>': expected a number from 0 to 60 seconds"),
  ])
  func refusals(words: [String], message: String) throws {
    var values = try Self.values(["greet", "ada"] + words)
    #expect(throws: UsageError(message, commandPath: ["greet"])) { try Greet(&values) }
  }

  @Test("An enumeration's values are what shells complete, unless the declaration says otherwise")
  func enumerationCompletion() {
    #expect(Greet.tone.spec.completion == .values(["plain", "loud"]))
    #expect(Greet.out.spec.completion == .file)
    let named = OptionDeclaration(name: "mode", valueName: "m", completion: ValueCompletion.none, parsing: ValueParser<Greet.Tone>.oneOf)
    #expect(named.spec.completion == ValueCompletion.none)
  }

  @Test("What a command has not read is listed, in declaration order, as help spells it")
  func unread() throws {
    var values = try Self.values(["greet", "ada", "--tone", "loud"])
    #expect(values.unread == ["<person>", "--times", "--tone", "--out", "--pause", "--tag", "--quiet"])
    _ = try values.read(Greet.tone)
    _ = values.read(Greet.quiet)
    #expect(values.isGiven(Greet.pause) == false)
    #expect(values.unread == ["<person>", "--times", "--out", "--tag"])
  }

  @Test("The tree gives the tool its specs and each parsed path its type; a group or an unknown path names none")
  func dispatch() throws {
    #expect(tool.commands.map(\.name) == ["greet", "admin"])
    #expect(tool.command(at: ["admin", "reset"]) == Reset.configuration)
    #expect(tree.type(at: ["greet"]) == Greet.self)
    #expect(tree.type(at: ["admin", "reset"]) == Reset.self)
    #expect(tree.type(at: ["admin"]) == nil)
    #expect(tree.type(at: ["reset"]) == nil)
    #expect(tree.type(at: []) == nil)
    guard case .command(let greet) = tool.parse(["greet", "ada"]), case .command(let reset) = tool.parse(["admin", "reset"])
    else {
      Issue.record("the commands do not parse")
      return
    }
    #expect(try tree.run(greet) == .success)
    #expect(try tree.run(reset) == .failure)
    guard case .command(let wrong) = tool.parse(["greet", "ada", "-n", "10"]) else { return }
    #expect(throws: UsageError("The value '10' is invalid for '--times <n>': expected an integer from 1 to 9", commandPath: ["greet"])) {
      try tree.run(wrong)
    }
  }
}
