/// Word wrapping for help text.
extension String {
  /// The text split into lines of at most `width` columns after `indent` spaces.
  ///
  /// Explicit line breaks are kept, so help can hold short paragraphs or lists; a word longer
  /// than a line gets a line of its own rather than being cut.
  func wrapped(to width: Int, indent: Int = 0) -> [String] {
    let columns = max(1, width - indent)
    let padding = String(repeating: " ", count: indent)
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        if line.isEmpty {
          line = String(word)
        } else if line.count + 1 + word.count <= columns {
          line += " " + word
        } else {
          lines.append(padding + line)
          line = String(word)
        }
      }
      // Blank paragraphs stay blank, without trailing spaces.
      lines.append(line.isEmpty ? "" : padding + line)
    }
    return lines
  }
}
