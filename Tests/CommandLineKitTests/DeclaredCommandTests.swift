import CommandLineKit
import Testing

/// An option group: two options declared once, included by the commands that take them.
private struct Pace {
  @Option(name: "speed", valueName: "n", help: "How fast.", parsing: .number(in: 1...10))
  var speed: Double?
  @Flag(name: "wait", help: "Wait for an answer.")
  var waits: Bool
}

/// A command declared with wrappers, with a value of every kind the kit fills.
private struct Send: DeclaredCommand {
  @Argument(name: "target", help: "Where to send.", parsing: .text)
  var target: String
  @Argument(name: "files", help: "What to send.", isOptional: true, parsing: .inputPath)
  var files: [String]
  @Option(name: "times", short: "n", valueName: "n", help: "How often.", defaultDescription: "1", parsing: .integer(in: 1...9))
  var times: Int = 1
  @Option(name: "out", valueName: "file", help: "Where to log.", parsing: .outputPath)
  var out: String?
  let pace = Pace()
  @Option(name: "tag", valueName: "text", help: "A tag (repeatable).", parsing: .text)
  var tags: [String]
  @Flag(name: "quiet", short: "q", help: "Say nothing.")
  var quiet: Bool

  static let configuration = spec(name: "send", abstract: "Send files.")

  func run() -> CommandLineKit.ExitStatus {
    .success
  }
}

/// A command whose mistakes are reported in another order than declared, with a check between.
private struct Ordered: DeclaredCommand {
  @Option(name: "first", valueName: "n", parsing: .integer(in: 1...9))
  var first: Int?
  @Option(name: "second", valueName: "n", parsing: .integer(in: 1...9))
  var second: Int?
  @Option(name: "third", valueName: "n", parsing: .integer(in: 1...9))
  var third: Int?

  static let configuration = spec(name: "ordered")

  static var readingOrder: [ReadingStep<Self>] {
    [.value("--third"), .check(Self.checkFirst)]
  }

  private func checkFirst() throws(ValidationError) {
    if $first.isGiven, third == nil { throw ValidationError("--first needs --third") }
  }

  func run() -> CommandLineKit.ExitStatus {
    .success
  }
}

@Suite("Declared commands: each argument, option and flag written once, on the property that holds it")
struct DeclaredCommandTests {
  private static func tool(_ spec: CommandSpec) -> ToolSpec {
    ToolSpec(name: "tool", version: "1", commands: [spec])
  }

  /// The command `words` make, or the usage error's message.
  private static func make<C: DeclaredCommand>(_ type: C.Type, _ words: [String]) throws -> Result<C, UsageError> {
    guard case .command(let parsed) = tool(C.configuration).parse(words) else {
      throw UsageError("'\(words.joined(separator: " "))' does not parse")
    }
    var values = CommandValues(parsed)
    do {
      let command = try C.make(&values)
      #expect(values.unread.isEmpty, "\(values.unread) unread")
      return .success(command)
    } catch {
      return .failure(error)
    }
  }

  @Test("The spec lists arguments, options and flags in declaration order, groups in place, as the old form wrote them")
  func spec() {
    let spec = Send.configuration
    #expect(
      spec
        == CommandSpec(
          name: "send", abstract: "Send files.",
          arguments: [
            ArgumentSpec(name: "target", help: "Where to send.", completion: .file),
            ArgumentSpec(name: "files", help: "What to send.", isRepeating: true, isOptional: true),
          ],
          options: [
            OptionSpec(name: "times", short: "n", valueName: "n", help: "How often.", defaultDescription: "1"),
            OptionSpec(name: "out", valueName: "file", help: "Where to log."),
            OptionSpec(name: "speed", valueName: "n", help: "How fast."),
            OptionSpec(name: "tag", valueName: "text", help: "A tag (repeatable)."),
          ],
          flags: [FlagSpec(name: "wait", help: "Wait for an answer."), FlagSpec(name: "quiet", short: "q", help: "Say nothing.")]))
    #expect(Self.tool(spec).helpText(for: ["send"]).contains("-n, --times <n>"))
  }

  @Test("Values fill the properties: defaults when left out, the last of a repeated option, every value of a repeating one")
  func values() throws {
    let sent = try Self.make(Send.self, ["send", "host", "a", "b", "-n", "3", "--tag", "x", "--speed", "2", "--tag", "y", "-q"]).get()
    #expect(sent.target == "host" && sent.files == ["a", "b"] && sent.times == 3 && sent.tags == ["x", "y"])
    #expect(sent.pace.speed == 2 && sent.pace.$speed.isGiven && !sent.pace.waits && sent.quiet && sent.out == nil)
    let plain = try Self.make(Send.self, ["send", "host", "--times", "4", "--times", "5"]).get()
    #expect(plain.files.isEmpty && plain.times == 5 && plain.tags.isEmpty && plain.pace.speed == nil && !plain.pace.$speed.isGiven)
    #expect(try Self.make(Send.self, ["send", "host"]).get().times == 1)
  }

  @Test("Of several mistakes the first declared is reported, groups' where they are included")
  func declarationOrder() throws {
    let timesFirst = try Self.make(Send.self, ["send", "h", "--tag", "t", "--speed", "0", "--out", "", "-n", "0"])
    #expect(timesFirst.failure?.message == "The value '0' is invalid for '--times <n>': expected an integer from 1 to 9")
    let speed = try Self.make(Send.self, ["send", "h", "--speed", "0", "--out", ""])
    #expect(speed.failure?.message == "The value '' is invalid for '--out': expected a path, not an empty string")
    let group = try Self.make(Send.self, ["send", "h", "--speed", "0"])
    #expect(group.failure?.message.hasPrefix("The value '0' is invalid for '--speed <n>'") == true)
  }

  @Test("readingOrder reports its values first and runs its checks where it places them, before later mistakes")
  func readingOrder() throws {
    let both = try Self.make(Ordered.self, ["ordered", "--first", "0", "--third", "0"])
    #expect(both.failure?.message == "The value '0' is invalid for '--third <n>': expected an integer from 1 to 9")
    // The check sees --first given though its value does not read, and comes before --first's mistake.
    let check = try Self.make(Ordered.self, ["ordered", "--first", "0", "--second", "0"])
    #expect(check.failure?.message == "--first needs --third")
    let rest = try Self.make(Ordered.self, ["ordered", "--second", "0", "--first", "0", "--third", "1"])
    #expect(rest.failure?.message == "The value '0' is invalid for '--first <n>': expected an integer from 1 to 9")
    let made = try Self.make(Ordered.self, ["ordered", "--first", "2", "--third", "3"]).get()
    #expect(made.first == 2 && made.second == nil && made.third == 3)
  }

  @Test("A command made outside a command line holds every default")
  func defaults() {
    let send = Send()
    #expect(send.times == 1 && send.out == nil && send.tags.isEmpty && !send.quiet && !send.pace.$speed.isGiven)
  }
}

extension Result {
  /// The error, nil on success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
