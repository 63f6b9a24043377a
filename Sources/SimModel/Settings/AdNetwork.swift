import Foundation

/// An ad network with its campaigns.
public struct AdNetwork: Hashable, Sendable {
  /// An ad network with its campaigns.
  public init(
    name: String, identifier: String, campaigns: [Campaign], signingKey: SigningKeySource = .derivedFromSeed,
    invalidSignatureShare: Double = 0, framework: AdFramework = .skAdNetwork
  ) {
    self.framework = framework
    self.name = name
    self.identifier = identifier
    self.campaigns = campaigns
    self.signingKey = signingKey
    self.invalidSignatureShare = invalidSignatureShare
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// The registered ad network identifier, e.g. `example123.skadnetwork`.
  public var identifier: String
  /// Its campaigns.
  public var campaigns: [Campaign]
  /// The P-256 key it signs impressions with (rulebook §7.3).
  public var signingKey: SigningKeySource
  /// Share of its cohort impressions whose signature fails, as from a signing bug or tampering
  /// in transit; the device ignores them.
  public var invalidSignatureShare: Double
  /// Whether it serves SKAdNetwork-signed ads or AdAttributionKit JWS impressions.
  public var framework: AdFramework
  /// The postback endpoint it registered with Apple (§7.6); nil when the scenario gives none.
  public var postbackURL: URL?
  /// What its dashboard shows of the postbacks it receives.
  public var dashboard = DashboardSettings.raw
}
