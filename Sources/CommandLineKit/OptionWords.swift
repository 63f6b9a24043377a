/// How a command-line word reads as an option.
extension String {
  /// Whether the word is an option rather than a value; a lone `-` is a value (standard input).
  var isOptionLike: Bool {
    hasPrefix("-") && count > 1
  }

  /// `--seed=5` → (`--seed`, `5`); other words have no attached value.
  ///
  /// Only long options take an attached value, as in argument-parser, so `-o=x` stays one
  /// (unknown) word instead of quietly meaning `-o x`.
  var optionParts: (name: String, value: String?) {
    guard hasPrefix("--"), let equals = firstIndex(of: "=") else { return (self, nil) }
    return (String(self[..<equals]), String(self[index(after: equals)...]))
  }
}
