/// What the command line asked for.
public enum ParseResult: Sendable, Equatable {
  /// Run this command with these values.
  case command(ParsedCommand)
  /// Print this help text (no trailing newline) on standard output; exit with `.success`.
  case help(String)
  /// Print this version on standard output; exit with `.success`.
  case version(String)
  /// Print its `rendered(for:)` text on standard error; exit with `.usage`.
  case usageError(UsageError)
}
