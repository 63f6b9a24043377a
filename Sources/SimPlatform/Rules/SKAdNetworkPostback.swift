import SimJSON
import SimModel

/// An SKAdNetwork postback body exactly as the device POSTs it (rulebook §6, §7.1).
public struct SKAdNetworkPostback: Sendable {
  /// What a postback carries besides identifiers, decided by tier and window.
  public enum ValueContent: String, Sendable {
    case fine, coarse, none
  }

  /// Everything a postback is built from.
  public struct Facts: Sendable {
    /// The version ads were signed with.
    public var version: SKAdNetworkVersion
    /// `ad-network-id`.
    public var networkIdentifier: String
    /// The campaign's source identifier (4.0) or `campaign-id` (2.2, 3.0).
    public var sourceIdentifier: Int
    /// `app-id`.
    public var appId: Int64
    /// `transaction-id`.
    public var transactionId: String
    /// `redownload`.
    public var redownload: Bool
    /// The publisher app or website.
    public var source: PublisherApp.Source
    /// `fidelity-type`: 1 StoreKit-rendered or web, 0 view-through.
    public var fidelityType: Int
    /// `did-win` (3.0+).
    public var didWin: Bool
    /// `postback-sequence-index` (4.0).
    public var sequenceIndex: Int
    /// The crowd-anonymity decision for this postback's conversion.
    public var tier: TierDecision
    /// The window's fine value.
    public var fine: Int?
    /// The window's coarse value (4.0).
    public var coarse: CoarseValue?
    /// Install country.
    public var country: String
    /// Settings for the uncertain content rules.
    public var rules: PlatformRules

    /// The facts of one postback.
    public init(
      version: SKAdNetworkVersion, networkIdentifier: String, sourceIdentifier: Int, appId: Int64,
      transactionId: String, redownload: Bool, source: PublisherApp.Source, fidelityType: Int, didWin: Bool,
      sequenceIndex: Int, tier: TierDecision, fine: Int?, coarse: CoarseValue?, country: String,
      rules: PlatformRules = PlatformRules()
    ) {
      self.version = version
      self.networkIdentifier = networkIdentifier
      self.sourceIdentifier = sourceIdentifier
      self.appId = appId
      self.transactionId = transactionId
      self.redownload = redownload
      self.source = source
      self.fidelityType = fidelityType
      self.didWin = didWin
      self.sequenceIndex = sequenceIndex
      self.tier = tier
      self.fine = fine
      self.coarse = coarse
      self.country = country
      self.rules = rules
    }
  }

  /// The JSON body.
  public var payload: JSONValue
  /// Which kind of conversion value it carries.
  public var content: ValueContent

  /// The postback for `facts`.
  ///
  /// 4.0 (§6): postback 1 carries the fine value at tiers 2–3 and the coarse value at tier 1;
  /// postbacks 2–3 carry the coarse value, never at tier 0. `source-app-id` (or `source-domain`)
  /// and `country-code` only at tier 3 in a winning postback 1. The source identifier keeps its
  /// rightmost digits: the tier's count in postback 1, 2 in postbacks 2–3.
  /// 2.2/3.0 (§6, A6): `conversion-value` and `source-app-id` only when the privacy threshold is
  /// met, which the simulator takes to be tier 2 or more.
  /// Non-winning postbacks (§3.3) carry neither value nor `source-app-id`.
  /// `attribution-signature` belongs to the signing layer and is not added here.
  public init(_ facts: Facts) {
    var body: [String: JSONValue] = [
      "version": .string(facts.version.rawValue),
      "ad-network-id": .string(facts.networkIdentifier),
      "app-id": .int(facts.appId),
      "transaction-id": .string(facts.transactionId),
      "redownload": .bool(facts.redownload),
      "fidelity-type": .int(Int64(facts.fidelityType)),
    ]
    if facts.version >= .v3_0 { body["did-win"] = .bool(facts.didWin) }
    let tier = facts.tier.tier
    var content = ValueContent.none
    if facts.version.hasConversionWindows {
      let first = facts.sequenceIndex == 0
      let digits = first ? facts.tier.sourceIdentifierDigits : 2
      body["source-identifier"] = .string(SKAdNetworkPostback.sourceIdentifier(facts.sourceIdentifier, digits: digits))
      body["postback-sequence-index"] = .int(Int64(facts.sequenceIndex))
      if first, tier == 3, facts.didWin {
        switch facts.source {
        case .app(let id): body["source-app-id"] = .int(id)
        case .web(let domain): body["source-domain"] = .string(domain)
        }
        if facts.rules.countryCode, facts.tier.countryCodeAllowed { body["country-code"] = .string(facts.country) }
      }
      if facts.didWin, first, tier >= 2, let fine = facts.fine {
        body["conversion-value"] = .int(Int64(fine))
        content = .fine
      } else if facts.didWin || facts.rules.runnerUpCoarseValue, tier >= 1, let coarse = facts.coarse {
        body["coarse-conversion-value"] = .string(coarse.rawValue)
        content = .coarse
      }
    } else {
      body["campaign-id"] = .int(Int64(facts.sourceIdentifier))
      if facts.didWin, tier >= 2 {
        if case .app(let id) = facts.source { body["source-app-id"] = .int(id) }
        if let fine = facts.fine {
          body["conversion-value"] = .int(Int64(fine))
          content = .fine
        }
      }
    }
    payload = .object(body)
    self.content = content
  }

  /// The rightmost `digits` digits of a 4-digit source identifier, zero-padded (`5239` → `39`).
  public static func sourceIdentifier(_ value: Int, digits: Int) -> String {
    let text = String(value % TierDecision.modulus(digits: digits))
    return String(repeating: "0", count: digits - text.count) + text
  }
}
