extension JSON5Scanner {
  /// Parses a number: decimal, hex, `Infinity` or `NaN`, each with an optional sign.
  ///
  /// The token is taken greedily (letters, digits, `.`, `_`, and a sign after an exponent
  /// marker) and then validated as a whole, so "1.2.3" or "12abc" is reported as one invalid
  /// number rather than as a number followed by a confusing second error.
  mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = location
    let startPosition = position
    var end = position
    if bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
    let bodyStart = end
    let isHex =
      end + 1 < bytes.count && bytes[end] == UInt8(ascii: "0")
      && bytes[end + 1] | 0x20 == UInt8(ascii: "x")
    while end < bytes.count {
      let byte = bytes[end]
      if Self.isASCIIIdentifierStart(byte) || Self.isASCIIDigit(byte) || byte == UInt8(ascii: ".") {
        end += 1
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"), !isHex, end > bodyStart,
        bytes[end - 1] | 0x20 == UInt8(ascii: "e")
      {
        end += 1
      } else {
        break
      }
    }
    position = end
    column += end - startPosition
    let token = bytes[startPosition..<end]
    let literal = String(decoding: token, as: UTF8.self)
    switch Self.numberValue(token, bodyStart: bodyStart, isHex: isHex) {
    case .valid(let double, let int64):
      return JSONNumber(literal: literal, double: double, int64: int64)
    case .invalid:
      throw JSONParseError(message: "invalid number \(Excerpt.quoted(literal))", location: start)
    case .outOfRange:
      throw JSONParseError(message: "number \(Excerpt.quoted(literal)) is out of range", location: start)
    }
  }

  enum NumberValue {
    case valid(Double, Int64?)
    case invalid
    case outOfRange
  }

  /// Validates a number token and computes its values.
  static func numberValue(
    _ token: ArraySlice<UInt8>, bodyStart: Int, isHex: Bool
  ) -> NumberValue {
    let isNegative = token.first == UInt8(ascii: "-")
    let body = token[bodyStart...]
    if body.first == UInt8(ascii: "I"), body.elementsEqual("Infinity".utf8) {
      return .valid(isNegative ? -Double.infinity : Double.infinity, nil)
    }
    if body.first == UInt8(ascii: "N"), body.elementsEqual("NaN".utf8) {
      return .valid(Double.nan, nil)
    }
    if isHex { return hexValue(body.dropFirst(2), isNegative: isNegative) }

    // DecimalLiteral: (0 | [1-9][0-9]*)? ("." [0-9]*)? ([eE] [+-]? [0-9]+)?, with some digit
    // before the exponent.
    var index = body.startIndex
    let integerStart = index
    while index < body.endIndex, isASCIIDigit(body[index]) { index += 1 }
    let integerDigits = body[integerStart..<index]
    if integerDigits.count > 1, integerDigits.first == UInt8(ascii: "0") { return .invalid }
    var fractionDigits = body[index..<index]
    var hasPoint = false
    if index < body.endIndex, body[index] == UInt8(ascii: ".") {
      hasPoint = true
      index += 1
      let fractionStart = index
      while index < body.endIndex, isASCIIDigit(body[index]) { index += 1 }
      fractionDigits = body[fractionStart..<index]
    }
    if integerDigits.isEmpty, fractionDigits.isEmpty { return .invalid }
    var exponent = 0
    var hasExponent = false
    if index < body.endIndex, body[index] | 0x20 == UInt8(ascii: "e") {
      hasExponent = true
      index += 1
      var exponentIsNegative = false
      if index < body.endIndex {
        let sign = body[index]
        exponentIsNegative = sign == UInt8(ascii: "-")
        if exponentIsNegative || sign == UInt8(ascii: "+") { index += 1 }
      }
      let exponentStart = index
      while index < body.endIndex, isASCIIDigit(body[index]) {
        // Clamped: anything this large is out of range (or zero) anyway.
        exponent = min(exponent * 10 + Int(body[index] - UInt8(ascii: "0")), 1_000_000)
        index += 1
      }
      if index == exponentStart { return .invalid }
      if exponentIsNegative { exponent = -exponent }
    }
    if index != body.endIndex { return .invalid }

    // Fast path for the common short integer: exact in both Int64 and Double.
    if !hasPoint, !hasExponent, integerDigits.count <= 18 {
      var magnitude: Int64 = 0
      for digit in integerDigits { magnitude = magnitude * 10 + Int64(digit - UInt8(ascii: "0")) }
      let value = isNegative ? -magnitude : magnitude
      return .valid(isNegative ? -Double(magnitude) : Double(magnitude), value)
    }

    // Double's parser needs digits on both sides of the point, which JSON5 does not require.
    var normalized = isNegative ? "-" : ""
    normalized += integerDigits.isEmpty ? "0" : String(decoding: integerDigits, as: UTF8.self)
    normalized += "."
    normalized += fractionDigits.isEmpty ? "0" : String(decoding: fractionDigits, as: UTF8.self)
    normalized += "e\(exponent)"
    guard let double = Double(normalized) else { return .invalid }
    guard double.isFinite else { return .outOfRange }
    let int64 = exactInteger(
      digits: integerDigits + fractionDigits, exponent: exponent - fractionDigits.count,
      isNegative: isNegative)
    return .valid(double, int64)
  }

  /// The value of digits × 10^exponent when it is an integer that fits in Int64.
  static func exactInteger(digits: ArraySlice<UInt8>, exponent: Int, isNegative: Bool) -> Int64? {
    var significant = digits.drop(while: { $0 == UInt8(ascii: "0") })
    if significant.isEmpty { return 0 }
    var exponent = exponent
    while exponent < 0, significant.last == UInt8(ascii: "0") {
      significant = significant.dropLast()
      exponent += 1
    }
    guard exponent >= 0, significant.count + exponent <= 19 else { return nil }
    var magnitude: UInt64 = 0
    let allDigits = significant + repeatElement(UInt8(ascii: "0"), count: exponent)
    for digit in allDigits {
      let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      magnitude = sum
    }
    return signedInteger(magnitude: magnitude, isNegative: isNegative)
  }

  /// Applies a sign to a magnitude, or nil when the result does not fit in Int64.
  static func signedInteger(magnitude: UInt64, isNegative: Bool) -> Int64? {
    if isNegative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(bitPattern: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The value of a hex integer's digits (after "0x").
  static func hexValue(_ digits: ArraySlice<UInt8>, isNegative: Bool) -> NumberValue {
    if digits.isEmpty { return .invalid }
    var magnitude: UInt64 = 0
    var droppedDigits = 0
    var droppedNonZero = false
    for byte in digits {
      guard let digit = hexDigitValue(byte) else { return .invalid }
      if magnitude >> 60 == 0 {
        magnitude = magnitude << 4 | UInt64(digit)
      } else {
        // Past 64 bits only whether anything non-zero was dropped matters for rounding.
        droppedDigits += 1
        droppedNonZero = droppedNonZero || digit != 0
      }
    }
    if droppedDigits == 0 {
      let double = isNegative ? -Double(magnitude) : Double(magnitude)
      return .valid(double, signedInteger(magnitude: magnitude, isNegative: isNegative))
    }
    // The top nibble is non-zero, so bit 0 lies far below a double's 53 bits and works as a
    // sticky bit that makes the single rounding in Double(_:) correct.
    if droppedNonZero { magnitude |= 1 }
    let scaled = Double(
      sign: isNegative ? .minus : .plus, exponent: 4 * droppedDigits, significand: Double(magnitude)
    )
    return scaled.isFinite ? .valid(scaled, nil) : .outOfRange
  }
}
