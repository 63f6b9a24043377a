/// One entry of a tool's command list: a command type, or a named group of entries
/// (`schema` with `lint` and `explain`).
public enum CommandEntry {
  /// A command that runs.
  case command(any Command.Type)
  /// A group that only names its nested commands; it takes no arguments or options of its own.
  case group(name: String, abstract: String, entries: [CommandEntry])

  /// The declaration the parser, the help and the completion scripts see.
  public var spec: CommandSpec {
    switch self {
    case .command(let type): type.configuration
    case .group(let name, let abstract, let entries):
      CommandSpec(name: name, abstract: abstract, subcommands: entries.map(\.spec))
    }
  }

  /// The entry's name on the command line.
  var name: String {
    switch self {
    case .command(let type): type.configuration.name
    case .group(let name, _, _): name
    }
  }

  /// The command type the rest of a path names below this entry, or nil when it names none.
  func type(at path: ArraySlice<String>) -> (any Command.Type)? {
    switch self {
    case .command(let type): return path.isEmpty ? type : nil
    case .group(_, _, let entries):
      guard let name = path.first, let entry = entries.first(where: { $0.name == name }) else { return nil }
      return entry.type(at: path.dropFirst())
    }
  }
}
