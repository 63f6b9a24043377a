/// Which columns of `sweep.csv` a sweep's chart plots: an outcome against a parameter or
/// outcome, one line per value of another column.
public struct SweepChart: Sendable, Equatable {
  /// The horizontal axis column.
  public var x: String
  /// The vertical axis column.
  public var y: String
  /// The column whose values split the points into lines; nil draws one line.
  public var series: String?
  /// Whether the horizontal axis is logarithmic.
  public var logarithmicX: Bool

  /// Each stored property as given; other targets of the package build it too.
  package init(x: String, y: String, series: String? = nil, logarithmicX: Bool) {
    self.x = x
    self.y = y
    self.series = series
    self.logarithmicX = logarithmicX
  }
}
