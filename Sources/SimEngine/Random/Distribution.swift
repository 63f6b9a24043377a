import Foundation

/// A named distribution of real values that scenarios can use for amounts and durations.
///
/// Every sample consumes exactly one uniform draw (inverse-transform sampling), so a stream's
/// later draws do not shift when a parameter changes: that keeps common random numbers aligned
/// across sweep points.
public enum Distribution: Hashable, Sendable {
  /// Always `value`.
  case fixed(Double)
  /// Uniform on [lower, upper).
  case uniform(lower: Double, upper: Double)
  /// Exponential with the given mean.
  case exponential(mean: Double)
  /// Normal, truncated to [lower, upper] when bounds are given.
  case normal(mean: Double, standardDeviation: Double, lower: Double?, upper: Double?)
  /// Log-normal: exp of a normal with parameters `mu` and `sigma`.
  case lognormal(mu: Double, sigma: Double)
  /// One of several values with the given weights.
  case choice(WeightedChoice<Double>)
  /// Piecewise-linear inverse CDF through quantile points.
  case empirical(EmpiricalTable)
  /// Poisson counts with the given mean.
  case poisson(mean: Double)

  /// Draws one value.
  public func sample(using stream: inout RandomStream) -> Double {
    switch self {
    case .fixed(let value):
      _ = stream.next()  // keep one draw per sample, whatever the distribution
      return value
    case .uniform(let lower, let upper):
      return lower + (upper - lower) * stream.nextUnit()
    case .exponential(let mean):
      return -mean * log(stream.nextOpenUnit())
    case .normal(let mean, let sd, let lower, let upper):
      let low = lower.map { StandardNormal.cdf(($0 - mean) / sd) } ?? 0
      let high = upper.map { StandardNormal.cdf(($0 - mean) / sd) } ?? 1
      let u = low + (high - low) * stream.nextOpenUnit()
      let value = mean + sd * StandardNormal.quantile(min(max(u, 0x1p-60), 1 - 0x1p-53))
      // Rounding in the far tail can step just outside the bounds; clamp to honour them.
      return min(max(value, lower ?? -.infinity), upper ?? .infinity)
    case .lognormal(let mu, let sigma):
      return exp(mu + sigma * StandardNormal.quantile(stream.nextOpenUnit()))
    case .choice(let choice):
      return choice.sample(using: &stream)
    case .empirical(let table):
      return table.quantile(stream.nextUnit())
    case .poisson(let mean):
      return Self.poissonQuantile(stream.nextUnit(), mean: mean)
    }
  }

  /// The smallest count whose cumulative Poisson probability exceeds `u`: exact inversion up to
  /// a mean of 500, where the terms still fit a double; beyond it the normal approximation with
  /// continuity correction, whose error there is far below sampling error.
  static func poissonQuantile(_ u: Double, mean: Double) -> Double {
    guard mean > 0 else { return 0 }
    guard mean <= 500 else {
      let z = StandardNormal.quantile(min(max(u, 0x1p-60), 1 - 0x1p-53))
      return max(0, (mean + z * mean.squareRoot() - 0.5).rounded(.up))
    }
    var term = exp(-mean)
    var cumulative = term
    var count = 0.0
    // The tail past mean + 40 sd holds less probability than a double can resolve.
    let limit = mean + 40 * mean.squareRoot() + 40
    while cumulative <= u, count < limit {
      count += 1
      term *= mean / count
      cumulative += term
    }
    return count
  }

  /// Consumes the one draw a sample would, without computing it: for samples whose value is
  /// not needed, keeping the stream aligned with runs where it is.
  @inlinable
  public static func skip(using stream: inout RandomStream) {
    _ = stream.next()
  }

  /// The distribution's mean (for truncated normals, the untruncated mean's truncated value).
  public var mean: Double {
    switch self {
    case .fixed(let value): value
    case .uniform(let lower, let upper): (lower + upper) / 2
    case .exponential(let mean): mean
    case .normal(let mean, let sd, let lower, let upper):
      StandardNormal.truncatedMean(mean: mean, sd: sd, lower: lower, upper: upper)
    case .lognormal(let mu, let sigma): exp(mu + sigma * sigma / 2)
    case .choice(let choice): choice.mean
    case .empirical(let table): table.mean
    case .poisson(let mean): mean
    }
  }

  /// The smallest value a sample can take (may be -infinity).
  public var lowerBound: Double {
    switch self {
    case .fixed(let value): value
    case .uniform(let lower, let upper): min(lower, upper)
    case .exponential, .lognormal, .poisson: 0
    case .normal(_, _, let lower, _): lower ?? -.infinity
    case .choice(let choice): choice.values.min() ?? 0
    case .empirical(let table): table.points[0].value
    }
  }

  /// The largest value a sample can take (may be +infinity).
  public var upperBound: Double {
    switch self {
    case .fixed(let value): value
    case .uniform(let lower, let upper): max(lower, upper)
    case .exponential, .lognormal, .poisson: .infinity
    case .normal(_, _, _, let upper): upper ?? .infinity
    case .choice(let choice): choice.values.max() ?? 0
    case .empirical(let table): table.points[table.points.count - 1].value
    }
  }
}
