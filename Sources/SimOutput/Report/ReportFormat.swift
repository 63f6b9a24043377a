import SimModel
import SimRecords

/// How reports write figures for people: digits grouped in thousands, shares as percentages, a
/// dash where there is nothing to show. Built by hand, as Foundation's formatters follow the
/// locale and reports must come out the same everywhere.
package enum ReportFormat {
  /// 1234567 → "1,234,567".
  package static func count(_ value: Int) -> String { grouped(String(value)) }

  /// `part` of `whole` as "12.5%", or "–" when `whole` is zero.
  package static func share(_ part: Int, of whole: Int) -> String {
    whole > 0 ? percent(Double(part) / Double(whole)) : "–"
  }

  /// A fraction of 1 as a percentage with one decimal: 0.125 → "12.5%"; nil → "–".
  package static func percent(_ value: Double?) -> String {
    value.map { SVGWriter.number($0 * 100, decimals: 1) + "%" } ?? "–"
  }

  /// A relative error with its sign: "+40.5%", "-20.0%", "–".
  package static func signedPercent(_ value: Double?) -> String {
    guard let value else { return "–" }
    return (value > 0 ? "+" : "") + percent(value)
  }

  /// Money with two decimals, thousands grouped: "1,234.50 USD".
  package static func money(_ value: Double, currency: String) -> String {
    let text = CSVField.money(value)
    let sign = text.hasPrefix("-") ? "-" : ""
    let digits = text.dropFirst(sign.count)
    let point = digits.firstIndex(of: ".") ?? digits.endIndex
    return sign + grouped(String(digits[..<point])) + digits[point...] + " " + currency
  }

  /// Hours with one decimal, "73.5 h"; nil → "–".
  package static func hours(_ value: Double?) -> String {
    value.map { SVGWriter.number($0, decimals: 1) + " h" } ?? "–"
  }

  /// An integer's digits with a comma before every third from the right.
  private static func grouped(_ digits: String) -> String { DigitGrouping.grouped(digits) }
}
