/// A positional argument declared with the type its values are read as: the typed form of an
/// `ArgumentSpec`, read with `CommandValues.read(_:)` or `readAll(_:)`.
public struct ArgumentDeclaration<Value>: Sendable {
  /// The declaration the parser, the help and the completion scripts see.
  public let spec: ArgumentSpec
  /// How each given word becomes a value.
  let parser: ValueParser<Value>

  /// Declares an argument; shells complete what `completion` says, else what the parser offers,
  /// else paths.
  public init(
    name: String, help: String = "", isRepeating: Bool = false, isOptional: Bool = false,
    completion: ValueCompletion? = nil, parsing parser: ValueParser<Value>
  ) {
    spec = ArgumentSpec(
      name: name, help: help, isRepeating: isRepeating, isOptional: isOptional,
      completion: completion ?? parser.completion ?? .file)
    self.parser = parser
  }
}
