/// How the decoder turns what a postback carries into one revenue figure.
///
/// arXiv 2102.08458 frames the best estimate as the conditional mean of revenue given the value;
/// `calibrated` learns that mean from a simulated calibration cohort (see ``Calibration``). The
/// range estimates (`midpoint`, `lower`) know no distribution: the midpoint assumes revenue flat
/// inside each bounded range, and a factor over the lower bound stands in for the unbounded top
/// range.
public struct DecodingSettings: Hashable, Sendable {
  /// The named estimators.
  public enum Estimate: String, CaseIterable, Hashable, Sendable {
    /// Halfway between a range's bounds.
    case midpoint
    /// The lower bound: a conservative figure that never overstates revenue.
    case lowerBound = "lower"
    /// The conditional mean learned from a calibration cohort; the midpoint where no
    /// calibration (or too few of its samples) speaks for a value.
    case calibrated

    /// The estimator named `name`: its raw value, or `lowerBound`, the schema format's first
    /// spelling of `lower`.
    public init?(name: String) {
      if name == "lowerBound" { self = .lowerBound } else { self.init(rawValue: name) }
    }
  }

  /// The estimator.
  public var estimate: Estimate
  /// The top, unbounded range's estimate is its lower bound times this (at least 1).
  public var openEndedFactor: Double

  /// Settings; the defaults are the calibrated estimator (the midpoint without a calibration)
  /// and the plain lower bound for the top range.
  public init(estimate: Estimate = .calibrated, openEndedFactor: Double = 1) {
    self.estimate = estimate
    self.openEndedFactor = openEndedFactor
  }
}
