/// An empirical distribution given as quantile points, sampled by linear interpolation.
///
/// Points are (cumulative probability, value) pairs with probabilities rising from 0 to 1 and
/// values never decreasing: a piecewise-linear inverse CDF, as one reads it off a chart of
/// observed data.
public struct EmpiricalTable: Hashable, Sendable {
  /// The quantile points, probabilities strictly increasing from 0 to 1.
  public let points: [(probability: Double, value: Double)]

  /// Why a table was rejected.
  public enum Problem: Error, Equatable, Sendable {
    /// Fewer than two points.
    case tooFewPoints
    /// The first probability is not 0 or the last is not 1.
    case probabilitiesMustSpanZeroToOne
    /// Probabilities not strictly increasing at the given index.
    case probabilityNotIncreasing(index: Int)
    /// Values decreasing at the given index.
    case valueDecreasing(index: Int)
  }

  /// A table through `points`, checked.
  public init(points: [(probability: Double, value: Double)]) throws(Problem) {
    guard points.count >= 2 else { throw .tooFewPoints }
    guard points[0].probability == 0, points[points.count - 1].probability == 1 else {
      throw .probabilitiesMustSpanZeroToOne
    }
    for index in 1..<points.count {
      if points[index].probability <= points[index - 1].probability {
        throw .probabilityNotIncreasing(index: index)
      }
      if points[index].value < points[index - 1].value { throw .valueDecreasing(index: index) }
    }
    self.points = points
  }

  /// The value at cumulative probability `p` in [0, 1].
  public func quantile(_ p: Double) -> Double {
    var low = 0
    var high = points.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if points[middle].probability <= p { low = middle } else { high = middle }
    }
    let (p0, v0) = points[low]
    let (p1, v1) = points[high]
    return v0 + (v1 - v0) * (p - p0) / (p1 - p0)
  }

  /// The mean: each segment contributes its midpoint times its probability mass.
  public var mean: Double {
    zip(points, points.dropFirst()).reduce(0) { total, pair in
      total + (pair.1.probability - pair.0.probability) * (pair.0.value + pair.1.value) / 2
    }
  }

  public static func == (a: EmpiricalTable, b: EmpiricalTable) -> Bool {
    a.points.elementsEqual(b.points) { $0.probability == $1.probability && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    for point in points {
      hasher.combine(point.probability)
      hasher.combine(point.value)
    }
  }
}
