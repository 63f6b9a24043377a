/// A choice among values with relative weights.
public struct WeightedChoice<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The values in declaration order.
  public let values: [Value]
  /// Each value's weight, positive.
  public let weights: [Double]
  private let cumulative: [Double]

  /// A choice among `entries`; weights must be non-negative with a positive total.
  public init(_ entries: [(value: Value, weight: Double)]) {
    precondition(!entries.isEmpty, "a weighted choice needs at least one value")
    values = entries.map(\.value)
    weights = entries.map(\.weight)
    var running = 0.0
    cumulative = weights.map { weight in
      precondition(weight >= 0 && weight.isFinite, "weight \(weight) must be finite and non-negative")
      running += weight
      return running
    }
    precondition(running > 0, "weights must not all be zero")
  }

  /// Draws one value, consuming one uniform draw.
  public func sample(using stream: inout RandomStream) -> Value {
    let target = stream.nextUnit() * cumulative[cumulative.count - 1]
    // Binary search for the first cumulative weight above the target.
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] > target { high = middle } else { low = middle + 1 }
    }
    return values[low]
  }
}

extension WeightedChoice where Value == Double {
  /// The weighted mean of the values.
  public var mean: Double {
    zip(values, weights).reduce(0) { $0 + $1.0 * $1.1 } / weights.reduce(0, +)
  }
}
