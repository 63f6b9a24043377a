/// A JSON value to write out; objects are unordered and serialized with sorted keys.
public indirect enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer, written in decimal.
  case int(Int64)
  /// A finite double; serializing a non-finite one is a programming error.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; serialization sorts its keys.
  case object([String: JSONValue])

  /// Converts a parsed node, dropping locations and member order.
  ///
  /// Numbers with an exact `int64` become `.int` and all others `.double`, so `Infinity` and
  /// `NaN` become non-finite doubles that callers must reject before serializing.
  public init(_ node: JSONNode) {
    switch node.value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .number(let number):
      if let integer = number.int64 { self = .int(integer) } else { self = .double(number.double) }
    case .string(let text): self = .string(text)
    case .array(let elements): self = .array(elements.map(JSONValue.init))
    case .object(let members):
      var object = [String: JSONValue](minimumCapacity: members.count)
      for member in members { object[member.key] = JSONValue(member.value) }
      self = .object(object)
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral {
  /// Creates `.null` from `nil`.
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// Creates `.bool` from `true` or `false`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// Creates `.int` from an integer literal.
  public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// Creates `.double` from a floating-point literal.
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// Creates `.string` from a string literal.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// Creates `.array` from an array literal.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// Creates `.object` from a dictionary literal; like `Dictionary`, duplicate keys trap.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(uniqueKeysWithValues: elements))
  }
}
