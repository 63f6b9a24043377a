/// Where the argument, option and flag wrappers of a command being made report: while its spec
/// is derived, each wrapper adds its declaration; while the command is read, each reads its value
/// and notes any mistake.
///
/// A task-local rather than `Mirror` over a default instance: `Mirror` could list the wrappers but
/// cannot write their values back, whereas a context lets each wrapper fill itself as the
/// command's `init()` runs it, in declaration order, with no shared mutable state outside that
/// call.
final class DeclarationContext: @unchecked Sendable {
  // Unchecked: a context is made, used and dropped within one synchronous
  // `$current.withValue` call on one thread, so its state is never shared.

  /// The context of the command being made on this task, nil outside `declaring` and `reading`.
  @TaskLocal static var current: DeclarationContext?

  private(set) var arguments: [ArgumentSpec] = []
  private(set) var options: [OptionSpec] = []
  private(set) var flags: [FlagSpec] = []
  /// The values being read, nil while only declaring.
  private(set) var values: CommandValues?
  /// Each value that could not be read, as help spells its declaration, in declaration order.
  private(set) var mistakes: [(label: String, error: UsageError)] = []

  private init(values: CommandValues?) {
    self.values = values
  }

  /// The declarations `make` runs, in declaration order.
  static func declaring<T>(_ make: () -> T) -> (arguments: [ArgumentSpec], options: [OptionSpec], flags: [FlagSpec]) {
    let context = DeclarationContext(values: nil)
    _ = $current.withValue(context, operation: make)
    return (context.arguments, context.options, context.flags)
  }

  /// What `make` makes with each wrapper's value read from `values`, and the mistakes found.
  static func reading<T>(
    _ values: inout CommandValues, _ make: () -> T
  ) -> (made: T, mistakes: [(label: String, error: UsageError)]) {
    let context = DeclarationContext(values: values)
    let made = $current.withValue(context, operation: make)
    if let read = context.values { values = read }
    return (made, context.mistakes)
  }

  /// An argument's value, or nil when none is read.
  static func argument<T>(_ spec: ArgumentSpec, _ read: (inout CommandValues) throws(UsageError) -> T) -> T? {
    current?.value(label: spec.label, read) { $0.arguments.append(spec) }
  }

  /// An option's value, or nil when none is read.
  static func option<T>(_ spec: OptionSpec, _ read: (inout CommandValues) throws(UsageError) -> T) -> T? {
    current?.value(label: spec.longSpelling, read) { $0.options.append(spec) }
  }

  /// Whether the option was given, whether or not its value reads.
  static func isGiven<Value>(_ declaration: OptionDeclaration<Value>) -> Bool {
    current?.values?.isGiven(declaration) ?? false
  }

  /// A flag's value, or nil when none is read.
  static func flag(_ declaration: FlagDeclaration) -> Bool? {
    current?.value(label: declaration.spec.synopsis, { values in values.read(declaration) }) {
      $0.flags.append(declaration.spec)
    }
  }

  private func value<T>(
    label: String, _ read: (inout CommandValues) throws(UsageError) -> T, declare: (DeclarationContext) -> Void
  ) -> T? {
    guard var given = values else {
      declare(self)
      return nil
    }
    defer { values = given }
    do {
      return try read(&given)
    } catch {
      mistakes.append((label, error))
      return nil
    }
  }
}
