import SimEngine

/// How impressions become installs.
public struct InstallBehaviour: Hashable, Sendable {
  /// Probability a click leads to an install.
  public var afterClick: Double
  /// Probability a view leads to an install.
  public var afterView: Double
  /// Probability of installing with no ad at all.
  public var organic: Double
  /// Delay from the impression (or arrival, for organic installs) to the install, in ms.
  public var delay: Distribution
  /// Probability the install is a redownload.
  public var redownload: Double
  /// Probability a (first) download is the release of a pre-order (§8 `PreOrder`).
  public var preOrder = 0.0

  /// Each stored property as given; other targets of the package build it too.
  package init(
    afterClick: Double,
    afterView: Double,
    organic: Double,
    delay: Distribution,
    redownload: Double,
    preOrder: Double = 0.0
  ) {
    self.afterClick = afterClick
    self.afterView = afterView
    self.organic = organic
    self.delay = delay
    self.redownload = redownload
    self.preOrder = preOrder
  }
}
