/// The calibrated decoder's answer for one postback (or one missing postback): the conditional
/// mean of true revenue and event occurrence, and which cell gave it.
public struct CalibratedEstimate: Hashable, Sendable {
  /// How specific the cell was.
  public enum Level: String, Hashable, Sendable {
    /// The postback's own source (campaign, or the digits it carried).
    case source
    /// Every source pooled: the source's own cell had too few installs.
    case pooled
  }

  /// Expected true revenue of the install in the window.
  public var revenue: Double
  /// Expected true revenue of the install in the windows after this one; nil when the
  /// calibration does not know it (a file written before it was recorded).
  public var laterRevenue: Double? = nil
  /// Per schema event, the share of such installs where it happened in the window.
  public var eventShares: [Double]
  public var level: Level
  /// Calibration installs behind the figure.
  public var installs: Int
}
