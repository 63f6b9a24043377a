import Foundation

/// The chi-square distribution's upper tail, for goodness-of-fit tests.
public enum ChiSquare {
  /// P(X ≥ `statistic`) for X chi-square with `degreesOfFreedom`: the regularised upper
  /// incomplete gamma Q(ν/2, x/2), by its series below a + 1 and its continued fraction above
  /// (Numerical Recipes §6.2), to 1e-12.
  public static func survival(_ statistic: Double, degreesOfFreedom: Int) -> Double {
    guard degreesOfFreedom > 0 else { return .nan }
    guard statistic > 0 else { return 1 }
    let a = Double(degreesOfFreedom) / 2
    let x = statistic / 2
    let logPrefix = -x + a * log(x) - lgamma(a)
    if x < a + 1 {
      var term = 1 / a
      var sum = term
      var n = a
      for _ in 0..<10_000 {
        n += 1
        term *= x / n
        sum += term
        if abs(term) < abs(sum) * 1e-12 { break }
      }
      return max(0, 1 - sum * exp(logPrefix))
    }
    // Lentz's method for the continued fraction.
    let tiny = 1e-300
    var b = x + 1 - a
    var c = 1 / tiny
    var d = 1 / b
    var h = d
    for i in 1..<10_000 {
      let an = -Double(i) * (Double(i) - a)
      b += 2
      d = an * d + b
      if abs(d) < tiny { d = tiny }
      c = b + an / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let delta = d * c
      h *= delta
      if abs(delta - 1) < 1e-12 { break }
    }
    return min(1, exp(logPrefix) * h)
  }
}
