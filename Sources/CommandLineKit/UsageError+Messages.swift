import DidYouMean

/// argument-parser's wording for each mistake, kept in one place so the messages stay consistent.
extension UsageError {
  /// `Unknown option '--sed'`, suggesting a long name when the word could be one misspelt.
  static func unknownOption(
    _ word: String, candidates: [String], commandPath: [String]
  ) -> UsageError {
    let name = word.optionParts.name
    // A single letter is too short to tell a typo from another option, so only longer words
    // get a suggestion (`-seed` → `--seed`).
    let suggestion = name.count > 2 ? Suggestion.closest(to: name, among: candidates) : nil
    return UsageError("Unknown option '\(name)'", suggestion: suggestion, commandPath: commandPath)
  }

  /// `Unknown subcommand 'rnu'`, suggesting the closest name, or listing them all when none is close.
  static func unknownSubcommand(_ name: String, candidates: [String], commandPath: [String]) -> UsageError {
    let suggestion = Suggestion.closest(to: name, among: candidates)
    let listed = suggestion == nil && !candidates.isEmpty ? " (subcommands: \(candidates.joined(separator: ", ")))" : ""
    return UsageError("Unknown subcommand '\(name)'\(listed)", suggestion: suggestion, commandPath: commandPath)
  }

  /// `Missing value for '--out <dir>'`.
  static func missingValue(for option: OptionSpec, commandPath: [String]) -> UsageError {
    UsageError("Missing value for '\(option.synopsis)'", commandPath: commandPath)
  }

  /// A flag written with `=value`.
  static func unexpectedValue(
    _ value: String, forFlag synopsis: String, commandPath: [String]
  ) -> UsageError {
    UsageError(
      "The option '\(synopsis)' does not take any value, but '\(value)' was specified.",
      commandPath: commandPath)
  }

  /// `Missing expected argument '<scenario>'`.
  static func missingArgument(_ argument: ArgumentSpec, commandPath: [String]) -> UsageError {
    UsageError("Missing expected argument '\(argument.label)'", commandPath: commandPath)
  }

  /// `Unexpected argument 'x'`, or the plural form for several.
  static func unexpectedArguments(_ words: [String], commandPath: [String]) -> UsageError {
    if words.count == 1, let word = words.first {
      return UsageError("Unexpected argument '\(word)'", commandPath: commandPath)
    }
    let quoted = words.map { "'\($0)'" }.joined(separator: ", ")
    return UsageError("\(words.count) unexpected arguments: \(quoted)", commandPath: commandPath)
  }

  /// `The value 'abc' is invalid for '--seed <n>'`, with the reason when there is one.
  static func invalidValue(
    _ value: String, for option: OptionSpec, reason: String? = nil, commandPath: [String]
  ) -> UsageError {
    let message = "The value '\(value)' is invalid for '\(option.synopsis)'"
    return UsageError(reason.map { "\(message): \($0)" } ?? message, commandPath: commandPath)
  }

  /// No subcommand at all: argument-parser answers with the tool's help, as an error.
  static func missingSubcommand(commandPath: [String] = []) -> UsageError {
    UsageError("Missing required subcommand.", commandPath: commandPath, showsHelp: true)
  }
}
