/// Turns command-line words into a `ParseResult` for one tool.
struct Parser {
  let tool: ToolSpec

  /// Tool-level words come first: `--help`, `--version`, then the subcommand and its words.
  func parse(_ arguments: [String]) -> ParseResult {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if word == "--" {
        // Whatever follows is not an option, so the next word is taken as the subcommand.
        guard index < arguments.count else { break }
        return subcommand(arguments[index], arguments: Array(arguments[(index + 1)...]))
      }
      guard word.isOptionLike else {
        return subcommand(word, arguments: Array(arguments[index...]))
      }
      return toolOption(word)
    }
    return .usageError(.missingSubcommand)
  }

  /// `--help`, `--version` or a mistake, before any subcommand.
  private func toolOption(_ word: String) -> ParseResult {
    let (name, value) = word.optionParts
    let known = (tool.version == nil ? [] : ["--version"]) + ["--help"]
    if let value, known.contains(name) {
      return .usageError(.unexpectedValue(value, forFlag: name, commandPath: []))
    }
    switch word {
    case "--help", "-h":
      return .help(tool.helpText())
    case "--version":
      if let version = tool.version {
        return .version(version)
      }
    default:
      break
    }
    return .usageError(.unknownOption(word, candidates: known, commandPath: []))
  }

  /// Dispatches to the `help` pseudo-command or a declared command.
  private func subcommand(_ name: String, arguments: [String]) -> ParseResult {
    if name == "help" {
      return helpCommand(arguments)
    }
    guard let command = command(named: name) else {
      return .usageError(unknownSubcommand(name))
    }
    // `--help` anywhere before `--` wins over every other mistake, as in argument-parser.
    let optionWords = arguments.prefix { $0 != "--" }
    if optionWords.contains("--help") || optionWords.contains("-h") {
      return .help(tool.helpText(for: [command.name]))
    }
    switch CommandParser(command: command).parse(arguments) {
    case .success(let parsed): return .command(parsed)
    case .failure(let error): return .usageError(error)
    }
  }

  /// `attrsim help [subcommand]`.
  private func helpCommand(_ arguments: [String]) -> ParseResult {
    let words = arguments.filter { $0 != "--help" && $0 != "-h" }
    guard let name = words.first else { return .help(tool.helpText()) }
    guard let command = command(named: name) else {
      return .usageError(unknownSubcommand(name))
    }
    if words.count > 1 {
      return .usageError(.unexpectedArguments(Array(words.dropFirst()), commandPath: []))
    }
    return .help(tool.helpText(for: [command.name]))
  }

  private func command(named name: String) -> CommandSpec? {
    tool.commands.first { $0.name == name }
  }

  private func unknownSubcommand(_ name: String) -> UsageError {
    .unknownSubcommand(name, candidates: tool.commands.map(\.name) + ["help"])
  }
}
