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

  /// Declares a positional argument.
  public init(
    name: String, help: String = "", isRepeating: Bool = false, isOptional: Bool = false
  ) {
    precondition(!name.isEmpty, "An argument needs a name")
    self.name = name
    self.help = help
    self.isRepeating = isRepeating
    self.isOptional = isOptional
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
