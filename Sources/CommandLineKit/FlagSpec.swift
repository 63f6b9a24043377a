/// A flag that is either present or absent, such as `--json`.
public struct FlagSpec: Sendable, Hashable {
  /// The long name without dashes: `json` for `--json`.
  public let name: String
  /// The optional one-letter short name: `q` for `-q`.
  public let short: Character?
  /// One-line help shown in the OPTIONS section.
  public let help: String

  /// Declares a flag.
  public init(name: String, short: Character? = nil, help: String = "") {
    precondition(!name.isEmpty && !name.hasPrefix("-"), "Flag names are given without dashes")
    self.name = name
    self.short = short
    self.help = help
  }

  /// The flag as it appears in usage lines and errors: `--json`.
  var synopsis: String {
    "--\(name)"
  }

  /// The flag as it appears in the OPTIONS section: `-q, --quiet`.
  var label: String {
    short.map { "-\($0), \(synopsis)" } ?? synopsis
  }

  /// Every way to write the flag: `-v`, `--verbose`.
  var spellings: [String] {
    (short.map { ["-\($0)"] } ?? []) + ["--\(name)"]
  }
}
