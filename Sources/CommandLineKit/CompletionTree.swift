/// What the completion scripts of every shell share: each command path and what it accepts.
struct CompletionTree {
  /// One node of the tree: the tool (empty path) or a command.
  struct Node {
    /// The words naming it: `[]`, `["schema"]`, `["schema", "lint"]`.
    let path: [String]
    /// Its nested commands with their abstracts (the tool's include `help`).
    let children: [(name: String, abstract: String)]
    /// Its options, flags and arguments; empty for groups.
    let options: [OptionSpec]
    let flags: [FlagSpec]
    let arguments: [ArgumentSpec]

    /// The path as one word for the scripts' case tables: `schema lint`, or empty for the tool.
    var key: String {
      path.joined(separator: " ")
    }

    /// Every option and flag spelling, long and short, plus the help options.
    var optionWords: [String] {
      var words: [String] = []
      for option in options {
        words += option.short.map { ["-\($0)"] } ?? []
        words.append("--\(option.name)")
      }
      for flag in flags {
        words += flag.short.map { ["-\($0)"] } ?? []
        words.append("--\(flag.name)")
      }
      return words + ["-h", "--help"]
    }
  }

  let tool: ToolSpec

  /// The tool, then every command depth first.
  var nodes: [Node] {
    let root = Node(
      path: [], children: tool.commands.map { ($0.name, $0.abstract) } + [("help", "Show help for a subcommand.")],
      options: [], flags: [], arguments: [])
    return [root]
      + tool.commandPaths.compactMap { path in
        tool.command(at: path).map { command in
          Node(
            path: path, children: command.subcommands.map { ($0.name, $0.abstract) }, options: command.options,
            flags: command.flags, arguments: command.arguments)
        }
      }
  }

  /// The words accepted at the tool level besides subcommands.
  var toolOptionWords: [String] {
    (tool.version == nil ? [] : ["--version"]) + ["-h", "--help"]
  }
}
