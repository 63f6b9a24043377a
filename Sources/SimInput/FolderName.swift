import SimJSON

/// The form of a scenario's or sweep's `name`, which becomes a folder under `Reports/`: one
/// plain folder name, so no name can place outputs anywhere else.
package enum FolderName {
  /// Longest name, in characters; file systems allow 255 bytes, and shard folders add a suffix.
  package static let maximumLength = 100

  /// The allowed form, for messages and docs.
  package static let allowedForm =
    "a name is 1 to \(maximumLength) characters with no '/', '\\', control characters or leading or trailing spaces, "
    + "and is not '.' or '..'"

  /// What is wrong with `name` as a folder name, or nil when nothing is.
  package static func problem(_ name: String) -> String? {
    if name.isEmpty { return "found an empty string" }
    if name.count > maximumLength { return "found \(name.count) characters" }
    if name == "." || name == ".." { return "found '\(name)', which names a folder that is not a new one" }
    if let separator = name.first(where: { $0 == "/" || $0 == "\\" }) {
      return "found \(Excerpt.quoted(name)), which contains the path separator '\(separator)'"
    }
    if name.unicodeScalars.contains(where: Excerpt.isControl) {
      return "found \(Excerpt.quoted(name)), which contains a control character"
    }
    if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
      return "found \(Excerpt.quoted(name)), which starts or ends with white space"
    }
    return nil
  }
}

extension JSONReader {
  /// A `name` that becomes a folder under `Reports/`.
  package func folderName() -> String? {
    guard let text = string() else { return nil }
    if let problem = FolderName.problem(text) {
      error("expected a name usable as a folder under Reports/ (\(FolderName.allowedForm)); \(problem)")
      return nil
    }
    return text
  }
}
