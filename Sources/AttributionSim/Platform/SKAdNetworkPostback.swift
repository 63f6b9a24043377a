import SimJSON

/// Builds SKAdNetwork 4.0 postback bodies exactly as the device POSTs them (rulebook §6, §7.1).
public struct SKAdNetworkPostback: Sendable {
  /// What a postback carries besides identifiers, decided by tier and window.
  public enum ValueContent: String, Sendable {
    case fine, coarse, none
  }

  /// The JSON body.
  public var payload: JSONValue
  /// Which kind of conversion value it carries.
  public var content: ValueContent
  /// Postback sequence index, 0–2.
  public var sequenceIndex: Int

  /// The postback for one closed window of a winning conversion.
  ///
  /// Tier rules (§6): postback 1 carries the fine value at tiers 2–3 and the coarse value at
  /// tier 1; postbacks 2–3 carry the coarse value. `source-app-id` only at tier 3 in postback 1;
  /// `country-code` only in postback 1 when the tier and the country's crowd are 3. The
  /// source identifier keeps its rightmost digits: 2 in postbacks 2–3 and below tier 2.
  /// `attribution-signature` belongs to the signing layer and is not added here.
  public init(
    networkIdentifier: String, sourceIdentifier: Int, appId: Int64, transactionId: String,
    redownload: Bool, sourceAppId: Int64, fidelityType: Int, didWin: Bool, sequenceIndex: Int,
    tier: TierDecision, fine: Int?, coarse: CoarseValue?, country: String
  ) {
    let firstPostback = sequenceIndex == 0
    let digits = firstPostback ? tier.sourceIdentifierDigits : 2
    var body: [String: JSONValue] = [
      "version": "4.0",
      "ad-network-id": .string(networkIdentifier),
      "source-identifier": .string(SKAdNetworkPostback.sourceIdentifier(sourceIdentifier, digits: digits)),
      "app-id": .int(appId),
      "transaction-id": .string(transactionId),
      "redownload": .bool(redownload),
      "fidelity-type": .int(Int64(fidelityType)),
      "did-win": .bool(didWin),
      "postback-sequence-index": .int(Int64(sequenceIndex)),
    ]
    if firstPostback, tier.tier == 3, didWin { body["source-app-id"] = .int(sourceAppId) }
    if firstPostback, tier.tier == 3, tier.countryCodeAllowed { body["country-code"] = .string(country) }
    var content = ValueContent.none
    if didWin {
      if firstPostback, tier.tier >= 2 {
        if let fine {
          body["conversion-value"] = .int(Int64(fine))
          content = .fine
        }
      } else if tier.tier >= 1, let coarse {
        body["coarse-conversion-value"] = .string(coarse.rawValue)
        content = .coarse
      }
    }
    payload = .object(body)
    self.content = content
    self.sequenceIndex = sequenceIndex
  }

  /// The rightmost `digits` digits of a 4-digit source identifier, zero-padded (`5239` → `39`).
  public static func sourceIdentifier(_ value: Int, digits: Int) -> String {
    var modulus = 1
    for _ in 0..<digits { modulus *= 10 }
    let text = String(value % modulus)
    return String(repeating: "0", count: digits - text.count) + text
  }
}
