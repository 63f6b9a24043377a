/// A whole command-line tool: its name, version and subcommands.
public struct ToolSpec: Sendable, Hashable {
  /// The executable's name, used in usage lines: `attrsim`.
  public let name: String
  /// The text printed by `--version`; without one, `--version` is not offered.
  public let version: String?
  /// One-line summary shown as the OVERVIEW of the tool's help.
  public let abstract: String
  /// Longer text shown in the tool's help after the OVERVIEW line.
  public let discussion: String
  /// The subcommands, in the order the help lists them.
  public let commands: [CommandSpec]

  /// Declares a tool; duplicate command names trap.
  public init(
    name: String, version: String? = nil, abstract: String = "", discussion: String = "",
    commands: [CommandSpec]
  ) {
    precondition(
      Set(commands.map(\.name)).count == commands.count, "Duplicate command name in '\(name)'")
    self.name = name
    self.version = version
    self.abstract = abstract
    self.discussion = discussion
    self.commands = commands
  }

  /// Parses the words after the executable's name: `CommandLine.arguments.dropFirst()`.
  public func parse(_ arguments: [String]) -> ParseResult {
    Parser(tool: self).parse(arguments)
  }

  /// The help text for the tool (an empty path) or one of its commands, as `--help` shows it.
  public func helpText(for commandPath: [String] = []) -> String {
    let command = command(at: commandPath)
    precondition(commandPath.isEmpty || command != nil, "'\(name)' has no command \(commandPath)")
    return HelpFormatter(tool: self).help(for: command)
  }

  /// The command a path names, or nil for the tool itself or a path naming nothing.
  func command(at commandPath: [String]) -> CommandSpec? {
    guard commandPath.count == 1, let name = commandPath.first else { return nil }
    return commands.first { $0.name == name }
  }
}
