import SimJSON
import SimModel

/// An AdAttributionKit postback before signing: the fields the JWS payload carries and the
/// unsigned siblings beside `jws-string` in the body (rulebook §6, §7.5).
public struct AdAttributionKitPostback: Sendable {
  /// Everything a postback is built from.
  public struct Facts: Sendable {
    /// `ad-network-identifier`.
    public var networkIdentifier: String
    /// The campaign's 4-digit hierarchical source identifier.
    public var sourceIdentifier: Int
    /// `advertised-item-identifier`.
    public var appId: Int64
    /// `publisher-item-identifier`: the publisher app's item ID, 0 for a development impression.
    public var publisherItemId: Int64
    /// `postback-identifier`, the receiver's dedup key (§5.3).
    public var postbackIdentifier: String
    /// `conversion-type`.
    public var conversionType: ConversionType
    /// `ad-interaction-type`.
    public var interaction: InteractionType
    /// `did-win`.
    public var didWin: Bool
    /// `postback-sequence-index`, 0–2.
    public var sequenceIndex: Int
    /// The crowd-anonymity decision for the conversion.
    public var tier: TierDecision
    /// The window's fine value.
    public var fine: Int?
    /// The window's coarse value.
    public var coarse: CoarseValue?
    /// Install country (re-engagements keep the install's, §6).
    public var country: String
    /// `marketplace-identifier`.
    public var marketplace: String
    /// Settings for the uncertain content rules.
    public var rules: PlatformRules

    /// The facts of one postback.
    public init(
      networkIdentifier: String, sourceIdentifier: Int, appId: Int64, publisherItemId: Int64, postbackIdentifier: String,
      conversionType: ConversionType, interaction: InteractionType, didWin: Bool, sequenceIndex: Int, tier: TierDecision,
      fine: Int?, coarse: CoarseValue?, country: String, marketplace: String = AdvertisedApp.appStore,
      rules: PlatformRules = PlatformRules()
    ) {
      self.networkIdentifier = networkIdentifier
      self.sourceIdentifier = sourceIdentifier
      self.appId = appId
      self.publisherItemId = publisherItemId
      self.postbackIdentifier = postbackIdentifier
      self.conversionType = conversionType
      self.interaction = interaction
      self.didWin = didWin
      self.sequenceIndex = sequenceIndex
      self.tier = tier
      self.fine = fine
      self.coarse = coarse
      self.country = country
      self.marketplace = marketplace
      self.rules = rules
    }
  }

  /// The JWS payload: what the signature covers.
  public var payload: [String: JSONValue]
  /// The unsigned fields sent beside `jws-string`.
  public var siblings: [String: JSONValue]
  /// Which kind of conversion value it carries.
  public var content: SKAdNetworkPostback.ValueContent

  /// The postback for `facts`, with SKAdNetwork 4.0's tier rules (§6, B2): postback 1 carries
  /// the fine value at tiers 2–3 and the coarse value at tier 1, postbacks 2–3 the coarse value
  /// with 2 source-identifier digits; `publisher-item-identifier` and `country-code` only at
  /// tier 3 in a winning postback 1; `marketplace-identifier` from the `rules` tier up (never
  /// at tier 0). Non-winning postbacks (§3.3) carry no value unless `runnerUpCoarseValue`.
  public init(_ facts: Facts) {
    let tier = facts.tier.tier
    let first = facts.sequenceIndex == 0
    var payload: [String: JSONValue] = [
      "postback-identifier": .string(facts.postbackIdentifier),
      "ad-network-identifier": .string(facts.networkIdentifier),
      "advertised-item-identifier": .int(facts.appId),
      "source-identifier": .string(
        SKAdNetworkPostback.sourceIdentifier(facts.sourceIdentifier, digits: first ? facts.tier.sourceIdentifierDigits : 2)),
      "impression-type": .string("app-impression"),
      "conversion-type": .string(facts.conversionType.rawValue),
      "did-win": .bool(facts.didWin),
      "postback-sequence-index": .int(Int64(facts.sequenceIndex)),
    ]
    var siblings: [String: JSONValue] = ["ad-interaction-type": .string(facts.interaction.rawValue)]
    if tier >= max(1, facts.rules.marketplaceIdentifierMinimumTier) {
      payload["marketplace-identifier"] = .string(facts.marketplace)
    }
    if first, tier == 3, facts.didWin {
      payload["publisher-item-identifier"] = .int(facts.publisherItemId)
      if facts.rules.countryCode, facts.tier.countryCodeAllowed { siblings["country-code"] = .string(facts.country) }
    }
    var content = SKAdNetworkPostback.ValueContent.none
    if facts.didWin, first, tier >= 2, let fine = facts.fine {
      siblings["conversion-value"] = .int(Int64(fine))
      content = .fine
    } else if facts.didWin || facts.rules.runnerUpCoarseValue, tier >= 1, let coarse = facts.coarse {
      siblings["coarse-conversion-value"] = .string(coarse.rawValue)
      content = .coarse
    }
    self.payload = payload
    self.siblings = siblings
    self.content = content
  }

  /// The key ID of the simulated Apple's production postback key (§7.4).
  public static let productionKeyId = "apple-cas-identifier/0"
  /// The key ID Developer Mode postbacks are signed with (§5.4).
  public static let developmentKeyId = "apple-development-identifier/0"
}
