import SimJSON

// Swift Testing also declares a `SourceLocation`, so tests name SimJSON's through this helper.
func at(_ line: Int, _ column: Int) -> SimJSON.SourceLocation {
  SimJSON.SourceLocation(line: line, column: column)
}

/// Parses text and drops locations, for comparing against `JSONValue` literals.
func parseValue(_ text: String) throws -> JSONValue {
  JSONValue(try JSONParser.parse(text))
}

/// The error parsing `text` throws, or nil when it parses.
func parseError(_ text: String) -> JSONParseError? {
  do {
    _ = try JSONParser.parse(text)
    return nil
  } catch {
    return error
  }
}

/// The error expected for `message` at `line`:`column`.
func failure(_ message: String, _ line: Int, _ column: Int) -> JSONParseError {
  JSONParseError(message: message, location: at(line, column))
}

/// The number a document consisting of one number literal parses to.
func parseNumber(_ text: String) throws -> JSONNumber? {
  guard case .number(let number) = try JSONParser.parse(text).value else { return nil }
  return number
}

extension JSONNode {
  /// The member value or element at a path of keys and indices, for location tests.
  subscript(path path: Any...) -> JSONNode? {
    var node = self
    for step in path {
      switch (node.value, step) {
      case (.object(let members), let key as String):
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        node = member.value
      case (.array(let elements), let index as Int):
        guard elements.indices.contains(index) else { return nil }
        node = elements[index]
      default:
        return nil
      }
    }
    return node
  }

  /// The members of an object node, or an empty array.
  var members: [JSONMember] {
    if case .object(let members) = value { return members }
    return []
  }
}
