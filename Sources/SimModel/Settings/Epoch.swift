/// The calendar instant virtual time zero stands for, in milliseconds since 1970-01-01T00:00:00Z.
///
/// Conversions between virtual time and ISO-8601 text are done here by arithmetic on the proleptic
/// Gregorian calendar, without Foundation's date formatters: they are locale- and
/// time-zone-sensitive, and the output must be byte-identical everywhere.
public struct Epoch: Hashable, Sendable {
  /// Milliseconds since the Unix epoch.
  public var unixMilliseconds: Int64

  /// An epoch at the given Unix time in milliseconds.
  public init(unixMilliseconds: Int64) { self.unixMilliseconds = unixMilliseconds }

  /// The UTC day the instant falls on, in days since 1970-01-01.
  public var utcDay: Int {
    Int(unixMilliseconds >= 0 ? unixMilliseconds / 86_400_000 : (unixMilliseconds - 86_399_999) / 86_400_000)
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`, or a bare date `YYYY-MM-DD` (midnight UTC).
  public init?(iso8601 text: String) {
    let bytes = Array(text.utf8)
    var index = 0
    func digits(_ count: Int) -> Int64? {
      guard index + count <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[index..<index + count] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int64(byte - 0x30)
      }
      index += count
      return value
    }
    func expect(_ character: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == character else { return false }
      index += 1
      return true
    }
    guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D),
      let day = digits(2), (1...12).contains(month),
      (1...Epoch.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var millisecondsOfDay: Int64 = 0
    var offsetMinutes: Int64 = 0
    if index < bytes.count {
      guard expect(0x54) || expect(0x74), let hour = digits(2), expect(0x3A), let minute = digits(2),
        expect(0x3A), let second = digits(2), hour < 24, minute < 60, second < 60
      else { return nil }
      millisecondsOfDay = ((hour * 60 + minute) * 60 + second) * 1_000
      if expect(0x2E) {
        let start = index
        var fraction: Int64 = 0
        var scale: Int64 = 100
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
          fraction += Int64(bytes[index] - 0x30) * scale
          scale /= 10
          index += 1
        }
        guard index > start, index - start <= 3 else { return nil }
        millisecondsOfDay += fraction
      }
      if expect(0x5A) || expect(0x7A) {
        offsetMinutes = 0
      } else {
        let sign: Int64
        if expect(0x2B) { sign = 1 } else if expect(0x2D) { sign = -1 } else { return nil }
        guard let hours = digits(2), expect(0x3A), let minutes = digits(2), hours < 24, minutes < 60
        else { return nil }
        offsetMinutes = sign * (hours * 60 + minutes)
      }
    }
    guard index == bytes.count else { return nil }
    let days = Epoch.daysFromCivil(year: year, month: month, day: day)
    unixMilliseconds = days * 86_400_000 + millisecondsOfDay - offsetMinutes * 60_000
  }

  /// Unix time in milliseconds `offsetMilliseconds` after the epoch, held at the ends of
  /// integer time rather than trapping (scenarios cannot get near them: durations are bounded).
  public func unixMilliseconds(after offsetMilliseconds: Int64) -> Int64 {
    let (total, overflow) = unixMilliseconds.addingReportingOverflow(offsetMilliseconds)
    return overflow ? (offsetMilliseconds > 0 ? .max : .min) : total
  }

  /// ISO-8601 UTC text with milliseconds for the instant `offset` after the epoch.
  public func iso8601(after offsetMilliseconds: Int64) -> String {
    // Kept from the far negative end, where the day arithmetic below would overflow.
    let total = max(unixMilliseconds(after: offsetMilliseconds), Int64.min / 2)
    let days = total >= 0 ? total / 86_400_000 : (total - 86_399_999) / 86_400_000
    var rest = total - days * 86_400_000
    let (year, month, day) = Epoch.civilFromDays(days)
    let hour = rest / 3_600_000
    rest -= hour * 3_600_000
    let minute = rest / 60_000
    rest -= minute * 60_000
    let second = rest / 1_000
    let millisecond = rest - second * 1_000
    func pad(_ value: Int64, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
      + "\(pad(second, 2)).\(pad(millisecond, 3))Z"
  }

  package static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (inverse of ``daysFromCivil``).
  package static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
