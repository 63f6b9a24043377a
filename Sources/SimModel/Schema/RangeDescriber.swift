import Foundation

/// Writes measure ranges as short text for people: "revenue 1–5 USD, purchase, no tutorial".
package struct RangeDescriber {
  package let schema: ConversionSchema

  /// The ranges, revenue first, then events, then engagement; "anything" when empty.
  package func text(_ ranges: [Measure: ValueRange]) -> String {
    let parts = ranges.sorted { $0.key < $1.key }.compactMap { describe($0.key, $0.value) }
    return parts.isEmpty ? "anything" : parts.joined(separator: ", ")
  }

  private func describe(_ measure: Measure, _ range: ValueRange) -> String? {
    let name = measure.name(eventNames: schema.eventNames)
    switch measure {
    case .revenue, .eventValue:
      let currency = schema.currencies.base
      if let below = range.below {
        return range.atLeast == 0
          ? "\(name) < \(Self.amount(below)) \(currency)"
          : "\(name) \(Self.amount(range.atLeast))–\(Self.amount(below)) \(currency)"
      }
      return range.atLeast == 0 ? nil : "\(name) ≥ \(Self.amount(range.atLeast)) \(currency)"
    case .eventCount:
      if range.atLeast == 0, range.below == 1 { return "no \(name)" }
      if range.atLeast == 1, range.below == nil { return name }
      return "\(name) \(count(range))"
    case .hoursSinceInstall:
      return "\(name) \(interval(range))"
    default:
      return "\(name) \(count(range))"
    }
  }

  /// A whole-number range: "×3", "≥ 2", "< 4", "2–4".
  private func count(_ range: ValueRange) -> String {
    let low = Int(range.atLeast.rounded(.up))
    guard let below = range.below else { return low == 0 ? "any" : "≥ \(low)" }
    let high = Int((below - 1).rounded(.up))
    if low == high { return "\(low)" }
    return low == 0 ? "≤ \(high)" : "\(low)–\(high)"
  }

  private func interval(_ range: ValueRange) -> String {
    guard let below = range.below else { return "≥ \(Self.amount(range.atLeast))" }
    return range.atLeast == 0 ? "< \(Self.amount(below))" : "\(Self.amount(range.atLeast))–\(Self.amount(below))"
  }

  /// An amount with at most three decimals and no trailing zeros.
  package static func amount(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
