import SimJSON

extension JSONValue {
  /// The members, when this is an object.
  package var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements, when this is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The text, when this is a string.
  package var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}
