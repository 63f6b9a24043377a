/// A tool's commands as types, in help order: the source of the tool's `CommandSpec`s and of
/// the dispatch from a parsed command line to the type that runs it.
///
/// The parser only returns paths of the specs this tree gives, so every parsed path names a
/// type here: there is no fallback command.
public struct CommandTree {
  /// The top-level entries.
  public let entries: [CommandEntry]

  /// A tree of these entries.
  public init(_ entries: [CommandEntry]) {
    self.entries = entries
  }

  /// The declarations for `ToolSpec(commands:)`.
  public var specs: [CommandSpec] {
    entries.map(\.spec)
  }

  /// The command type a path names (`["schema", "lint"]`), or nil for a group or no command.
  public func type(at commandPath: [String]) -> (any Command.Type)? {
    guard let name = commandPath.first, let entry = entries.first(where: { $0.name == name }) else { return nil }
    return entry.type(at: commandPath.dropFirst())
  }

  /// Makes the parsed command's type from its values, validates it and runs it.
  public func run(_ parsed: ParsedCommand) throws(UsageError) -> ExitStatus {
    guard let type = type(at: parsed.commandPath) else {
      preconditionFailure("'\(parsed.commandPath.joined(separator: " "))' was parsed from a spec this tree did not give")
    }
    var values = CommandValues(parsed)
    return try type.make(&values).run()
  }
}
