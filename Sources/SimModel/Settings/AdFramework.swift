/// The framework an ad network serves its ads with.
public enum AdFramework: String, CaseIterable, Hashable, Sendable {
  /// SKAdNetwork: ads signed with the scenario's version (§7.3).
  case skAdNetwork = "skadnetwork"
  /// AdAttributionKit: JWS impressions (§2.4).
  case adAttributionKit = "adattributionkit"
}
