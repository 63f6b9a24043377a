import DidYouMean

/// Recursive-descent JSON5 reader over UTF-8 bytes.
///
/// It works on a byte array rather than `String` indices because per-character indexing is far
/// too slow for multi-megabyte files. The line and column are advanced together with `position`,
/// so a location costs nothing to take; the column counts bytes that start a Unicode scalar.
struct JSON5Scanner {
  /// Deeper documents are rejected rather than risking a stack overflow in the recursion.
  static let maximumDepth = 512

  let bytes: [UInt8]
  var position = 0
  var line = 1
  var column = 1
  var depth = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
    // A byte order mark is an encoding artefact, not content, so it does not count as a column.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  var location: SourceLocation { SourceLocation(line: line, column: column) }

  /// The byte `offset` bytes ahead, or nil past the end.
  func peek(_ offset: Int = 0) -> UInt8? {
    let index = position + offset
    return index < bytes.count ? bytes[index] : nil
  }

  /// Steps over one ASCII byte that is not a line break.
  mutating func advanceASCII() {
    position += 1
    column += 1
  }

  /// Steps over any one byte, keeping line and column right.
  mutating func advance() {
    let byte = bytes[position]
    position += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte == UInt8(ascii: "\r") {
      // CR LF is one line break, counted at the LF; a lone CR (old Mac files) is one too.
      if peek() == UInt8(ascii: "\n") {
        column += 1
      } else {
        line += 1
        column = 1
      }
    } else if byte & 0xC0 != 0x80 {
      column += 1
    }
  }

  /// An error at the current location.
  func failure(_ message: String) -> JSONParseError {
    JSONParseError(message: message, location: location)
  }

  // MARK: - Values

  mutating func parseDocument() throws(JSONParseError) -> JSONNode {
    try skipTrivia()
    let root = try parseValue()
    try skipTrivia()
    if position < bytes.count {
      throw failure("expected end of file after top-level value, found \(describeCurrent())")
    }
    return root
  }

  /// Parses the value at the current position; leading trivia must already be skipped.
  mutating func parseValue() throws(JSONParseError) -> JSONNode {
    let start = location
    guard let byte = peek() else { throw failure("expected value, found end of file") }
    switch byte {
    case UInt8(ascii: "{"):
      return JSONNode(value: try parseObject(), location: start)
    case UInt8(ascii: "["):
      return JSONNode(value: try parseArray(), location: start)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return JSONNode(value: .string(try parseString()), location: start)
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      return JSONNode(value: .number(try parseNumber()), location: start)
    case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"):
      throw failure("expected value, found \(describeCurrent())")
    default:
      return JSONNode(value: try parseWord(), location: start)
    }
  }

