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
  /// The base scenario file's path, resolved against the sweep file's folder.
  public var scenarioPath: String
  /// The parameters, in column order.
  public var parameters: [SweepParameter]
  /// How the parameters combine.
  public var combination: Combination
  /// Runs per point; replicate r uses a hash of the base seed and r (replicate 0 the base seed
  /// itself), the same at every point.
  public var replicates: Int
  /// The chart drawn from `sweep.csv`.
  public var chart: SweepChart
  /// The points, in order, each with its scenario.
  public var points: [SweepPoint]
  /// The files read: the sweep file, its base scenario, then the files the points' scenarios
  /// name (schemas, keys), each once; empty for a sweep not read from a file.
  public var inputFiles: [String] = []

  /// Rows of `sweep.csv`: one per point and replicate, replicates of a point together.
  public var rowCount: Int { points.count * replicates }

  /// What running the sweep needs allowed: every point's ``Scenario/requiredPermissions``, once each.
  public var requiredPermissions: [ScenarioPermission] {
    var seen = Set<ScenarioPermission>()
    return points.flatMap(\.scenario.requiredPermissions).filter { seen.insert($0).inserted }
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    name: String,
    description: String,
    scenarioPath: String,
    parameters: [SweepParameter],
    combination: Combination,
    replicates: Int,
    chart: SweepChart,
    points: [SweepPoint]
  ) {
    self.name = name
    self.description = description
    self.scenarioPath = scenarioPath
    self.parameters = parameters
    self.combination = combination
    self.replicates = replicates
    self.chart = chart
    self.points = points
  }
}
