/// An option that takes a value, such as `--seed <n>`.
public struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes: `seed` for `--seed`.
  public let name: String
  /// The optional one-letter short name: `o` for `-o`.
  public let short: Character?
  /// The placeholder shown for the value: `n` for `--seed <n>`.
  public let valueName: String
  /// One-line help shown in the OPTIONS section.
  public let help: String
  /// What applies when the option is left out, shown as `(default: …)` after the help.
  public let defaultDescription: String?
  /// What shell completion offers for the value.
  public let completion: ValueCompletion

  /// Declares an option; `valueName` defaults to the option's name, as in argument-parser, and
  /// `completion` to paths for a `file` or `dir` value.
  public init(
    name: String, short: Character? = nil, valueName: String? = nil, help: String = "",
    defaultDescription: String? = nil, completion: ValueCompletion? = nil
  ) {
    precondition(!name.isEmpty && !name.hasPrefix("-"), "Option names are given without dashes")
    self.name = name
    self.short = short
    self.valueName = valueName ?? name
    self.help = help
    self.defaultDescription = defaultDescription
    self.completion = completion ?? .inferred(fromValueName: valueName ?? name)
  }

  /// The option as it appears in usage lines and errors: `--seed <n>`.
  var synopsis: String {
    "--\(name) <\(valueName)>"
  }

  /// The option's long spelling alone, as some messages name it: `--seed`.
  var longSpelling: String {
    "--\(name)"
  }

  /// The option as it appears in the OPTIONS section: `-o, --out <dir>`.
  var label: String {
    short.map { "-\($0), \(synopsis)" } ?? synopsis
  }

  /// Every way to write the option: `-o`, `--out`.
  var spellings: [String] {
    (short.map { ["-\($0)"] } ?? []) + ["--\(name)"]
  }
}
