/// A command's flag declared on the `Bool` property that holds it:
/// `@Flag(name: "trace", help: "…") var trace: Bool`; `DeclaredCommand` derives the spec from it
/// and sets the property when the flag is given.
@propertyWrapper
public struct Flag: Sendable {
  /// Whether the flag was given.
  public let wrappedValue: Bool

  /// Declares a flag.
  public init(name: String, short: Character? = nil, help: String = "") {
    wrappedValue = DeclarationContext.flag(FlagDeclaration(name: name, short: short, help: help)) ?? false
  }
}
