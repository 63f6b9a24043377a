extension Scenario {
  /// Whether some network serves AdAttributionKit ads, from the parts, for readers that have no
  /// scenario yet (``usesAdAttributionKit``).
  static func usesAdAttributionKit(platform: Platform.Framework?, networks: [AdNetwork]) -> Bool {
    networks.contains { $0.framework == .adAttributionKit }
  }

  /// Whether any postbacks can be SKAdNetwork's: the platform serves SKAdNetwork ads, or one of
  /// the ad networks does. A platform not read (nil) counts as SKAdNetwork, the default, so
  /// readers do not reject SKAdNetwork fields over an unrelated error.
  static func usesSKAdNetwork(platform: Platform.Framework?, networks: [AdNetwork]) -> Bool {
    if case .adAttributionKit = platform { return networks.contains { $0.framework == .skAdNetwork } }
    return true
  }
}
