/// How a command-line word reads as an option.
extension String {
  /// Whether the word is an option rather than a value; a lone `-` is a value (standard input),
  /// and so is a negative number (`--seed -1`), which no option's name looks like.
  var isOptionLike: Bool {
    hasPrefix("-") && count > 1 && !isNegativeNumber
  }

  /// `-1`, `-2.5`, `-.5`, `-1e3`: a minus sign, then a digit or a point, then a number.
  private var isNegativeNumber: Bool {
    let rest = dropFirst()
    guard hasPrefix("-"), let first = rest.first, first.isASCII, first.isNumber || first == "." else { return false }
    return Double(rest) != nil
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
