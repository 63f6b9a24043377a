/// A flag, read as a `Bool` with `CommandValues.read(_:)`: the typed form of a `FlagSpec`.
public struct FlagDeclaration: Sendable {
  /// The declaration the parser, the help and the completion scripts see.
  public let spec: FlagSpec

  /// Declares a flag.
  public init(name: String, short: Character? = nil, help: String = "") {
    spec = FlagSpec(name: name, short: short, help: help)
  }
}
