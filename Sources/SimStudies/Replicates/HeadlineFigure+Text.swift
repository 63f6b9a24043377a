import Foundation

extension HeadlineFigure {
  /// `value` as people read it: "1234.5", "37.2%", "114.36 USD", "26.0 h".
  public func text(_ value: Double) -> String {
    switch kind {
    case .count: value == value.rounded() ? String(Int64(value)) : String(format: "%.1f", value)
    case .share: String(format: "%.1f%%", 100 * value)
    case .relativeError: String(format: "%+.1f%%", 100 * value)
    case .money(let currency): String(format: "%.2f %@", value, currency)
    case .hours: String(format: "%.1f h", value)
    case .coefficient: String(format: "%+.3f", value)
    case .rate: String(format: "%.2f", value)
    }
  }

  /// A difference of two values, signed: "+3.1 pp" for shares (percentage points).
  public func differenceText(_ value: Double) -> String {
    switch kind {
    case .count: String(format: "%+.1f", value)
    case .share, .relativeError: String(format: "%+.1f pp", 100 * value)
    case .money(let currency): String(format: "%+.2f %@", value, currency)
    case .hours: String(format: "%+.1f h", value)
    case .coefficient: String(format: "%+.3f", value)
    case .rate: String(format: "%+.2f", value)
    }
  }

  /// "mean [lower, upper]", or the mean alone with no interval; "–" with no value.
  public func text(_ interval: ConfidenceInterval?, difference: Bool = false) -> String {
    guard let interval else { return "–" }
    let show = difference ? differenceText : text
    guard let lower = interval.lower, let upper = interval.upper else { return show(interval.mean) }
    return "\(show(interval.mean)) [\(show(lower)), \(show(upper))]"
  }
}
