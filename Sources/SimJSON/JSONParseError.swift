/// Why and where JSON or JSON5 text failed to parse.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A lowercase message without a trailing period, e.g. "unterminated string".
  public let message: String
  /// The offending character, or where the end of the file was met.
  public let location: SourceLocation

  /// Creates an error with a message and the location it refers to.
  public init(message: String, location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// The error as "line:column: message"; callers usually prefix the file name.
  public var description: String { "\(location): \(message)" }
}
