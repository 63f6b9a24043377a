/// A command's values that parse one by one but not together (two options that exclude each
/// other): thrown by `Command.validate()`, reported as a usage error of that command.
public struct ValidationError: Error, Sendable, Hashable {
  /// What is wrong, without the `Error: ` prefix.
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }
}
