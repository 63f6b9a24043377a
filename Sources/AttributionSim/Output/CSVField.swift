/// Formatting for CSV cells and report figures.
enum CSVField {
  /// Quoted when it holds a comma, quote or line break.
  static func text(_ value: String) -> String {
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Two decimals, as money is read.
  static func money(_ value: Double) -> String {
    let cents = (value * 100).rounded()
    let sign = cents < 0 ? "-" : ""
    let whole = Int64(abs(cents)) / 100
    let fraction = Int64(abs(cents)) % 100
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Four decimals: figures stay readable and byte-stable.
  static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
