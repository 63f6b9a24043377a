/// The mean of a figure over replicates with its 95 % interval: mean ± t(0.975, n−1) · s / √n,
/// s the sample standard deviation (Student's t interval; replicates are independent runs),
/// cut to the figure's possible range.
///
/// Cutting keeps the interval's coverage: the true mean lies in the figure's range (a share's in
/// [0, 1]), so whenever the t interval holds it, so does its part inside the range. Fewer than
/// ``minimumReplicates`` values give the mean alone: with two, t(0.975, 1) = 12.7 makes an
/// interval too wide to say anything.
public struct ConfidenceInterval: Sendable, Equatable {
  /// The confidence level of every interval here.
  public static let level = 0.95
  /// The fewest values an interval is given for (t(0.975, 2) = 4.3).
  public static let minimumReplicates = 3
  /// How every interval here is made, in the words the outputs use.
  public static let method =
    "mean over replicates with a 95 % Student t interval (mean ± t(0.975, n − 1) · s / √n, s the sample "
    + "standard deviation, n the replicates with a value), cut to the figure's range (shares to [0, 1], counts "
    + "and amounts earned to 0 or more, signed amounts not at all), which keeps its coverage; under "
    + "\(minimumReplicates) replicates, no interval"

  /// Replicates the figure had a value in.
  public var count: Int
  /// Their mean.
  public var mean: Double
  /// Their sample standard deviation (n − 1 in the denominator); nil for one value.
  public var standardDeviation: Double?
  /// Half the t interval's width before it is cut to the range; nil under ``minimumReplicates``.
  public var halfWidth: Double?
  /// The values the figure can take.
  public var range: FigureRange

  /// The interval of `values`, summed in the order given, within `range`; nil when there are none.
  public init?(_ values: [Double], range: FigureRange = .unbounded) {
    guard !values.isEmpty else { return nil }
    self.range = range
    count = values.count
    mean = values.reduce(0, +) / Double(count)
    guard count > 1 else { return }
    let mean = mean
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    let deviation = (squares / Double(count - 1)).squareRoot()
    standardDeviation = deviation
    guard count >= Self.minimumReplicates else { return }
    let t = StudentT.quantile(1 - (1 - Self.level) / 2, degreesOfFreedom: count - 1)
    halfWidth = t * deviation / Double(count).squareRoot()
  }

  /// The paired difference `treatment − baseline`, over the replicates where both have a value,
  /// each of them in `range`.
  public init?(pairedDifference treatment: [Double?], baseline: [Double?], range: FigureRange = .unbounded) {
    self.init(
      zip(treatment, baseline).compactMap { pair in pair.0.flatMap { a in pair.1.map { a - $0 } } }, range: range.difference)
  }

  /// The interval's ends, within the range; nil without an interval.
  public var lower: Double? { halfWidth.map { range.clamp(mean - $0) } }
  public var upper: Double? { halfWidth.map { range.clamp(mean + $0) } }

  /// Whether the interval leaves out zero: a difference larger than its interval. Nil without one.
  public var excludesZero: Bool? {
    guard let lower, let upper else { return nil }
    return lower > 0 || upper < 0
  }
}
