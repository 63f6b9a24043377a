/// An option that takes a value, declared with the type its value is read as: the typed form of
/// an `OptionSpec`, read with `CommandValues.read(_:)`.
public struct OptionDeclaration<Value>: Sendable {
  /// The declaration the parser, the help and the completion scripts see.
  public let spec: OptionSpec
  /// How each given word becomes a value.
  let parser: ValueParser<Value>

  /// Declares an option; shells complete what `completion` says, else what the parser offers
  /// (an enumeration's values), else paths for a `file` or `dir` value.
  public init(
    name: String, short: Character? = nil, valueName: String? = nil, help: String = "",
    defaultDescription: String? = nil, completion: ValueCompletion? = nil, parsing parser: ValueParser<Value>
  ) {
    spec = OptionSpec(
      name: name, short: short, valueName: valueName, help: help, defaultDescription: defaultDescription,
      completion: completion ?? parser.completion)
    self.parser = parser
  }
}
