/// A subcommand as a type: its declaration, its typed values and the work it does, side by side.
///
/// The tool parses the command line against `configuration`, then makes the command with
/// `init(_:)`, which reads each declared argument, option and flag once into a typed stored
/// property, and calls `run()`.
public protocol Command {
  /// The command's name, help, arguments, options and flags.
  static var configuration: CommandSpec { get }

  /// Reads the parsed command line; a value the command cannot use is a usage error.
  ///
  /// Mistakes are reported in the order the values are read, so an initializer reads them in
  /// the order it wants them reported.
  init(_ values: inout CommandValues) throws(UsageError)

  /// Does the command's work; a usage error found only while running (a path that does not
  /// exist) is thrown, anything else is reported by the command and told by its exit status.
  func run() throws(UsageError) -> ExitStatus
}
