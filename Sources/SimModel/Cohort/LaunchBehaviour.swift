import SimEngine

/// When the app is first opened.
public struct LaunchBehaviour: Hashable, Sendable {
  /// Probability the app is ever opened.
  public var probability: Double
  /// Delay from install to first launch, in milliseconds.
  public var delay: Distribution

  /// Each stored property as given; other targets of the package build it too.
  package init(probability: Double, delay: Distribution) {
    self.probability = probability
    self.delay = delay
  }
}
