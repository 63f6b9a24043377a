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
      options.flatMap(\.spellings) + flags.flatMap(\.spellings) + ["-h", "--help"]
    }

    /// The node's key as a `case` pattern, in the syntax bash and zsh share.
    var pattern: String {
      "\"\(key)\""
    }

    /// The words `help` offers here: the subcommands, and `--man` at the tool.
    var helpWords: [String] {
      children.map(\.name).filter { $0 != "help" } + (path.isEmpty ? ["--man"] : [])
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

  /// The `case` that bash's and zsh's scripts run on each word before the one being completed
  /// (`$word`, at index `$i`): it moves `$node` into a named subcommand, noting in `$start` where
  /// that command's own words begin, and sets `$helping` after `help`.
  var walkCases: [String] {
    var lines = ["case \"$node\" in"]
    for node in nodes where !node.children.isEmpty {
      let names = node.children.map(\.name).filter { !(node.path.isEmpty && $0 == "help") }
      let prefix = node.path.isEmpty ? "" : node.key + " "
      lines.append("  \(node.pattern)) case \"$word\" in")
      lines.append("    \(names.joined(separator: "|"))) node=\"\(prefix)$word\"; start=$((i + 1)) ;;")
      if node.path.isEmpty {
        lines.append("    help) helping=1 ;;")
      }
      lines.append("  esac ;;")
    }
    return lines + ["  *) break ;;", "esac"]
  }

  /// The words accepted at the tool level besides subcommands.
  var toolOptionWords: [String] {
    (tool.version == nil ? [] : ["--version"]) + ["-h", "--help"]
  }
}
