/// A successfully parsed subcommand and the words given to it, by declared name.
///
/// A `Command` reads these through `CommandValues` and its typed declarations; reading by name
/// here is for tools and tests without command types. Reading a name the command did not declare traps: it is a typo in the program, not in the
/// command line, and should fail the first test that reaches it.
public struct ParsedCommand: Sendable, Equatable {
  /// The command that was parsed.
  public let spec: CommandSpec
  /// The values of each positional argument, by argument name.
  let argumentValues: [String: [String]]
  /// Every value given to each option, in command-line order, by option name.
  let optionValues: [String: [String]]
  /// The names of the flags that were given.
  let givenFlags: Set<String>

  /// The subcommand path below the tool: `["run"]`, `["schema", "lint"]`.
  public let commandPath: [String]

  /// The innermost subcommand's name: `run`, `lint`.
  public var name: String {
    spec.name
  }

  /// Creates a parsed command; values are keyed by declared names.
  init(
    spec: CommandSpec, commandPath: [String], argumentValues: [String: [String]], optionValues: [String: [String]],
    givenFlags: Set<String>
  ) {
    self.spec = spec
    self.commandPath = commandPath
    self.argumentValues = argumentValues
    self.optionValues = optionValues
    self.givenFlags = givenFlags
  }

  /// All values of a positional argument; empty when an optional one was left out.
  public func arguments(named name: String) -> [String] {
    precondition(spec.argument(named: name) != nil, "'\(self.name)' declares no argument '\(name)'")
    return argumentValues[name] ?? []
  }

  /// The value of a positional argument, or nil when an optional one was left out.
  public func argument(named name: String) -> String? {
    arguments(named: name).first
  }

  /// The value of an option; when it was given more than once the last one wins.
  public func value(of option: String) -> String? {
    values(of: option).last
  }

  /// Every value of an option, in command-line order, for options that may repeat.
  public func values(of option: String) -> [String] {
    precondition(spec.option(named: option) != nil, "'\(name)' declares no option '--\(option)'")
    return optionValues[option] ?? []
  }

  /// Whether a flag was given.
  public func flag(_ name: String) -> Bool {
    precondition(spec.flag(named: name) != nil, "'\(self.name)' declares no flag '--\(name)'")
    return givenFlags.contains(name)
  }

  /// The option's value as an integer, nil when it was left out.
  public func integer(_ option: String) throws(UsageError) -> Int? {
    guard let text = value(of: option) else { return nil }
    guard let number = Int(text) else {
      throw invalidValue(text, for: option)
    }
    return number
  }

  /// The option's value as an integer greater than zero, nil when it was left out.
  public func positiveInteger(_ option: String) throws(UsageError) -> Int? {
    guard let number = try integer(option) else { return nil }
    guard number > 0 else {
      // Quote the text as typed (`007`, `+0`), not the number it parsed to.
      throw invalidValue(value(of: option) ?? "", for: option, reason: "must be a positive integer")
    }
    return number
  }

  /// The option's value as an integer within `range`, nil when it was left out; a value that is
  /// not such an integer is a usage error naming the range.
  public func integer(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    try value(of: option, parsing: .integer(in: range))
  }

  /// The option's value as a number within `range`, nil when it was left out; any other value
  /// is a usage error naming the range, with `unit` after it ("seconds").
  public func number(_ option: String, in range: ClosedRange<Double>, unit: String = "") throws(UsageError) -> Double? {
    try value(of: option, parsing: .number(in: range, unit: unit))
  }

  /// The option's last value read by `parser`, nil when it was left out.
  private func value<Value>(of option: String, parsing parser: ValueParser<Value>) throws(UsageError) -> Value? {
    guard let text = value(of: option) else { return nil }
    switch parser.parse(text) {
    case .success(let value): return value
    case .failure(.invalid(let reason)): throw invalidValue(text, for: option, reason: reason)
    case .failure(let refusal): preconditionFailure("\(refusal) is worded by CommandValues")
    }
  }

  /// An error about this command, for checks the parser cannot make (such as two options that
  /// exclude each other), rendered with this command's usage line.
  public func usageError(_ message: String) -> UsageError {
    UsageError(message, commandPath: commandPath)
  }

  /// The error for a value its option cannot use.
  private func invalidValue(
    _ text: String, for option: String, reason: String? = nil
  ) -> UsageError {
    // value(of:) has already checked that the option is declared.
    let spec = spec.option(named: option) ?? OptionSpec(name: option)
    return .invalidValue(text, for: spec, reason: reason, commandPath: commandPath)
  }
}
