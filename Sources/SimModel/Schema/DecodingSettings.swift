/// How the decoder turns a revenue range into one number.
///
/// arXiv 2102.08458 frames the best estimate as the mean of the revenue distribution within the
/// range; with no distribution known to the decoder, the midpoint assumes it flat inside each
/// bounded range, and a factor over the lower bound stands in for the unbounded top range.
public struct DecodingSettings: Hashable, Sendable {
  /// The point estimate inside a bounded range.
  public enum Estimate: String, CaseIterable, Hashable, Sendable {
    /// Halfway between the bounds.
    case midpoint
    /// The lower bound: a conservative figure that never overstates revenue.
    case lowerBound
  }

  /// The estimate inside bounded ranges.
  public var estimate: Estimate
  /// The top, unbounded range's estimate is its lower bound times this (at least 1).
  public var openEndedFactor: Double

  /// Settings; the defaults are the midpoint and the plain lower bound.
  public init(estimate: Estimate = .midpoint, openEndedFactor: Double = 1) {
    self.estimate = estimate
    self.openEndedFactor = openEndedFactor
  }
}
