import CommandLineKit

/// `attrsim completions bash|zsh|fish`: the completion script for attrsim's own command tree.
struct CompletionsCommand: DeclaredCommand {
  @Argument(
    name: "shell", help: "bash, zsh or fish.",
    parsing: ValueParser<Shell>(completion: .values(Shell.allCases.map(\.rawValue))) { name in
      guard let shell = Shell(rawValue: name) else {
        let expected = Shell.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return .failure(.message("Unknown shell '\(name)'; expected one of \(expected)"))
      }
      return .success(shell)
    })
  var shell: Shell

  static let configuration = spec(
    name: "completions", abstract: "Print a completion script for bash, zsh or fish.",
    discussion: """
      The script is generated from attrsim's own command tree, so it completes every \
      subcommand and option of this version. Install it where the shell looks: \
      'attrsim completions bash > ~/.local/share/bash-completion/completions/attrsim', \
      'attrsim completions zsh > ~/.zfunc/_attrsim' (with ~/.zfunc in fpath before compinit), \
      'attrsim completions fish > ~/.config/fish/completions/attrsim.fish'.
      """)

  func run() -> ExitStatus {
    Console.out(AttrsimTool.spec.completionScript(for: shell))
    return .success
  }
}
