import SimJSON

/// One swept setting: a JSON path into the scenario and the values it takes.
public struct SweepParameter: Sendable {
  /// The column name in `sweep.csv`; the path unless named.
  public var name: String
  /// Where the values go in the scenario, e.g. `privacy.thresholds.tier1` or `cohorts[0].count`.
  public var path: String
  /// The values, in order.
  public var values: [JSONValue]

  /// Each stored property as given; other targets of the package build it too.
  package init(name: String, path: String, values: [JSONValue]) {
    self.name = name
    self.path = path
    self.values = values
  }
}
