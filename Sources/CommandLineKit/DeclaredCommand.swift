/// A command whose arguments, options and flags are declared once, on the stored properties
/// that hold their values (`@Argument`, `@Option`, `@Flag`, and option groups: stored values of
/// types whose own properties are declared so).
///
/// Its spec comes from `spec(name:abstract:discussion:)` and its `init(_:)` is provided: the
/// declarations are read in declaration order (arguments, options and flags each keep that order
/// in the help), and the first mistake in that order is reported, unless `readingOrder` gives
/// another.
public protocol DeclaredCommand: Command {
  /// The command with every declared property at its default; when made inside a declaration
  /// context the properties fill themselves from the command line.
  init()

  /// Where mistakes are reported when declaration order is not the order wanted, and checks of
  /// values together that come before later values' mistakes. Declarations it does not name are
  /// reported after it, in declaration order; `validate()` comes after all.
  static var readingOrder: [ReadingStep<Self>] { get }
}

/// One step of a `DeclaredCommand`'s `readingOrder`.
public enum ReadingStep<Declared> {
  /// The mistake in this declaration's value, if any; named as help spells it (`<scenario>`, `--seed`).
  case value(String)
  /// A check of values already read, one of the command's methods (`.check(Self.checkPhases)`);
  /// its error is reported as a usage error.
  case check((Declared) -> () throws(ValidationError) -> Void)
}

extension DeclaredCommand {
  /// Declaration order.
  public static var readingOrder: [ReadingStep<Self>] { [] }

  /// The command's spec: its name and help with the arguments, options and flags it declares.
  public static func spec(name: String, abstract: String = "", discussion: String = "") -> CommandSpec {
    let declared = DeclarationContext.declaring { Self() }
    return CommandSpec(
      name: name, abstract: abstract, discussion: discussion, arguments: declared.arguments, options: declared.options,
      flags: declared.flags)
  }

  /// Reads every declaration from `values`; the first mistake in `readingOrder` is thrown.
  public init(_ values: inout CommandValues) throws(UsageError) {
    let (command, mistakes) = DeclarationContext.reading(&values) { Self() }
    for step in Self.readingOrder {
      switch step {
      case .value(let label):
        if let mistake = mistakes.first(where: { $0.label == label }) { throw mistake.error }
      case .check(let check):
        do {
          try check(command)()
        } catch {
          throw values.usageError(error.message)
        }
      }
    }
    if let mistake = mistakes.first { throw mistake.error }
    self = command
  }
}
