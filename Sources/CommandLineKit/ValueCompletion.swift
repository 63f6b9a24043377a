/// What a shell may offer for an argument's or option's value.
public enum ValueCompletion: Sendable, Hashable {
  /// Nothing to offer: a number, a URL, free text.
  case none
  /// A file path (folders too, to walk into).
  case file
  /// A folder path.
  case directory
  /// One of a closed set of words.
  case values([String])

  /// The usual completion for a value placeholder: `file` completes paths, `dir` folders.
  static func inferred(fromValueName valueName: String) -> ValueCompletion {
    switch valueName {
    case "file": return .file
    case "dir", "folder": return .directory
    default: return .none
    }
  }
}
