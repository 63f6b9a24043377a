/// A shell that `completionScript(for:)` writes for.
public enum Shell: String, CaseIterable, Sendable {
  case bash
  case zsh
  case fish
}

extension ToolSpec {
  /// The completion script for a shell, generated from the command tree, without a final newline.
  public func completionScript(for shell: Shell) -> String {
    let tree = CompletionTree(tool: self)
    switch shell {
    case .bash: return BashCompletion(tree: tree).render()
    case .zsh: return ZshCompletion(tree: tree).render()
    case .fish: return FishCompletion(tree: tree).render()
    }
  }
}
