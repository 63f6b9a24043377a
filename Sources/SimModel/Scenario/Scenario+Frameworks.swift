extension Scenario {
  /// Whether any network serves AdAttributionKit ads: attribution then pools both frameworks (§3.6).
  public var usesAdAttributionKit: Bool { Self.usesAdAttributionKit(adNetworks) }

  /// ``usesAdAttributionKit`` from the networks, for readers that have no scenario yet.
  package static func usesAdAttributionKit(_ networks: [AdNetwork]) -> Bool {
    networks.contains { $0.framework == .adAttributionKit }
  }

  /// Whether any postbacks can be SKAdNetwork's: the platform serves SKAdNetwork ads, or one of
  /// the ad networks does. A platform not read (nil) counts as SKAdNetwork, the default, so
  /// readers do not reject SKAdNetwork fields over an unrelated error.
  package static func usesSKAdNetwork(platform: Platform.Framework?, networks: [AdNetwork]) -> Bool {
    if case .adAttributionKit = platform { return networks.contains { $0.framework == .skAdNetwork } }
    return true
  }
}
