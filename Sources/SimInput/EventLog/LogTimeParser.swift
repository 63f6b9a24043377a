import Foundation
import SimModel

/// Reads an event log's times as milliseconds since 1970-01-01T00:00:00Z, in the log's format
/// and time zone: by hand rather than with a date formatter, which is slow, depends on the
/// locale and accepts what it should refuse (month 13, day 31 of April).
package struct LogTimeParser: Sendable {
  /// One piece of a pattern: a field of fixed width, or literal text.
  private enum Part: Sendable, Equatable {
    case field(Field, width: Int)
    case literal(UInt8)
  }
  private enum Field: Sendable { case year, month, day, hour, minute, second, millisecond }

  package let format: LogTimeFormat
  private let parts: [Part]
  private let zone: LogTimeZone
  private let namedZone: TimeZone?

  /// A parser for `format` in `zone`; throws a lowercase reason for a pattern it cannot follow
  /// or a zone the system does not know.
  package init(format: LogTimeFormat, zone: LogTimeZone = .utc) throws(LogSettingProblem) {
    self.format = format
    self.zone = zone
    if case .named(let name) = zone {
      guard let found = TimeZone(identifier: name) else {
        throw LogSettingProblem("expected an IANA time zone such as \"Europe/Paris\", found \"\(name)\"")
      }
      namedZone = found
    } else {
      namedZone = nil
    }
    parts = if case .pattern(let pattern) = format { try Self.parts(of: pattern) } else { [] }
  }

  /// The pattern as fields and literals; every field but the year and the day needs a year-month-day.
  private static func parts(of pattern: String) throws(LogSettingProblem) -> [Part] {
    let tokens: [(String, Field)] = [
      ("yyyy", .year), ("MM", .month), ("dd", .day), ("HH", .hour), ("mm", .minute), ("ss", .second), ("SSS", .millisecond),
    ]
    var parts: [Part] = []
    var rest = Substring(pattern)
    var seen: Set<String> = []
    scanning: while !rest.isEmpty {
      for (token, field) in tokens where rest.hasPrefix(token) {
        guard seen.insert(token).inserted else { throw LogSettingProblem("the time pattern \"\(pattern)\" has \(token) twice") }
        parts.append(.field(field, width: token.count))
        rest = rest.dropFirst(token.count)
        continue scanning
      }
      // Letters other than the tokens' would be taken for a misspelt token, except the T of ISO dates.
      guard let byte = rest.utf8.first, byte < 0x80, byte == UInt8(ascii: "T") || !Character(Unicode.Scalar(byte)).isLetter else {
        throw LogSettingProblem(
          "the time pattern \"\(pattern)\" has \"\(rest.prefix(1))\": expected yyyy, MM, dd, HH, mm, ss, SSS, T or punctuation")
      }
      parts.append(.literal(byte))
      rest = rest.dropFirst()
    }
    for needed in ["yyyy", "MM", "dd"] where !seen.contains(needed) {
      throw LogSettingProblem("the time pattern \"\(pattern)\" has no \(needed): expected at least yyyy, MM and dd")
    }
    return parts
  }

  /// The time `text` stands for, in milliseconds since the epoch; nil when it is not in the
  /// format, names no real date, or comes before 1970.
  package func milliseconds(_ text: some StringProtocol) -> Int64? {
    let bytes = Array(text.utf8)
    let result: Int64?
    switch format {
    case .epochSeconds: result = Self.decimal(bytes, scale: 1_000)
    case .epochMilliseconds: result = Self.decimal(bytes, scale: 1)
    case .epochMicroseconds: result = Self.integer(bytes[...]).map { $0 / 1_000 }
    case .iso8601: result = iso8601(bytes)
    case .pattern: result = pattern(bytes)
    }
    guard let result, result >= 0 else { return nil }
    return result
  }

  /// A non-negative decimal number times `scale`, truncated to whole units.
  private static func decimal(_ bytes: [UInt8], scale: Int64) -> Int64? {
    let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
    guard let whole = integer(bytes[..<point]) else { return nil }
    let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
    guard !overflow else { return nil }
    guard point < bytes.endIndex else { return scaled }
    let fraction = bytes[(point + 1)...]
    guard !fraction.isEmpty, fraction.allSatisfy(Self.isDigit) else { return nil }
    var part: Int64 = 0
    var unit = scale
    for digit in fraction where unit > 1 {
      unit /= 10
      part += Int64(digit - UInt8(ascii: "0")) * unit
    }
    return scaled + part
  }

  /// A non-negative integer of at most 18 digits.
  private static func integer(_ bytes: ArraySlice<UInt8>) -> Int64? {
    guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy(isDigit) else { return nil }
    return bytes.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  /// `yyyy-MM-ddTHH:mm:ss[.f…][Z|±hh:mm]`, or a date alone.
  private func iso8601(_ bytes: [UInt8]) -> Int64? {
    var reader = FieldReader(bytes: bytes)
    guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"), let day = reader.number(2)
    else { return nil }
    var clock = (hour: 0, minute: 0, second: 0, millisecond: 0)
    if reader.skip("T") || reader.skip(" ") {
      guard let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2) else { return nil }
      clock = (hour, minute, 0, 0)
      if reader.skip(":") {
        guard let second = reader.number(2) else { return nil }
        clock.second = second
        if reader.skip(".") || reader.skip(",") {
          guard let (value, digits) = reader.digits(), digits > 0 else { return nil }
          clock.millisecond = digits >= 3 ? Int(value / pow10(digits - 3)) : Int(value * pow10(3 - digits))
        }
      }
    }
    var offset: Int?
    if reader.skip("Z") || reader.skip("z") {
      offset = 0
    } else if let sign = reader.sign() {
      guard let hours = reader.number(2) else { return nil }
      _ = reader.skip(":")
      guard let minutes = reader.number(2), hours < 24, minutes < 60 else { return nil }
      offset = sign * (hours * 3_600 + minutes * 60)
    }
    guard reader.atEnd else { return nil }
    return utc(year: year, month: month, day: day, clock: clock, offset: offset)
  }

  private func pow10(_ n: Int) -> Int64 { (0..<n).reduce(1) { result, _ in result * 10 } }

  private func pattern(_ bytes: [UInt8]) -> Int64? {
    var reader = FieldReader(bytes: bytes)
    var date = (year: 0, month: 0, day: 0)
    var clock = (hour: 0, minute: 0, second: 0, millisecond: 0)
    for part in parts {
      switch part {
      case .literal(let byte):
        guard reader.skip(byte) else { return nil }
      case .field(let field, let width):
        guard let value = reader.number(width) else { return nil }
        switch field {
        case .year: date.year = value
        case .month: date.month = value
        case .day: date.day = value
        case .hour: clock.hour = value
        case .minute: clock.minute = value
        case .second: clock.second = value
        case .millisecond: clock.millisecond = value
        }
      }
    }
    guard reader.atEnd else { return nil }
    return utc(year: date.year, month: date.month, day: date.day, clock: clock, offset: nil)
  }

  /// A checked civil date and clock as milliseconds since the epoch: at `offset` seconds east
  /// of UTC, or in the log's zone when nil.
  private func utc(
    year: Int, month: Int, day: Int, clock: (hour: Int, minute: Int, second: Int, millisecond: Int), offset: Int?
  ) -> Int64? {
    guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day), clock.hour < 24, clock.minute < 60,
      clock.second < 60
    else { return nil }
    let local = (Self.daysFromCivil(year: year, month: month, day: day) * 86_400
      + Int64(clock.hour * 3_600 + clock.minute * 60 + clock.second))
    let seconds = local - Int64(offset ?? zoneOffset(localSeconds: local))
    return seconds * 1_000 + Int64(clock.millisecond)
  }

  /// Seconds east of UTC in the log's zone at a wall-clock time (`local` as if it were UTC).
  /// A wall time that a daylight-saving change skips or repeats takes the offset before the change.
  private func zoneOffset(localSeconds local: Int64) -> Int {
    switch zone {
    case .utc: return 0
    case .fixed(let seconds): return seconds
    case .named:
      guard let namedZone else { return 0 }
      let guess = namedZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local)))
      return namedZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local - Int64(guess))))
    }
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// Reads fixed-width numbers and literal bytes off the front of a time's text.
private struct FieldReader {
  let bytes: [UInt8]
  var position = 0

  var atEnd: Bool { position == bytes.count }

  mutating func number(_ width: Int) -> Int? {
    guard position + width <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[position..<(position + width)] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    position += width
    return value
  }

  /// Every digit from here, as a number (the first 18 digits count) and how many there were.
  mutating func digits() -> (Int64, Int)? {
    var value: Int64 = 0
    var count = 0
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
      if count < 18 { value = value * 10 + Int64(bytes[position] - UInt8(ascii: "0")) }
      count += 1
      position += 1
    }
    return (value, min(count, 18))
  }

  mutating func skip(_ character: Unicode.Scalar) -> Bool { skip(UInt8(ascii: character)) }

  mutating func skip(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  mutating func sign() -> Int? {
    if skip("+") { return 1 }
    if skip("-") { return -1 }
    return nil
  }
}
