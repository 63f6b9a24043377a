import CommandLineKit

/// `attrsim completions bash|zsh|fish`: the completion script for attrsim's own command tree.
enum CompletionsCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let name = command.argument(named: "shell") ?? ""
    guard let shell = Shell(rawValue: name) else {
      let expected = Shell.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw command.usageError("Unknown shell '\(name)'; expected one of \(expected)")
    }
    Console.out(AttrsimTool.spec.completionScript(for: shell))
    return .success
  }
}
