import SimJSON

/// The members of one JSON object, read by key.
package struct ObjectReader {
  package let reader: JSONReader
  package let members: [JSONMember]

  package func has(_ key: String) -> Bool { members.contains { $0.key == key } }

  /// The member `key`, or nil (silently) when absent.
  package func optional(_ key: String) -> JSONReader? {
    members.first { $0.key == key }.map { reader.child($0.value, key: key) }
  }

  /// The member `key`; logs "missing key" when absent.
  package func required(_ key: String, _ what: String = "") -> JSONReader? {
    if let found = optional(key) { return found }
    let detail = what.isEmpty ? "" : " (\(what))"
    reader.error("missing key '\(key)'\(detail)")
    return nil
  }
}
