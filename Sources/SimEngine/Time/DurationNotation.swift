/// Reads and writes durations as scenarios spell them: `90s`, `15m`, `36h`, `2d`, `1d12h`, `250ms`.
public enum DurationNotation {
  /// The units a duration may use, in the order they must appear.
  public static let units: [(suffix: String, milliseconds: Int64)] = [
    ("w", 604_800_000), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1_000), ("ms", 1),
  ]

  /// Why a duration text was rejected.
  public enum ParseError: Error, Equatable, Sendable {
    /// The text was empty.
    case empty
    /// A number was not followed by a unit.
    case missingUnit(String)
    /// A unit other than w, d, h, m, s, ms.
    case unknownUnit(String)
    /// Units out of order or repeated, e.g. `5m1h`.
    case unitOutOfOrder(String)
    /// Anything else that is not digits and units, e.g. `1.5h` or `-2d`.
    case malformed(String)
    /// Too long to represent in milliseconds.
    case overflow

    /// A lowercase explanation for error messages.
    public var reason: String {
      switch self {
      case .empty: "a duration cannot be empty"
      case .missingUnit(let number): "'\(number)' has no unit (use ms, s, m, h, d or w)"
      case .unknownUnit(let unit): "unknown unit '\(unit)' (use ms, s, m, h, d or w)"
      case .unitOutOfOrder(let unit): "unit '\(unit)' is repeated or out of order (write larger units first)"
      case .malformed(let text): "'\(text)' is not a duration (digits then a unit, e.g. 90s, 15m, 36h, 2d, 1d12h)"
      case .overflow: "the duration is too long"
      }
    }
  }

  /// Parses a non-negative duration made of whole-number parts with units, largest first.
  public static func parse(_ text: String) throws(ParseError) -> SimDuration {
    if text.isEmpty { throw .empty }
    let bytes = Array(text.utf8)
    var index = 0
    var total: Int64 = 0
    var lastUnitRank = -1
    while index < bytes.count {
      let numberStart = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      if numberStart == index { throw .malformed(text) }
      let number = String(decoding: bytes[numberStart..<index], as: UTF8.self)
      let unitStart = index
      while index < bytes.count, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A {
        index += 1
      }
      if unitStart == index {
        if index == bytes.count { throw .missingUnit(number) }
        throw .malformed(text)
      }
      let unit = String(decoding: bytes[unitStart..<index], as: UTF8.self)
      guard let rank = units.firstIndex(where: { $0.suffix == unit }) else { throw .unknownUnit(unit) }
      if rank <= lastUnitRank { throw .unitOutOfOrder(unit) }
      lastUnitRank = rank
      guard let value = Int64(number) else { throw .overflow }
      let (part, overflow1) = value.multipliedReportingOverflow(by: units[rank].milliseconds)
      let (sum, overflow2) = total.addingReportingOverflow(part)
      if overflow1 || overflow2 { throw .overflow }
      total = sum
    }
    return SimDuration(milliseconds: total)
  }

  /// Formats a duration with the fewest parts, largest units first; weeks are written as days.
  public static func format(_ duration: SimDuration) -> String {
    var remaining = duration.milliseconds
    if remaining == 0 { return "0s" }
    var text = remaining < 0 ? "-" : ""
    remaining = remaining.magnitude > Int64.max.magnitude ? .max : abs(remaining)
    for (suffix, size) in units where suffix != "w" {
      let count = remaining / size
      if count > 0 {
        text += "\(count)\(suffix)"
        remaining -= count * size
      }
    }
    return text
  }
}
