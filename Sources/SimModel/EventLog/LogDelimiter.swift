/// How a delimited event log separates its fields.
public enum LogDelimiter: String, Hashable, Sendable, CaseIterable {
  /// Commas, with RFC 4180 quoting (`"a, b"`, `""` for a quote inside quotes).
  case comma
  /// Tabs, with the same quoting.
  case tab
  /// Runs of spaces and tabs, no quoting (leading and trailing ones ignored).
  case whitespace
}
