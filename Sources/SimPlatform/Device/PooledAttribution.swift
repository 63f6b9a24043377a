import SimEngine
import SimModel

/// The extra attribution steps when AdAttributionKit takes part (rulebook §2.5, §3.1, §3.2).
package struct PooledAttribution {
  /// At most this many impressions are considered per conversion (B5, B1).
  package static let maximumConsidered = 6

  /// Whether the app's configuration drops this impression's interaction type for its network.
  package var ignored: (StoredImpression) -> Bool
  /// Whether the impression is a development one (publisher item ID 0), which loses to any
  /// production impression (B12).
  package var isDevelopment: (StoredImpression) -> Bool
  /// How many of the best impressions take part.
  package var considered = PooledAttribution.maximumConsidered

  /// Each stored property as given; other targets of the package build it too.
  package init(
    ignored: @escaping (StoredImpression) -> Bool, isDevelopment: @escaping (StoredImpression) -> Bool,
    considered: Int = PooledAttribution.maximumConsidered
  ) {
    self.ignored = ignored
    self.isDevelopment = isDevelopment
    self.considered = considered
  }
}
