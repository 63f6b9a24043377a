/// A decoded conversion value: the range each measure it speaks of lies in, and a revenue point
/// estimate.
public struct DecodedValue: Hashable, Sendable {
  /// The range of each measure the value says something about; absent measures are unknown.
  public var ranges: [Measure: ValueRange]
  /// Revenue point estimate in the decoder's currency, or nil when the value says nothing
  /// about revenue.
  public var revenueEstimate: Double?

  /// A decoded value.
  public init(ranges: [Measure: ValueRange], revenueEstimate: Double?) {
    self.ranges = ranges
    self.revenueEstimate = revenueEstimate
  }

  /// Whether event `index` happened (true), did not (false), or the value cannot tell (nil).
  public func event(_ index: Int) -> Bool? {
    guard let range = ranges[.eventCount(index)] else { return nil }
    if range.atLeast >= 1 { return true }
    if let below = range.below, below <= 1 { return false }
    return nil
  }
}
