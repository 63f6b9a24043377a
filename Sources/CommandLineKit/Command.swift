/// A subcommand as a type: its declaration, its typed values and the work it does, side by side.
///
/// The tool parses the command line against `configuration`, then makes the command with
/// `init(_:)`, which reads each declared argument, option and flag once into a typed stored
/// property, checks the values together with `validate()`, and calls `run()`. A
/// `DeclaredCommand` declares each on its property and is given `configuration`'s arguments,
/// options and flags and `init(_:)`.
public protocol Command {
  /// The command's name, help, arguments, options and flags.
  static var configuration: CommandSpec { get }

  /// Reads the parsed command line; a value the command cannot use is a usage error.
  ///
  /// Mistakes are reported in the order the values are read, so an initializer reads them in
  /// the order it wants them reported.
  init(_ values: inout CommandValues) throws(UsageError)

  /// Checks the values together once all are read; its error is reported as a usage error
  /// (exit status 64), after any mistake in a single value.
  func validate() throws(ValidationError)

  /// Does the command's work; a usage error found only while running (a path that does not
  /// exist) is thrown, anything else is reported by the command and told by its exit status.
  func run() throws(UsageError) -> ExitStatus
}

extension Command {
  /// Values that parse accept each other, unless a command says otherwise.
  public func validate() throws(ValidationError) {}

  /// The command `values` make, read and then validated: what the tool runs.
  public static func make(_ values: inout CommandValues) throws(UsageError) -> Self {
    let command = try Self(&values)
    do {
      try command.validate()
    } catch {
      throw values.usageError(error.message)
    }
    return command
  }
}
