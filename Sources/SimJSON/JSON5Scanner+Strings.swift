extension JSON5Scanner {
  /// Parses a double- or single-quoted string starting at the current position.
  mutating func parseString() throws(JSONParseError) -> String {
    let start = location
    let quote = bytes[position]
    advanceASCII()
    var result = ""
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == quote {
        // Most strings have no escapes, so the whole string is usually this single run.
        appendRun(from: runStart, to: &result)
        advanceASCII()
        return result
      } else if byte == UInt8(ascii: "\\") {
        appendRun(from: runStart, to: &result)
        try parseEscape(into: &result, stringStart: start)
        runStart = position
      } else if byte < 0x20 {
        throw failure("control character \(Self.hexName(Unicode.Scalar(byte))) in string")
      } else {
        position += 1
        if byte & 0xC0 != 0x80 { column += 1 }
      }
    }
    // Reported at the opening quote, which is where the mistake usually is.
    throw JSONParseError(message: "unterminated string", location: start)
  }

  /// Appends the raw bytes from `start` up to the current position.
  func appendRun(from start: Int, to result: inout String) {
    guard start < position else { return }
    let run = String(decoding: bytes[start..<position], as: UTF8.self)
    if result.isEmpty { result = run } else { result += run }
  }

  /// Decodes one backslash escape, or skips a line continuation.
  mutating func parseEscape(
    into result: inout String, stringStart: SourceLocation
  ) throws(JSONParseError) {
    let escapeStart = position
    let escapeLocation = location
    advanceASCII()  // backslash
    guard let byte = peek() else {
      throw JSONParseError(message: "unterminated string", location: stringStart)
    }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "/"):
      result.unicodeScalars.append(Unicode.Scalar(byte))
    case UInt8(ascii: "b"): result += "\u{08}"
    case UInt8(ascii: "f"): result += "\u{0C}"
    case UInt8(ascii: "n"): result += "\n"
    case UInt8(ascii: "r"): result += "\r"
    case UInt8(ascii: "t"): result += "\t"
    case UInt8(ascii: "v"): result += "\u{0B}"
    case UInt8(ascii: "0"):
      // "\0" followed by a digit would be a legacy octal escape, which JSON5 forbids.
      if let next = peek(1), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
        throw invalidEscape(from: escapeStart, length: 3, at: escapeLocation, in: "string")
      }
      result += "\0"
    case UInt8(ascii: "x"):
      advanceASCII()
      guard let value = readHex(digits: 2) else {
        throw invalidEscape(from: escapeStart, length: 4, at: escapeLocation, in: "string")
      }
      result.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
      return
    case UInt8(ascii: "u"):
      result.unicodeScalars.append(try parseUnicodeEscape(from: escapeStart, in: "string"))
      return
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      // Line continuation: the backslash and the line break vanish from the value.
      advance()
      if byte == UInt8(ascii: "\r"), peek() == UInt8(ascii: "\n") { advance() }
      return
    default:
      if isLineSeparator(at: position) {
        position += 3
        column += 1
        return
      }
      let length = scalar(at: position).length
      throw invalidEscape(from: escapeStart, length: 1 + length, at: escapeLocation, in: "string")
    }
    advanceASCII()
  }

  /// Reads a `\uXXXX` escape (the current byte is the `u`), joining a UTF-16 surrogate pair.
  mutating func parseUnicodeEscape(
    from escapeStart: Int, in context: String
  ) throws(JSONParseError) -> Unicode.Scalar {
    let escapeLocation = SourceLocation(line: line, column: column - 1)
    advanceASCII()  // u
    guard let unit = readHex(digits: 4) else {
      throw invalidEscape(from: escapeStart, length: 6, at: escapeLocation, in: context)
    }
    if let scalar = Unicode.Scalar(unit) { return scalar }
    let unpaired = JSONParseError(
      message: "unpaired surrogate '\(text(from: escapeStart, length: 6))' in \(context)",
      location: escapeLocation)
    // A high surrogate must be followed straight away by an escaped low surrogate.
    guard (0xD800..<0xDC00).contains(unit), peek() == UInt8(ascii: "\\"),
      peek(1) == UInt8(ascii: "u")
    else { throw unpaired }
    advanceASCII()
    advanceASCII()
    guard let low = readHex(digits: 4), (0xDC00..<0xE000).contains(low),
      let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    else { throw unpaired }
    return scalar
  }

  /// Reads exactly `digits` hex digits, or returns nil leaving the position unspecified.
  mutating func readHex(digits: Int) -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<digits {
      guard let byte = peek(), let digit = Self.hexDigitValue(byte) else { return nil }
      value = value << 4 | UInt32(digit)
      advanceASCII()
    }
    return value
  }

  static func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// An "invalid escape" error quoting up to `length` bytes of the escape as written.
  func invalidEscape(
    from start: Int, length: Int, at location: SourceLocation, in context: String
  ) -> JSONParseError {
    JSONParseError(
      message: "invalid escape '\(text(from: start, length: length))' in \(context)",
      location: location)
  }

  /// Up to `length` bytes of source from `start`, cut before a quote, backslash or control
  /// character so the quoted text in a message stays readable.
  func text(from start: Int, length: Int) -> String {
    var end = start + 1
    let limit = min(bytes.count, start + length)
    while end < limit {
      let byte = bytes[end]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        || byte == UInt8(ascii: "\\")
      {
        break
      }
      end += 1
    }
    // Never cut inside a multi-byte scalar.
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  // MARK: - Identifiers

  /// Reads an ECMAScript IdentifierName, or returns nil when none starts here.
  ///
  /// `\uXXXX` escapes are allowed in object keys, as in JSON5, but not in the words `true`,
  /// `null` and so on, where ECMAScript forbids them.
  mutating func parseIdentifierName(allowEscapes: Bool) throws(JSONParseError) -> String? {
    var name = ""
    var isFirst = true
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte < 0x80 {
        if Self.isASCIIIdentifierStart(byte) || (!isFirst && Self.isASCIIDigit(byte)) {
          advanceASCII()
          isFirst = false
        } else if byte == UInt8(ascii: "\\"), allowEscapes {
          let escapeStart = position
          let escapeLocation = location
          guard peek(1) == UInt8(ascii: "u") else {
            let length = 1 + (position + 1 < bytes.count ? scalar(at: position + 1).length : 0)
            throw invalidEscape(
              from: escapeStart, length: length, at: escapeLocation, in: "identifier")
          }
          appendRun(from: runStart, to: &name)
          advanceASCII()
          let scalar = try parseUnicodeEscape(from: escapeStart, in: "identifier")
          guard Self.isIdentifierScalar(scalar, first: isFirst) else {
            throw invalidEscape(
              from: escapeStart, length: 6, at: escapeLocation, in: "identifier")
          }
          name.unicodeScalars.append(scalar)
          runStart = position
          isFirst = false
        } else {
          break
        }
      } else {
        let (scalar, length) = scalar(at: position)
        guard Self.isIdentifierScalar(scalar, first: isFirst) else { break }
        position += length
        column += 1
        isFirst = false
      }
    }
    if isFirst { return nil }
    appendRun(from: runStart, to: &name)
    return name
  }

  static func isASCIIIdentifierStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "_"), UInt8(ascii: "$"):
      true
    default: false
    }
  }

  static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// ECMAScript IdentifierStart / IdentifierPart for any scalar.
  static func isIdentifierScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return isASCIIIdentifierStart(byte) || (!first && isASCIIDigit(byte))
    }
    if first { return scalar.properties.isIDStart }
    // Zero-width non-joiner and joiner may appear inside identifiers.
    return scalar.properties.isIDContinue || scalar.value == 0x200C || scalar.value == 0x200D
  }
}
