/// A positional argument of a command, such as `<scenario>`.
public struct ArgumentSpec: Sendable, Hashable {
  /// The name shown as `<name>` and used to read the value back with `arguments(named:)`.
  public let name: String
  /// One-line help shown in the ARGUMENTS section.
  public let help: String
  /// Whether the argument takes every remaining value (one or more, or zero or more if optional).
  public let isRepeating: Bool
  /// Whether the argument may be left out.
  public let isOptional: Bool
  /// What shell completion offers for the argument.
  public let completion: ValueCompletion

  /// Declares a positional argument; most arguments are files, so shells complete paths unless told.
  public init(
    name: String, help: String = "", isRepeating: Bool = false, isOptional: Bool = false,
    completion: ValueCompletion = .file
  ) {
    precondition(!name.isEmpty, "An argument needs a name")
    self.name = name
    self.help = help
    self.isRepeating = isRepeating
    self.isOptional = isOptional
    self.completion = completion
  }

  /// The argument as it appears in help and errors: `<name>` or `<name> ...`.
  var label: String {
    isRepeating ? "<\(name)> ..." : "<\(name)>"
  }

  /// The argument as it appears in a usage line, bracketed when it may be left out.
  var usage: String {
    isOptional ? "[\(label)]" : label
  }
}
