/// The mean of a figure over replicates with its 95 % interval: mean ± t(0.975, n−1) · s / √n,
/// s the sample standard deviation (Student's t interval; replicates are independent runs).
public struct ConfidenceInterval: Sendable, Equatable {
  /// The confidence level of every interval here.
  public static let level = 0.95

  /// Replicates the figure had a value in.
  public var count: Int
  /// Their mean.
  public var mean: Double
  /// Their sample standard deviation (n − 1 in the denominator); nil for one value.
  public var standardDeviation: Double?
  /// Half the interval's width; nil for one value, which gives no interval.
  public var halfWidth: Double?

  /// The interval of `values`, summed in the order given; nil when there are none.
  public init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    count = values.count
    mean = values.reduce(0, +) / Double(count)
    guard count > 1 else { return }
    let mean = mean
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    let deviation = (squares / Double(count - 1)).squareRoot()
    standardDeviation = deviation
    let t = StudentT.quantile(1 - (1 - Self.level) / 2, degreesOfFreedom: count - 1)
    halfWidth = t * deviation / Double(count).squareRoot()
  }

  /// The paired difference `treatment − baseline`, over the replicates where both have a value.
  public init?(pairedDifference treatment: [Double?], baseline: [Double?]) {
    self.init(zip(treatment, baseline).compactMap { pair in pair.0.flatMap { a in pair.1.map { a - $0 } } })
  }

  /// The interval's ends; nil without an interval.
  public var lower: Double? { halfWidth.map { mean - $0 } }
  public var upper: Double? { halfWidth.map { mean + $0 } }

  /// Whether the interval leaves out zero: a difference larger than its interval. Nil without one.
  public var excludesZero: Bool? {
    guard let lower, let upper else { return nil }
    return lower > 0 || upper < 0
  }
}
