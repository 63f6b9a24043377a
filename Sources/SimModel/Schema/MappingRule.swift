/// A rule of a mapping: `value` when `condition` holds and no rule before it (a higher value
/// in a table; an earlier rule in a coarse list) decides.
public struct MappingRule<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The value it gives: a fine value 0–63, or a coarse value.
  public var value: Value
  /// When it applies.
  public var condition: Condition
  /// The revenue the value stands for when decoded, overriding the range's estimate (e.g. a
  /// plan's price); nil to estimate from the range.
  public var revenueEstimate: Double?
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// A rule.
  public init(value: Value, condition: Condition, revenueEstimate: Double? = nil, source: String = "") {
    self.value = value
    self.condition = condition
    self.revenueEstimate = revenueEstimate
    self.source = source
  }
}

/// An entry of a value table.
public typealias ValueRule = MappingRule<Int>
/// A coarse-value rule: in its window the first rule whose condition holds gives the value.
public typealias CoarseRule = MappingRule<CoarseValue>
