import SimModel

/// An ad as the device receives it, with what its signature covers (rulebook §2.4, §7.3).
package struct ServedImpression: Sendable {
  /// The ad network's identifier.
  package var networkIdentifier: String
  /// The campaign's source identifier.
  package var sourceIdentifier: Int
  /// The advertised app's item identifier.
  package var appId: Int64
  /// The publisher app or website showing the ad.
  package var source: PublisherApp.Source
  /// 1 for a tap, 0 for a view.
  package var fidelityType: Int
  /// Whether the campaign marks its ads eligible for re-engagement (§3.5).
  package var eligibleForReengagement: Bool
  /// The ad's nonce.
  package var nonce: String
  /// The ad's timestamp, in Unix milliseconds.
  package var timestamp: Int64
  /// Whether the ad was changed after signing, so that its signature must fail.
  package var tampered: Bool

  package init(
    networkIdentifier: String, sourceIdentifier: Int, appId: Int64, source: PublisherApp.Source, fidelityType: Int,
    eligibleForReengagement: Bool, nonce: String, timestamp: Int64, tampered: Bool
  ) {
    self.networkIdentifier = networkIdentifier
    self.sourceIdentifier = sourceIdentifier
    self.appId = appId
    self.source = source
    self.fidelityType = fidelityType
    self.eligibleForReengagement = eligibleForReengagement
    self.nonce = nonce
    self.timestamp = timestamp
    self.tampered = tampered
  }
}
