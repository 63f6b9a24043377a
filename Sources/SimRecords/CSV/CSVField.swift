/// Formatting for CSV cells and report figures.
package enum CSVField {
  /// Quoted when it holds a comma, quote or line break.
  package static func text(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A text cell that must stay text: quoted when it looks like a number ("0031", "2024", "1e3"),
  /// so readers that honour quotes do not drop leading zeros or turn it into a number.
  package static func identifier(_ value: String) -> String {
    guard !value.isEmpty, Double(value) != nil || value.allSatisfy(\.isNumber) else { return text(value) }
    return "\"" + value + "\""
  }

  /// Two decimals, as money is read.
  package static func money(_ value: Double) -> String {
    let cents = (value * 100).rounded()
    let sign = cents < 0 ? "-" : ""
    let whole = Int64(abs(cents)) / 100
    let fraction = Int64(abs(cents)) % 100
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `places` decimals (at most 9), without locale or trailing-digit noise: 0.25 → "0.250000".
  package static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard abs(scaled) < 9e18 else { return String(value) }
    let units = Int64(abs(scaled))
    let whole = units / Int64(scale)
    let fraction = String(units % Int64(scale))
    let sign = scaled < 0 ? "-" : ""
    guard places > 0 else { return "\(sign)\(whole)" }
    return "\(sign)\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// Four decimals: figures stay readable and byte-stable.
  package static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
