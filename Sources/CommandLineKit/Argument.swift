/// A command's positional argument declared on the property that holds its value:
/// `@Argument(name: "scenario", parsing: .inputPath) var path: String`.
///
/// `DeclaredCommand` derives the spec from it and fills the property: a plain property is a
/// required argument, an optional one may be left out, an array takes every remaining value (one
/// or more; zero or more with `isOptional`).
@propertyWrapper
public struct Argument<Value> {
  /// Nil only in the instance a spec is derived from, which is never read.
  private let value: Value?

  /// The argument's value.
  public var wrappedValue: Value {
    guard let value else { preconditionFailure("An argument's value was read before the command line was") }
    return value
  }

  /// A required argument.
  public init(name: String, help: String = "", completion: ValueCompletion? = nil, parsing parser: ValueParser<Value>) {
    let declaration = ArgumentDeclaration(name: name, help: help, completion: completion, parsing: parser)
    value = DeclarationContext.argument(declaration.spec) { values throws(UsageError) in try values.read(declaration) }
  }

  /// An argument that may be left out.
  public init<Element>(
    name: String, help: String = "", completion: ValueCompletion? = nil, parsing parser: ValueParser<Element>
  ) where Value == Element? {
    let declaration = ArgumentDeclaration(
      name: name, help: help, isOptional: true, completion: completion, parsing: parser)
    value = .some(
      DeclarationContext.argument(declaration.spec) { values throws(UsageError) in
        try values.readAll(declaration).first
      } ?? nil)
  }

  /// An argument that takes every remaining value: one or more, or zero or more if `isOptional`.
  public init<Element>(
    name: String, help: String = "", isOptional: Bool = false, completion: ValueCompletion? = nil,
    parsing parser: ValueParser<Element>
  ) where Value == [Element] {
    let declaration = ArgumentDeclaration(
      name: name, help: help, isRepeating: true, isOptional: isOptional, completion: completion, parsing: parser)
    value =
      DeclarationContext.argument(declaration.spec) { values throws(UsageError) in try values.readAll(declaration) } ?? []
  }
}

extension Argument: Sendable where Value: Sendable {}
