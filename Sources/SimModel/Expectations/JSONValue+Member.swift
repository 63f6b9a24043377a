import SimJSON

extension JSONValue {
  /// The member `key` of an object; nil for anything else or a missing key.
  package func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }
}
