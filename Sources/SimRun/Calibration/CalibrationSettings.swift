/// How large a calibration cohort is: independent runs of the scenario pooled until they hold
/// enough attributed installs. One small run is too noisy: a handful of paying users decides
/// each cell's mean.
public struct CalibrationSettings: Hashable, Sendable {
  /// Attributed installs (with a first postback) the pooled runs must reach.
  public var installs: Int
  /// Runs made whatever their installs, and the most made.
  public var minimumRuns: Int, maximumRuns: Int
  /// Installs a cell needs before its own mean is used (else the pooled cell, else the midpoint).
  public var minimumCellInstalls: Int

  /// Settings; by default at least 4 runs and 2,000 installs, at most 40 runs, cells of 30.
  public init(installs: Int = 2_000, minimumRuns: Int = 4, maximumRuns: Int = 40, minimumCellInstalls: Int = 30) {
    self.installs = installs
    self.minimumRuns = minimumRuns
    self.maximumRuns = maximumRuns
    self.minimumCellInstalls = minimumCellInstalls
  }
}
