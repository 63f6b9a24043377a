/// A parsed JSON value together with where it starts in the source text.
public struct JSONNode: Sendable {
  /// The kinds of value a node can hold.
  public enum Value: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, keeping its literal text.
    case number(JSONNumber)
    /// A string with escapes resolved.
    case string(String)
    /// An array's elements in source order.
    case array([JSONNode])
    /// An object's members in source order; keys are unique.
    case object([JSONMember])

    /// The kind as a word for messages: "object", "array", "string", "number", "boolean" or "null".
    public var kindName: String {
      switch self {
      case .null: "null"
      case .bool: "boolean"
      case .number: "number"
      case .string: "string"
      case .array: "array"
      case .object: "object"
      }
    }
  }

  /// The value.
  public var value: Value
  /// Where the value starts (for numbers, at the sign if there is one).
  public var location: SourceLocation

  /// Creates a node from a value and its location.
  public init(value: Value, location: SourceLocation) {
    self.value = value
    self.location = location
  }

  /// A short description for error messages, e.g. "string 'abc'", "number 1.5", "object".
  ///
  /// Strings and long number literals are quoted through ``Excerpt``, so the summary always fits
  /// on one line of a message.
  public var summary: String {
    switch value {
    case .null: "null"
    case .bool(let flag): "boolean \(flag)"
    case .number(let number) where number.literal.count > Excerpt.limit: "number \(Excerpt.quoted(number.literal))"
    case .number(let number): "number \(number.literal)"
    case .string(let text): "string \(Excerpt.quoted(text))"
    case .array: "array"
    case .object: "object"
    }
  }
}
