/// Character-by-character escaping for the roff and shell texts the tool generates.
extension String {
  /// The text with each character in `replacements` replaced by its escape.
  func escaping(_ replacements: [Character: String]) -> String {
    var result = ""
    for character in self {
      result += replacements[character] ?? String(character)
    }
    return result
  }
}
