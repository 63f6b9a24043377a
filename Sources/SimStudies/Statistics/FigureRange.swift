/// The values a figure can take, so that its interval says nothing impossible: a share stays in
/// [0, 1], a count or an amount earned stays non-negative.
public struct FigureRange: Sendable, Equatable {
  /// The least value possible; nil for none.
  public var lower: Double?
  /// The greatest value possible; nil for none.
  public var upper: Double?

  /// A range from `lower` to `upper`, either end open when nil.
  public init(lower: Double? = nil, upper: Double? = nil) {
    self.lower = lower
    self.upper = upper
  }

  /// Any real number (a signed amount, a difference).
  public static let unbounded = FigureRange()
  /// Zero or more: counts, amounts earned, hours, ratios such as revenue captured.
  public static let nonNegative = FigureRange(lower: 0)
  /// A share or proportion: 0 to 1.
  public static let unit = FigureRange(lower: 0, upper: 1)
  /// A signed relative error (decoded − true) / true: decoded revenue is never negative, so −1 or more.
  public static let relativeError = FigureRange(lower: -1)
  /// A difference of two shares: −1 to 1.
  public static let shareDifference = FigureRange(lower: -1, upper: 1)

  /// `value` moved into the range.
  public func clamp(_ value: Double) -> Double {
    var value = value
    if let lower { value = max(value, lower) }
    if let upper { value = min(value, upper) }
    return value
  }

  /// The range of the paired difference of two figures in this range.
  public var difference: FigureRange {
    guard let lower, let upper else { return .unbounded }
    return FigureRange(lower: lower - upper, upper: upper - lower)
  }
}