  /// Parses `true`, `false`, `null`, `Infinity` or `NaN`, suggesting one of them for a typo.
  mutating func parseWord() throws(JSONParseError) -> JSONNode.Value {
    let start = location
    let startPosition = position
    guard let word = try parseIdentifierName(allowEscapes: false) else {
      throw failure("unexpected character \(describeCurrent())")
    }
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case "Infinity", "NaN":
      // Re-read through the number path so the literal and values are computed in one place.
      position = startPosition
      line = start.line
      column = start.column
      return .number(try parseNumber())
    default:
      let literals = ["true", "false", "null", "Infinity", "NaN"]
      let hint = Suggestion.closest(to: word, among: literals).map { " (did you mean '\($0)'?)" }
      throw JSONParseError(
        message: "expected value, found \(Excerpt.quoted(word))\(hint ?? "")", location: start)
    }
  }

  mutating func parseArray() throws(JSONParseError) -> JSONNode.Value {
    try enterContainer()
    advanceASCII()  // [
    var elements: [JSONNode] = []
    try skipTrivia()
    if peek() == UInt8(ascii: "]") {
      advanceASCII()
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      try skipTrivia()
      switch peek() {
      case UInt8(ascii: ","):
        advanceASCII()
        try skipTrivia()
        // A trailing comma is allowed: the array may end right after it.
        if peek() == UInt8(ascii: "]") {
          advanceASCII()
          depth -= 1
          return .array(elements)
        }
      case UInt8(ascii: "]"):
        advanceASCII()
        depth -= 1
        return .array(elements)
      default:
        throw failure("expected ',' or ']' after array element, found \(describeCurrent())")
      }
    }
  }

  mutating func parseObject() throws(JSONParseError) -> JSONNode.Value {
    try enterContainer()
    advanceASCII()  // {
    var members: [JSONMember] = []
    // Small objects check duplicates by a linear scan; a dictionary only pays off for big ones.
    var keyIndex: [String: SourceLocation] = [:]
    let linearScanLimit = 8
    try skipTrivia()
    while true {
      guard let byte = peek() else {
        throw failure("expected object key or '}', found end of file")
      }
      if byte == UInt8(ascii: "}") {
        advanceASCII()
        depth -= 1
        return .object(members)
      }
      let keyLocation = location
      let key: String
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        key = try parseString()
      } else if let name = try parseIdentifierName(allowEscapes: true) {
        key = name
      } else {
        throw failure("expected object key or '}', found \(describeCurrent())")
      }

      let firstLocation: SourceLocation?
      if members.count < linearScanLimit {
        firstLocation = members.first(where: { $0.key == key })?.keyLocation
      } else {
        if keyIndex.isEmpty {
          for member in members { keyIndex[member.key] = member.keyLocation }
        }
        firstLocation = keyIndex.updateValue(keyLocation, forKey: key)
      }
      if let firstLocation {
        throw JSONParseError(
          message: "duplicate key \(Excerpt.quoted(key)) (first at \(firstLocation))", location: keyLocation)
      }

      try skipTrivia()
      guard peek() == UInt8(ascii: ":") else {
        throw failure("expected ':' after object key, found \(describeCurrent())")
      }
      advanceASCII()
      try skipTrivia()
      let value = try parseValue()
      members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
      try skipTrivia()
      switch peek() {
      case UInt8(ascii: ","):
        advanceASCII()
        try skipTrivia()
      case UInt8(ascii: "}"):
        advanceASCII()
        depth -= 1
        return .object(members)
      default:
        throw failure("expected ',' or '}' after object member, found \(describeCurrent())")
      }
    }
  }

  mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw failure("arrays and objects nested deeper than \(Self.maximumDepth) levels")
    }
  }

  // MARK: - Trivia

  /// Skips whitespace and comments.
  mutating func skipTrivia() throws(JSONParseError) {
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
        advanceASCII()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        advance()
      case UInt8(ascii: "/"):
        switch peek(1) {
        case UInt8(ascii: "/"): skipLineComment()
        case UInt8(ascii: "*"): try skipBlockComment()
        default: return
        }
      case 0x80...:
        let (scalar, length) = scalar(at: position)
        guard Self.isNonASCIIWhitespace(scalar) else { return }
        position += length
        column += 1
      default:
        return
      }
    }
  }

  /// Skips a `//` comment up to, not including, the line terminator.
  mutating func skipLineComment() {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || isLineSeparator(at: position) {
        return
      }
      position += 1
      if byte & 0xC0 != 0x80 { column += 1 }
    }
  }

  /// Skips a `/* */` comment; comments do not nest.
  mutating func skipBlockComment() throws(JSONParseError) {
    let start = location
    advanceASCII()
    advanceASCII()
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        advanceASCII()
        advanceASCII()
        return
      }
      advance()
    }
    // Reported at the opening "/*": the end of the file says nothing about where it went wrong.
    throw JSONParseError(message: "unterminated comment", location: start)
  }

  /// Whether U+2028 or U+2029, which JSON5 treats as line terminators, starts at `index`.
  func isLineSeparator(at index: Int) -> Bool {
    index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
      && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
  }

  /// JSON5 whitespace beyond ASCII: no-break space, BOM, line/paragraph separators, Zs spaces.
  static func isNonASCIIWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xA0, 0xFEFF, 0x2028, 0x2029: true
    default: scalar.properties.generalCategory == .spaceSeparator
    }
  }

  // MARK: - Characters

  /// Decodes the scalar starting at `index`; the text came from a `String`, so it is valid UTF-8.
  func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case ..<0x80: return (Unicode.Scalar(lead), 1)
    case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    default: (length, value) = (4, UInt32(lead & 0x07))
    }
    var offset = 1
    while offset < length, index + offset < bytes.count {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
      offset += 1
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// The character at the current position for "found …" messages, or "end of file".
  func describeCurrent() -> String {
    guard position < bytes.count else { return "end of file" }
    return Self.describe(scalar(at: position).scalar)
  }

  /// A scalar quoted for a message, or as U+XXXX when it would be invisible.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let invisible =
      scalar.value < 0x20 || (0x7F...0xA0).contains(scalar.value)
      || scalar.properties.generalCategory == .spaceSeparator
      || scalar.properties.generalCategory == .format
      || scalar.properties.generalCategory == .lineSeparator
      || scalar.properties.generalCategory == .paragraphSeparator
    return invisible ? hexName(scalar) : "'\(scalar)'"
  }

  /// "U+000A" style name of a scalar.
  static func hexName(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
