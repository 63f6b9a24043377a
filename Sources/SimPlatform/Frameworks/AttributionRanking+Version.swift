import SimModel

extension AttributionRanking {
  /// The ranking a version uses (``AttributionFramework/ranking``). Here rather than beside the
  /// ranking, so that the device's rules need not know the frameworks that choose among them.
  public static func `for`(_ version: SKAdNetworkVersion) -> AttributionRanking {
    AttributionFrameworks.skAdNetwork(version).ranking
  }
}
