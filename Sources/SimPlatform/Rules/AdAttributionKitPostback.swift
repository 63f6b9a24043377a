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

  /// The postback for `facts`, with the fields and value ``TierAllowance`` lets it carry, as
  /// SKAdNetwork 4.0's (§6, B2): `publisher-item-identifier` where it names the publisher.
  public init(_ facts: Facts) {
    let allowed = TierAllowance(tier: facts.tier, sequenceIndex: facts.sequenceIndex, didWin: facts.didWin, rules: facts.rules)
    var payload: [String: JSONValue] = [
      "postback-identifier": .string(facts.postbackIdentifier),
      "ad-network-identifier": .string(facts.networkIdentifier),
      "advertised-item-identifier": .int(facts.appId),
      "source-identifier": .string(
        SKAdNetworkPostback.sourceIdentifier(facts.sourceIdentifier, digits: allowed.sourceIdentifierDigits)),
      "impression-type": .string("app-impression"),
      "conversion-type": .string(facts.conversionType.rawValue),
      "did-win": .bool(facts.didWin),
      "postback-sequence-index": .int(Int64(facts.sequenceIndex)),
    ]
    var siblings: [String: JSONValue] = ["ad-interaction-type": .string(facts.interaction.rawValue)]
    if allowed.marketplaceIdentifier { payload["marketplace-identifier"] = .string(facts.marketplace) }
    if allowed.publisher { payload["publisher-item-identifier"] = .int(facts.publisherItemId) }
    if allowed.countryCode { siblings["country-code"] = .string(facts.country) }
    var content = SKAdNetworkPostback.ValueContent.none
    switch allowed.value(fine: facts.fine, coarse: facts.coarse) {
    case .fine(let fine)?:
      siblings["conversion-value"] = .int(Int64(fine))
      content = .fine
    case .coarse(let coarse)?:
      siblings["coarse-conversion-value"] = .string(coarse.rawValue)
      content = .coarse
    case nil: break
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
