import SimJSON
import SimModel

/// SKAdNetwork 4.0: three conversion windows, coarse values, hierarchical source identifiers
/// and crowd-anonymity tiers (rulebook §4, §5.2, §6).
package struct SKAdNetwork40: SKAdNetworkFramework, ConversionWindowRules {
  package init() {}

  package var version: SKAdNetworkVersion { .v4_0 }
  package var sendsRunnerUpPostbacks: Bool { true }
  package var reportsWin: Bool { true }

  /// The source identifier instead of the campaign-id, `source-app-id` or `source-domain`,
  /// whichever is present (web ads send the domain), and the sequence index (A5).
  package var signedFields: [PostbackSigningString.Field] {
    typealias Field = PostbackSigningString.Field
    return Field.required("version", "ad-network-id", "source-identifier", "app-id", "transaction-id", "redownload")
      + [Field(names: ["source-app-id", "source-domain"], optional: true)]
      + Field.required("fidelity-type", "did-win", "postback-sequence-index")
  }

  /// 4.0 (§6): postback 1 carries the fine value at tiers 2–3 and the coarse value at tier 1;
  /// postbacks 2–3 carry the coarse value, never at tier 0. `source-app-id` (or `source-domain`)
  /// and `country-code` only at tier 3 in a winning postback 1. The source identifier keeps its
  /// rightmost digits: the tier's count in postback 1, 2 in postbacks 2–3. Non-winning postbacks
  /// (§3.3) carry no value unless `runnerUpCoarseValue`.
  package func postback(_ facts: SKAdNetworkPostback.Facts) -> SKAdNetworkPostback {
    var body = commonFields(facts)
    let tier = facts.tier.tier
    var content = SKAdNetworkPostback.ValueContent.none
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
    return SKAdNetworkPostback(payload: .object(body), content: content)
  }
}
