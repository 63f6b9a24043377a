import Foundation

/// One campaign of an ad network.
public struct Campaign: Hashable, Sendable {
  /// A campaign with an optional forced tier.
  public init(name: String, sourceIdentifier: Int, forceTier: Int? = nil, eligibleForReengagement: Bool = false) {
    self.eligibleForReengagement = eligibleForReengagement
    self.name = name
    self.sourceIdentifier = sourceIdentifier
    self.forceTier = forceTier
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// The hierarchical source identifier, 0–9999 (SKAdNetwork 4), or the `campaign-id`, 1–100
  /// (SKAdNetwork 2.2 and 3.0).
  public var sourceIdentifier: Int
  /// A fixed crowd-anonymity tier for this campaign's conversions, overriding the privacy model.
  public var forceTier: Int?
  /// AdAttributionKit: its impressions carry `eligible-for-re-engagement: true` (§2.4, §3.5).
  public var eligibleForReengagement: Bool
  /// What the campaign costs; nil when the scenario states no spend (no CPI or ROAS then).
  public var spend: CampaignSpend?
  /// When the campaign runs; nil for always.
  public var flight: CampaignFlight?
}
