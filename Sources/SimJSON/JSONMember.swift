/// One `key: value` member of a parsed object, with where its key was written.
public struct JSONMember: Sendable {
  /// The decoded key (escapes resolved, quotes removed).
  public var key: String
  /// Where the key starts: its opening quote, or its first character when unquoted.
  public var keyLocation: SourceLocation
  /// The member's value.
  public var value: JSONNode

  /// Creates a member from its key, the key's location and its value.
  public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.value = value
  }
}
