/// What a tier policy may look at when it decides a conversion's tier.
public struct ConversionFacts: Sendable {
  /// The facts about one conversion.
  public init(network: Int, campaign: Int, publisher: Int, country: String) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.country = country
  }

  /// Index of the winning network in the scenario.
  public var network: Int
  /// Index of the winning campaign within its network.
  public var campaign: Int
  /// Index of the publisher that showed the winning ad.
  public var publisher: Int
  /// Install country.
  public var country: String
}

/// Decides crowd-anonymity tiers; Apple publishes no thresholds, so this is a modelling choice.
public protocol TierPolicy: Sendable {
  /// The tier and the fields it allows for one conversion.
  func decide(for conversion: ConversionFacts) -> TierDecision
}

/// Gives every conversion the scenario's tier, or its campaign's when the campaign sets one.
///
/// Every crowd key then has the same tier, so the source-identifier selection keeps 4 digits at
/// tiers 2–3 and 2 digits below, and `country-code` appears at tier 3.
public struct FixedTierPolicy: TierPolicy {
  /// The scenario's networks, for campaign overrides.
  public let networks: [AdNetwork]
  /// The tier of campaigns without their own.
  public let defaultTier: Int

  /// A policy for a scenario's networks and privacy settings.
  public init(networks: [AdNetwork], privacy: PrivacySettings) {
    self.networks = networks
    defaultTier = privacy.tier
  }

  public func decide(for conversion: ConversionFacts) -> TierDecision {
    let tier = networks[conversion.network].campaigns[conversion.campaign].tier ?? defaultTier
    return .selectingDigits(tierFor2: tier, tierFor3: tier, tierFor4: tier, countryTier: tier)
  }
}
