/// A mistake on the command line, reported the way swift-argument-parser reports it.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong, without the `Error: ` prefix: `Unknown option '--sed'`.
  public let message: String
  /// The closest valid spelling, shown as `Did you mean '…'?` on its own line.
  public let suggestion: String?
  /// The subcommand the error belongs to (`["run"]`), or empty for the tool itself.
  public let commandPath: [String]
  /// Whether rendering shows the full help instead, as for a missing subcommand.
  public let showsHelp: Bool

  /// Creates an error; commands use this for their own checks of otherwise valid input.
  public init(
    _ message: String, suggestion: String? = nil, commandPath: [String] = [],
    showsHelp: Bool = false
  ) {
    self.message = message
    self.suggestion = suggestion
    self.commandPath = commandPath
    self.showsHelp = showsHelp
  }

  /// The message alone, for logs.
  public var description: String {
    message
  }

  /// The full text to print on standard error: error, suggestion, usage and where to find help.
  public func rendered(for tool: ToolSpec) -> String {
    let formatter = HelpFormatter(tool: tool)
    // A path naming nothing (a command's own error built by hand) falls back to the tool.
    let path = tool.command(at: commandPath) == nil ? [] : commandPath
    if showsHelp {
      return formatter.help(for: path)
    }
    var lines = ["Error: \(message)"]
    if let suggestion {
      lines.append("Did you mean '\(suggestion)'?")
    }
    lines.append("Usage: \(formatter.usage(for: path))")
    let helpCommand = ([tool.name] + path).joined(separator: " ")
    lines.append("  See '\(helpCommand) --help' for more information.")
    return lines.joined(separator: "\n")
  }
}
