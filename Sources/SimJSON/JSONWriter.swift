/// Serializes `JSONValue`s as UTF-8 bytes.
///
/// Appending bytes to an array is several times cheaper than appending many small pieces to a
/// `String`, which matters when the simulator writes millions of lines.
struct JSONWriter {
  var bytes: [UInt8]
  let pretty: Bool

  init(pretty: Bool) {
    self.bytes = []
    self.pretty = pretty
  }

  mutating func write(_ value: JSONValue, indent: Int = 0) {
    switch value {
    case .null: append("null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .int(let integer): writeInteger(integer)
    case .double(let double):
      // Swift prints the shortest round-trip form ("0.1", "1e-05", "5.0"), all valid JSON.
      // JSON has no infinities or NaN, but JSON5 input does, and values read from input reach
      // the writer (a postback kept for deduplication, a value quoted in a message): they are
      // written as the JSON5 literals the parser reads back, never a crash.
      if double.isFinite {
        append(double.description)
      } else {
        append(double.isNaN ? "NaN" : double < 0 ? "-Infinity" : "Infinity")
      }
    case .string(let text): writeString(text)
    case .array(let elements): writeArray(elements, indent: indent)
    case .object(let object): writeObject(object, indent: indent)
    }
  }

  mutating func writeArray(_ elements: [JSONValue], indent: Int) {
    guard !elements.isEmpty else {
      append("[]")
      return
    }
    bytes.append(UInt8(ascii: "["))
    var isFirst = true
    for element in elements {
      if !isFirst { bytes.append(UInt8(ascii: ",")) }
      isFirst = false
      if pretty { writeLineBreak(indent: indent + 1) }
      write(element, indent: indent + 1)
    }
    if pretty { writeLineBreak(indent: indent) }
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func writeObject(_ object: [String: JSONValue], indent: Int) {
    guard !object.isEmpty else {
      append("{}")
      return
    }
    bytes.append(UInt8(ascii: "{"))
    var isFirst = true
    for (key, value) in Self.sortedMembers(object) {
      if !isFirst { bytes.append(UInt8(ascii: ",")) }
      isFirst = false
      if pretty { writeLineBreak(indent: indent + 1) }
      writeString(key)
      bytes.append(UInt8(ascii: ":"))
      if pretty { bytes.append(UInt8(ascii: " ")) }
      write(value, indent: indent + 1)
    }
    if pretty { writeLineBreak(indent: indent) }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Members with keys in UTF-8 byte order (the same as Unicode scalar order), which is
  /// independent of locale and of Unicode normalization, unlike `String`'s `<`.
  static func sortedMembers(_ object: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
    if object.count == 1 { return Array(object) }
    return object.sorted { utf8Precedes($0.key, $1.key) }
  }

  /// Byte-wise comparison, on the strings' contiguous UTF-8 storage when they have it.
  static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    let result = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        left.lexicographicallyPrecedes(right)
      }
    }
    return (result ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }

  mutating func writeLineBreak(indent: Int) {
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<indent {
      bytes.append(UInt8(ascii: " "))
      bytes.append(UInt8(ascii: " "))
    }
  }

  mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func writeInteger(_ integer: Int64) {
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    // The magnitude as UInt64 also covers Int64.min, whose negation overflows Int64.
    var magnitude = integer.magnitude
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    let start = bytes.count
    while magnitude > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    }
    bytes[start...].reverse()
  }

  /// Writes a quoted string escaped per RFC 8259, copying unescaped runs in one piece.
  mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    let handled: Void? = text.utf8.withContiguousStorageIfAvailable { writeEscaped($0) }
    if handled == nil { writeEscaped(Array(text.utf8)) }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func writeEscaped(_ utf8: some RandomAccessCollection<UInt8>) {
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        utf8.formIndex(after: &index)
        continue
      }
      bytes.append(contentsOf: utf8[runStart..<index])
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
      case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      default:
        // Only bytes below 0x20 get here: \u00 and two digits, the first being 0 or 1.
        append("u00")
        bytes.append(UInt8(ascii: "0") + byte >> 4)
        let low = byte & 0xF
        bytes.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
      }
      utf8.formIndex(after: &index)
      runStart = index
    }
    bytes.append(contentsOf: utf8[runStart..<utf8.endIndex])
  }
}
