import CommandLineKit
import Testing

/// A command whose two options parse alone but must agree: `--from` no later than `--to`.
private struct Span: Command {
  static let from = OptionDeclaration(name: "from", valueName: "n", help: "First.", parsing: .integer(in: 0...99))
  static let to = OptionDeclaration(name: "to", valueName: "n", help: "Last.", parsing: .integer(in: 0...99))

  static let configuration = CommandSpec(name: "span", abstract: "A span.", options: [from.spec, to.spec])

  let from: Int
  let to: Int

  init(_ values: inout CommandValues) throws(UsageError) {
    from = try values.read(Self.from) ?? 0
    to = try values.read(Self.to) ?? 99
  }

  func validate() throws(ValidationError) {
    if from > to { throw ValidationError("--from \(from) is after --to \(to)") }
  }

  func run() -> CommandLineKit.ExitStatus {
    .success
  }
}

/// A command without a `validate()` of its own.
private struct Plain: Command {
  static let configuration = CommandSpec(name: "plain", abstract: "Plain.")

  init(_ values: inout CommandValues) throws(UsageError) {}

  func run() -> CommandLineKit.ExitStatus {
    .success
  }
}

private var tree: CommandTree {
  CommandTree([.group(name: "range", abstract: "Ranges.", entries: [.command(Span.self)]), .command(Plain.self)])
}
private let tool = ToolSpec(name: "tool", commands: tree.specs)

@Suite("validate(): a command's values checked together after parsing, before running")
struct ValidationTests {
  private static func run(_ words: [String]) throws(UsageError) -> CommandLineKit.ExitStatus {
    guard case .command(let parsed) = tool.parse(words) else {
      Issue.record("'\(words.joined(separator: " "))' does not parse")
      return .failure
    }
    return try tree.run(parsed)
  }

  @Test("Values that agree run; values that do not are a usage error of the command's own path, not run")
  func agreement() throws {
    #expect(try Self.run(["range", "span", "--from", "3", "--to", "5"]) == .success)
    #expect(try Self.run(["plain"]) == .success)
    #expect(throws: UsageError("--from 7 is after --to 5", commandPath: ["range", "span"])) {
      try Self.run(["range", "span", "--from", "7", "--to", "5"])
    }
  }

  @Test("A value its option refuses is reported before the values are checked together")
  func singleValuesFirst() {
    #expect(throws: UsageError("The value '100' is invalid for '--to <n>': expected an integer from 0 to 99", commandPath: ["range", "span"])) {
      try Self.run(["range", "span", "--from", "7", "--to", "100"])
    }
  }

  @Test("make(_:) reads and validates, as the tree does; the error renders like a parsing error, with the usage line")
  func rendering() throws {
    guard case .command(let parsed) = tool.parse(["range", "span", "--from", "9", "--to", "1"]) else {
      Issue.record("does not parse")
      return
    }
    var values = CommandValues(parsed)
    let error = try #require(throws: UsageError.self) { try Span.make(&values) }
    #expect(
      error.rendered(for: tool)
        == """
        Error: --from 9 is after --to 1
        Usage: tool range span [--from <n>] [--to <n>]
          See 'tool range span --help' for more information.
        """)
  }
}
