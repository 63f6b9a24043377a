/// A half-open range of a measure's values, `atLeast ..< below`; every measure is non-negative,
/// so `atLeast` 0 with no `below` says nothing.
public struct ValueRange: Hashable, Sendable {
  /// The lowest value in the range.
  public var atLeast: Double
  /// The first value above the range, or nil when it is unbounded.
  public var below: Double?

  /// A range from `atLeast` up to, not including, `below`.
  public init(atLeast: Double = 0, below: Double? = nil) {
    self.atLeast = atLeast
    self.below = below
  }

  /// Every value.
  public static let any = ValueRange()

  /// Whether `value` lies in the range.
  public func contains(_ value: Double) -> Bool {
    value >= atLeast && below.map { value < $0 } ?? true
  }

  /// Whether no value lies in it.
  public var isEmpty: Bool { below.map { $0 <= atLeast } ?? false }

  /// Whether every value of the range lies in `other`.
  public func isSubset(of other: ValueRange) -> Bool {
    guard atLeast >= other.atLeast else { return false }
    guard let outer = other.below else { return true }
    return below.map { $0 <= outer } ?? false
  }

  /// The values in both ranges.
  public func intersection(_ other: ValueRange) -> ValueRange {
    let upper: Double? =
      switch (below, other.below) {
      case (let a?, let b?): min(a, b)
      case (let a?, nil): a
      case (nil, let b): b
      }
    return ValueRange(atLeast: max(atLeast, other.atLeast), below: upper)
  }

  /// The smallest range holding both.
  public func hull(_ other: ValueRange) -> ValueRange {
    let upper: Double? =
      if let a = below, let b = other.below { max(a, b) } else { nil }
    return ValueRange(atLeast: min(atLeast, other.atLeast), below: upper)
  }

  /// A point estimate: the midpoint (also the calibrated estimator's fallback) or the lower bound,
  /// or the lower bound times `openEndedFactor` when unbounded.
  package func estimate(_ method: DecodingSettings.Estimate, openEndedFactor: Double) -> Double {
    guard let upper = below else { return atLeast * openEndedFactor }
    switch method {
    case .midpoint, .calibrated: return (atLeast + upper) / 2
    case .lowerBound: return atLeast
    }
  }
}
