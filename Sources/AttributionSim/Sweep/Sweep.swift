import SimJSON

/// A parameter sweep: a base scenario run at every combination of parameter values, each with
/// several seed replicates, on common random numbers (see `Docs/sweep-format.md`).
public struct Sweep: Sendable {
  /// How the parameters' value lists combine into points.
  public enum Combination: String, Sendable {
    /// Every combination; the first parameter varies slowest.
    case grid
    /// The n-th values of every parameter together; the lists have one length.
    case list
  }

  /// The sweep's name; outputs go to `Reports/<name>/` by default.
  public var name: String
  /// Free text.
  public var description: String
  /// The base scenario file, as given (relative to the sweep file) and as read.
  public var scenarioPath: String
  /// The parameters, in column order.
  public var parameters: [SweepParameter]
  /// How the parameters combine.
  public var combination: Combination
  /// Runs per point; replicate r uses the base seed plus r, the same at every point.
  public var replicates: Int
  /// The chart drawn from `sweep.csv`.
  public var chart: SweepChart
  /// The points, in order, each with its scenario.
  public var points: [SweepPoint]

  /// Rows of `sweep.csv`: one per point and replicate, replicates of a point together.
  public var rowCount: Int { points.count * replicates }
}

/// One swept setting: a JSON path into the scenario and the values it takes.
public struct SweepParameter: Sendable {
  /// The column name in `sweep.csv`; the path unless named.
  public var name: String
  /// Where the values go in the scenario, e.g. `privacy.thresholds.tier1` or `cohorts[0].count`.
  public var path: String
  /// The values, in order.
  public var values: [JSONValue]
}

/// One combination of parameter values, and the scenario it makes.
public struct SweepPoint: Sendable {
  /// The point's place in the sweep, from 0.
  public var index: Int
  /// One value per parameter.
  public var settings: [JSONValue]
  /// The base scenario with the settings applied.
  public var scenario: Scenario
}

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
}
