import SimJSON

/// One combination of parameter values, and the scenario it makes.
public struct SweepPoint: Sendable {
  /// The point's place in the sweep, from 0.
  public var index: Int
  /// One value per parameter.
  public var settings: [JSONValue]
  /// The base scenario with the settings applied.
  public var scenario: Scenario

  /// Each stored property as given; other targets of the package build it too.
  package init(index: Int, settings: [JSONValue], scenario: Scenario) {
    self.index = index
    self.settings = settings
    self.scenario = scenario
  }
}
