/// Whole numbers with their digits grouped in thousands, "1,234,567", written by hand so that
/// messages and reports read the same in every locale.
package enum DigitGrouping {
  /// `value` grouped: 1234567 → "1,234,567".
  package static func text(_ value: Int) -> String { grouped(String(value)) }

  /// A run of digits, with an optional leading minus, grouped in thousands.
  package static func grouped(_ digits: String) -> String {
    let sign = digits.hasPrefix("-") ? "-" : ""
    var rest = Array(digits.dropFirst(sign.count))
    var groups: [String] = []
    while rest.count > 3 {
      groups.insert(String(rest.suffix(3)), at: 0)
      rest.removeLast(3)
    }
    return sign + ([String(rest)] + groups).joined(separator: ",")
  }
}
