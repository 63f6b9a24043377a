/// A command's option declared on the stored property that holds its value:
/// `@Option(name: "seed", valueName: "n", parsing: .integer(in: 0...9)) var seed: Int?`.
///
/// The declaration is written once: `DeclaredCommand` derives the command's spec (help, man
/// page, completions, parsing) from it and fills the property from the command line. An
/// optional property holds the last value given, or nil; a property with an initial value keeps
/// it when the option is left out; an array property holds every value given, in order.
@propertyWrapper
public struct Option<Value> {
  /// The option's value.
  public let wrappedValue: Value
  /// Whether the option was given on the command line, read as `$name.isGiven`.
  public let isGiven: Bool

  /// The wrapper itself, so a check can ask whether the option was given.
  public var projectedValue: Self { self }

  /// An option whose property is nil when it is left out; when given more than once the last wins.
  public init<Element>(
    name: String, short: Character? = nil, valueName: String? = nil, help: String = "",
    defaultDescription: String? = nil, completion: ValueCompletion? = nil, parsing parser: ValueParser<Element>
  ) where Value == Element? {
    self.init(
      OptionDeclaration(
        name: name, short: short, valueName: valueName, help: help, defaultDescription: defaultDescription,
        completion: completion, parsing: parser),
      absent: nil
    ) { values, declaration throws(UsageError) in try values.read(declaration) }
  }

  /// An option whose property keeps its initial value when the option is left out.
  public init(
    wrappedValue initial: Value, name: String, short: Character? = nil, valueName: String? = nil, help: String = "",
    defaultDescription: String? = nil, completion: ValueCompletion? = nil, parsing parser: ValueParser<Value>
  ) {
    self.init(
      OptionDeclaration(
        name: name, short: short, valueName: valueName, help: help, defaultDescription: defaultDescription,
        completion: completion, parsing: parser),
      absent: initial
    ) { values, declaration throws(UsageError) in try values.read(declaration) ?? initial }
  }

  /// An option that may be given many times; its property holds every value, in command-line order.
  public init<Element>(
    name: String, short: Character? = nil, valueName: String? = nil, help: String = "",
    defaultDescription: String? = nil, completion: ValueCompletion? = nil, parsing parser: ValueParser<Element>
  ) where Value == [Element] {
    self.init(
      OptionDeclaration(
        name: name, short: short, valueName: valueName, help: help, defaultDescription: defaultDescription,
        completion: completion, parsing: parser),
      absent: []
    ) { values, declaration throws(UsageError) in try values.readAll(declaration) }
  }

  /// Declares `declaration` or reads it with `read`; `absent` while declaring or when the value
  /// does not read.
  private init<Element>(
    _ declaration: OptionDeclaration<Element>, absent: Value,
    read: (inout CommandValues, OptionDeclaration<Element>) throws(UsageError) -> Value
  ) {
    isGiven = DeclarationContext.isGiven(declaration)
    wrappedValue =
      DeclarationContext.option(declaration.spec) { values throws(UsageError) in try read(&values, declaration) }
      ?? absent
  }
}

extension Option: Sendable where Value: Sendable {}
