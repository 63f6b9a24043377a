import Foundation

/// Student's t distribution with whole degrees of freedom: the quantiles that replicate
/// intervals use.
public enum StudentT {
  /// The probability that |T| < t with ν degrees of freedom (ν ≥ 1).
  ///
  /// For whole ν this has a closed form in θ = atan(t/√ν) (Abramowitz and Stegun §26.7): a
  /// finite series in cos²θ, exact up to rounding, with no gamma functions.
  public static func centralProbability(_ t: Double, degreesOfFreedom ν: Int) -> Double {
    precondition(ν >= 1, "degrees of freedom start at 1")
    guard t > 0 else { return 0 }
    guard t.isFinite else { return 1 }
    let θ = atan(t / Double(ν).squareRoot())
    let c2 = cos(θ) * cos(θ)
    var term = 1.0, sum = 1.0
    if ν % 2 == 0 {
      // sin θ · (1 + ½cos²θ + (1·3)/(2·4)cos⁴θ + … up to cos^(ν−2)θ)
      if ν >= 4 {
        for k in 1...(ν - 2) / 2 {
          term *= Double(2 * k - 1) / Double(2 * k) * c2
          sum += term
        }
      }
      return min(1, sin(θ) * sum)
    }
    guard ν > 1 else { return 2 * θ / Double.pi }
    // (2/π)(θ + sin θ cos θ · (1 + ⅔cos²θ + (2·4)/(3·5)cos⁴θ + … up to cos^(ν−3)θ))
    if ν >= 5 {
      for k in 1...(ν - 3) / 2 {
        term *= Double(2 * k) / Double(2 * k + 1) * c2
        sum += term
      }
    }
    return min(1, 2 / Double.pi * (θ + sin(θ) * cos(θ) * sum))
  }

  /// The p-quantile with ν degrees of freedom: t(0.975, 4) = 2.776.
  ///
  /// Found by bisection on the closed-form distribution until the bracket cannot shrink, so the
  /// answer is the same on every machine with the same libm.
  public static func quantile(_ p: Double, degreesOfFreedom ν: Int) -> Double {
    precondition(p > 0 && p < 1, "a quantile's probability is between 0 and 1")
    if p == 0.5 { return 0 }
    if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: ν) }
    let target = 2 * p - 1
    var low = 0.0, high = 1.0
    while centralProbability(high, degreesOfFreedom: ν) < target { high *= 2 }
    for _ in 0..<200 {
      let middle = (low + high) / 2
      guard middle > low, middle < high else { break }
      if centralProbability(middle, degreesOfFreedom: ν) < target { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}
