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
    return .usageError(.missingSubcommand())
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
    guard let command = tool.commands.first(where: { $0.name == name }) else {
      return .usageError(unknownSubcommand(name, at: []))
    }
    return descend(into: command, path: [name], arguments: arguments)
  }

  /// Walks down nested commands (`schema lint`), then parses the words of the command reached.
  private func descend(into command: CommandSpec, path: [String], arguments: [String]) -> ParseResult {
    // `--help` anywhere before `--` wins over every other mistake, as in argument-parser.
    let optionWords = arguments.prefix { $0 != "--" }
    let helpAsked = optionWords.contains("--help") || optionWords.contains("-h")
    guard !command.subcommands.isEmpty else {
      if helpAsked {
        return .help(tool.helpText(for: path))
      }
      switch CommandParser(command: command, commandPath: path).parse(arguments) {
      case .success(let parsed): return .command(parsed)
      case .failure(let error): return .usageError(error)
      }
    }
    guard let word = arguments.first, !word.isOptionLike else {
      if helpAsked {
        return .help(tool.helpText(for: path))
      }
      guard let word = arguments.first else { return .usageError(.missingSubcommand(commandPath: path)) }
      return .usageError(.unknownOption(word, candidates: ["--help"], commandPath: path))
    }
    guard let next = command.subcommand(named: word) else {
      return .usageError(unknownSubcommand(word, at: path))
    }
    return descend(into: next, path: path + [word], arguments: Array(arguments.dropFirst()))
  }

  /// `attrsim help [subcommand …]` and `attrsim help --man`.
  private func helpCommand(_ arguments: [String]) -> ParseResult {
    let words = arguments.filter { $0 != "--help" && $0 != "-h" }
    if words.contains("--man") {
      let others = words.filter { $0 != "--man" }
      return others.isEmpty
        ? .help(tool.manPage()) : .usageError(.unexpectedArguments(others, commandPath: []))
    }
    var path: [String] = []
    for (position, word) in words.enumerated() {
      let children = tool.children(at: path)
      if children.isEmpty {
        // `help` is the tool's own command, so its mistakes show the tool's usage.
        return .usageError(.unexpectedArguments(Array(words[position...]), commandPath: []))
      }
      guard children.contains(where: { $0.name == word }) else {
        return .usageError(unknownSubcommand(word, at: path))
      }
      path.append(word)
    }
    return .help(tool.helpText(for: path))
  }

  /// An unknown name among the commands below `path`, with the closest one suggested.
  private func unknownSubcommand(_ name: String, at path: [String]) -> UsageError {
    let names = tool.children(at: path).map(\.name)
    return .unknownSubcommand(name, candidates: path.isEmpty ? names + ["help"] : names, commandPath: path)
  }
}
