/// A subcommand of a tool, such as `attrsim run`, with its arguments, options and flags.
public struct CommandSpec: Sendable, Hashable {
  /// The name typed on the command line: `run`.
  public let name: String
  /// One-line summary shown in the tool's SUBCOMMANDS list and as the OVERVIEW of its help.
  public let abstract: String
  /// Longer text shown in the command's help after the OVERVIEW line.
  public let discussion: String
  /// Positional arguments, in the order they are given.
  public let arguments: [ArgumentSpec]
  /// Options that take a value.
  public let options: [OptionSpec]
  /// Options that take no value.
  public let flags: [FlagSpec]
  /// Nested commands, such as `lint` in `attrsim schema lint`; a command with some takes no
  /// arguments or options of its own.
  public let subcommands: [CommandSpec]

  /// Declares a command; invalid declarations (clashing names, reserved `--help`/`-h`) trap.
  public init(
    name: String, abstract: String = "", discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], flags: [FlagSpec] = [], subcommands: [CommandSpec] = []
  ) {
    precondition(!name.isEmpty && !name.hasPrefix("-"), "Command names are given without dashes")
    precondition(name != "help", "'help' is provided by the tool and cannot be declared")
    let longNames = options.map(\.name) + flags.map(\.name)
    let shortNames = options.compactMap(\.short) + flags.compactMap(\.short)
    // Clashes would make parsing ambiguous, so they are caught where the spec is written.
    precondition(
      Set(longNames).count == longNames.count, "Duplicate option or flag name in '\(name)'")
    precondition(Set(shortNames).count == shortNames.count, "Duplicate short name in '\(name)'")
    precondition(!longNames.contains("help") && !shortNames.contains("h"), "--help/-h are reserved")
    precondition(
      Set(arguments.map(\.name)).count == arguments.count, "Duplicate argument name in '\(name)'")
    precondition(
      arguments.filter(\.isRepeating).count <= 1, "At most one repeating argument in '\(name)'")
    precondition(
      subcommands.isEmpty || (arguments.isEmpty && options.isEmpty && flags.isEmpty),
      "'\(name)' has subcommands, so its arguments and options belong to them")
    precondition(
      Set(subcommands.map(\.name)).count == subcommands.count, "Duplicate subcommand name in '\(name)'")
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.flags = flags
    self.subcommands = subcommands
  }

  /// The nested command with this name.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The declared option with this long name.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// The declared flag with this long name.
  func flag(named name: String) -> FlagSpec? {
    flags.first { $0.name == name }
  }

  /// The declared positional argument with this name.
  func argument(named name: String) -> ArgumentSpec? {
    arguments.first { $0.name == name }
  }
}
