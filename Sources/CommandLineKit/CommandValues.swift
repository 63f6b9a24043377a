/// A parsed command line read as typed values, each declaration read through its typed form.
///
/// It notes which declarations have been read, so a test can show that a command reads every
/// option it declares; reading one the command did not declare traps, as a typo in the program.
public struct CommandValues {
  /// The parsed words, by declared name.
  public let parsed: ParsedCommand
  /// The declarations not read yet, as help spells them (`<scenario>`, `--seed`, `--trace`), in
  /// declaration order.
  public private(set) var unread: [String]

  /// Values to read from a parsed command line; nothing is read yet.
  public init(_ parsed: ParsedCommand) {
    self.parsed = parsed
    let spec = parsed.spec
    unread = spec.arguments.map(\.label) + spec.options.map(\.longSpelling) + spec.flags.map(\.synopsis)
  }

  /// The subcommand path below the tool: `["run"]`, `["schema", "lint"]`.
  public var commandPath: [String] {
    parsed.commandPath
  }

  /// The option's value, nil when it was left out; when given more than once the last one wins.
  public mutating func read<Value>(_ option: OptionDeclaration<Value>) throws(UsageError) -> Value? {
    guard let text = words(of: option).last else { return nil }
    return try value(text, of: option)
  }

  /// Every value of an option that may repeat, in command-line order.
  public mutating func readAll<Value>(_ option: OptionDeclaration<Value>) throws(UsageError) -> [Value] {
    var values: [Value] = []
    for text in words(of: option) { values.append(try value(text, of: option)) }
    return values
  }

  /// Whether the option was given, its value unread: for options that only matter beside another.
  public mutating func isGiven<Value>(_ option: OptionDeclaration<Value>) -> Bool {
    !words(of: option).isEmpty
  }

  /// Whether the flag was given.
  public mutating func read(_ flag: FlagDeclaration) -> Bool {
    precondition(parsed.spec.flags.contains(flag.spec), "'\(parsed.name)' declares no flag '\(flag.spec.synopsis)'")
    markRead(flag.spec.synopsis)
    return parsed.flag(flag.spec.name)
  }

  /// The value of an argument that is neither optional nor repeating (the parser has made sure
  /// there is one).
  public mutating func read<Value>(_ argument: ArgumentDeclaration<Value>) throws(UsageError) -> Value {
    precondition(!argument.spec.isOptional && !argument.spec.isRepeating, "read '\(argument.spec.label)' with readAll")
    guard let value = try readAll(argument).first else {
      preconditionFailure("The parser gave '\(argument.spec.label)' no value")
    }
    return value
  }

  /// Every value of an argument, in command-line order; empty when an optional one was left out.
  public mutating func readAll<Value>(_ argument: ArgumentDeclaration<Value>) throws(UsageError) -> [Value] {
    precondition(
      parsed.spec.arguments.contains(argument.spec), "'\(parsed.name)' declares no argument '\(argument.spec.label)'")
    markRead(argument.spec.label)
    var values: [Value] = []
    for text in parsed.arguments(named: argument.spec.name) {
      switch argument.parser.parse(text) {
      case .success(let value): values.append(value)
      case .failure(let refusal):
        throw error(refusal, text: text, naming: argument.spec.label, synopsis: argument.spec.label)
      }
    }
    return values
  }

  /// An error about this command, for checks no single value can make (two options that exclude
  /// each other), rendered with this command's usage line.
  public func usageError(_ message: String) -> UsageError {
    parsed.usageError(message)
  }

  /// The words given to an option, noting it read.
  private mutating func words<Value>(of option: OptionDeclaration<Value>) -> [String] {
    precondition(
      parsed.spec.options.contains(option.spec), "'\(parsed.name)' declares no option '\(option.spec.synopsis)'")
    markRead(option.spec.longSpelling)
    return parsed.values(of: option.spec.name)
  }

  private func value<Value>(_ text: String, of option: OptionDeclaration<Value>) throws(UsageError) -> Value {
    switch option.parser.parse(text) {
    case .success(let value): return value
    case .failure(let refusal):
      throw error(refusal, text: text, naming: option.spec.longSpelling, synopsis: option.spec.synopsis)
    }
  }

  private mutating func markRead(_ name: String) {
    unread.removeAll { $0 == name }
  }

  /// The usage error a refusal words.
  private func error(_ refusal: ValueRefusal, text: String, naming name: String, synopsis: String) -> UsageError {
    let message: String
    switch refusal {
    case .invalid(let reason):
      let invalid = "The value '\(text)' is invalid for '\(synopsis)'"
      message = reason.map { "\(invalid): \($0)" } ?? invalid
    case .invalidForName(let reason): message = "The value '\(text)' is invalid for '\(name)': \(reason)"
    case .message(let text): message = text
    }
    return UsageError(message, commandPath: commandPath)
  }
}
