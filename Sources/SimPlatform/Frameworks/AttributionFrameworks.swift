import SimModel

/// The one place that picks a framework's rules: add a version's case here and its type beside.
package enum AttributionFrameworks {
  /// SKAdNetwork's rules for ads signed with `version`.
  package static func skAdNetwork(_ version: SKAdNetworkVersion) -> any SKAdNetworkFramework {
    switch version {
    case .v2_2: SKAdNetwork22()
    case .v3_0: SKAdNetwork30()
    case .v4_0: SKAdNetwork40()
    }
  }

  /// The rules a platform runs under: its conversion windows, values and tiers.
  package static func platform(_ platform: Platform) -> any AttributionFramework {
    switch platform.framework {
    case .skAdNetwork(let version): skAdNetwork(version)
    case .adAttributionKit: AdAttributionKit()
    }
  }

  /// The rules one ad network's ads follow on `platform`: AdAttributionKit's for JWS
  /// impressions, otherwise SKAdNetwork's at the platform's version (§3.6).
  package static func ads(of network: AdNetwork, on platform: Platform) -> any AttributionFramework {
    switch network.framework {
    case .skAdNetwork: skAdNetwork(platform.version)
    case .adAttributionKit: AdAttributionKit()
    }
  }
}

extension Scenario {
  /// The rules the scenario's platform runs under (``AttributionFrameworks/platform(_:)``).
  package var attributionFramework: any AttributionFramework { AttributionFrameworks.platform(platform) }
}
