import SimJSON
import SimRecords

/// One value of a sweep table as the CSV files hold it: typed, rounded once as its column writes
/// it, so that the text is made once at the end and charts and intervals read the very number
/// the file holds (and a merged sweep, read from its shards' files, the same one).
package enum SweepCell: Sendable, Equatable {
  /// A whole number: a count, a point or replicate number, an integer setting.
  case whole(Int64)
  /// A run's seed.
  case seed(UInt64)
  /// `units` ÷ 10^`places`: a figure rounded to `places` decimals.
  case fixed(units: Int64, places: Int)
  /// A number too large to fix, written as Swift writes it.
  case number(Double)
  /// Text: a setting that is not an integer (as JSON writes it), or a cell of a shard's file.
  case text(String)
  /// Nothing: a share of nothing, a run without decoding, a leaf a setting lacks.
  case empty

  /// `value` at `places` decimals (at most 9), rounded as ``CSVField/decimal(_:places:)`` rounds.
  package static func fixed(_ value: Double, places: Int) -> SweepCell {
    let scaled = (value * scale(places)).rounded()
    guard abs(scaled) < 9e18 else { return .number(value) }
    return .fixed(units: Int64(scaled), places: places)
  }

  /// A setting's leaf: strings bare, integers whole, other values as JSON writes them; empty for null.
  package static func setting(_ value: JSONValue) -> SweepCell {
    switch value {
    case .null: .empty
    case .string(let text): .text(text)
    case .int(let integer): .whole(integer)
    default: .text(value.serialized())
    }
  }

  /// The cell's text before CSV quoting.
  package var text: String {
    switch self {
    case .whole(let integer): return "\(integer)"
    case .seed(let seed): return "\(seed)"
    case .fixed(let units, let places):
      let scale = Int64(Self.scale(places))
      let sign = units < 0 ? "-" : ""
      let whole = units.magnitude / UInt64(scale)
      guard places > 0 else { return "\(sign)\(whole)" }
      let fraction = String(units.magnitude % UInt64(scale))
      return "\(sign)\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    case .number(let value): return String(value)
    case .text(let text): return text
    case .empty: return ""
    }
  }

  /// The cell as a CSV field.
  package var csv: String { CSVField.text(text) }

  /// The number the cell holds, nil for none: text counts as a number when it reads as one.
  package var number: Double? {
    switch self {
    case .whole(let integer): Double(integer)
    case .seed(let seed): Double(seed)
    // Both exact, so the quotient is the double nearest the decimal written, as reading it gives.
    case .fixed(let units, let places): Double(units) / Self.scale(places)
    case .number(let value): value
    case .text(let text): Double(text)
    case .empty: nil
    }
  }

  /// The whole number the cell holds, nil for none: text counts when it reads as one.
  package var integer: Int? {
    switch self {
    case .whole(let integer): Int(integer)
    case .text(let text): Int(text)
    default: nil
    }
  }

  private static func scale(_ places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return scale
  }
}
