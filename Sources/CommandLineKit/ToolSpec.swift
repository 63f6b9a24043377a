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
  /// What each exit status means, listed in the help and the man page.
  public let exitStatuses: [ExitStatusNote]
  /// Further man page sections after EXIT STATUS, such as FILES and SEE ALSO.
  public let manSections: [ManSection]

  /// Declares a tool; duplicate command names trap.
  public init(
    name: String, version: String? = nil, abstract: String = "", discussion: String = "",
    commands: [CommandSpec], exitStatuses: [ExitStatusNote] = [], manSections: [ManSection] = []
  ) {
    precondition(
      Set(commands.map(\.name)).count == commands.count, "Duplicate command name in '\(name)'")
    self.name = name
    self.version = version
    self.abstract = abstract
    self.discussion = discussion
    self.commands = commands
    self.exitStatuses = exitStatuses
    self.manSections = manSections
  }

  /// Parses the words after the executable's name: `CommandLine.arguments.dropFirst()`.
  public func parse(_ arguments: [String]) -> ParseResult {
    Parser(tool: self).parse(arguments)
  }

  /// The help text for the tool (an empty path) or one of its commands, as `--help` shows it.
  public func helpText(for commandPath: [String] = []) -> String {
    let command = command(at: commandPath)
    precondition(commandPath.isEmpty || command != nil, "'\(name)' has no command \(commandPath)")
    return HelpFormatter(tool: self).help(for: commandPath)
  }

  /// The command a path names (`["schema", "lint"]`), or nil for the tool itself or a path
  /// naming nothing.
  public func command(at commandPath: [String]) -> CommandSpec? {
    var found: CommandSpec?
    var children = commands
    for name in commandPath {
      guard let next = children.first(where: { $0.name == name }) else { return nil }
      found = next
      children = next.subcommands
    }
    return found
  }

  /// The commands below a path: the tool's for an empty path.
  func children(at commandPath: [String]) -> [CommandSpec] {
    commandPath.isEmpty ? commands : command(at: commandPath)?.subcommands ?? []
  }

  /// Every command path, depth first in declaration order: `["schema"], ["schema", "lint"]`.
  public var commandPaths: [[String]] {
    func paths(below path: [String], _ commands: [CommandSpec]) -> [[String]] {
      commands.flatMap { [path + [$0.name]] + paths(below: path + [$0.name], $0.subcommands) }
    }
    return paths(below: [], commands)
  }
}
