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

  /// 4.0 (§6): the fields and value ``TierAllowance`` lets the postback carry;
  /// `source-app-id` (or `source-domain`) where it names the publisher.
  package func postback(_ facts: SKAdNetworkPostback.Facts) -> SKAdNetworkPostback {
    var body = commonFields(facts)
    let allowed = TierAllowance(tier: facts.tier, sequenceIndex: facts.sequenceIndex, didWin: facts.didWin, rules: facts.rules)
    body["source-identifier"] = .string(
      SKAdNetworkPostback.sourceIdentifier(facts.sourceIdentifier, digits: allowed.sourceIdentifierDigits))
    body["postback-sequence-index"] = .int(Int64(facts.sequenceIndex))
    if allowed.publisher {
      switch facts.source {
      case .app(let id): body["source-app-id"] = .int(id)
      case .web(let domain): body["source-domain"] = .string(domain)
      }
    }
    if allowed.countryCode { body["country-code"] = .string(facts.country) }
    var content = SKAdNetworkPostback.ValueContent.none
    switch allowed.value(fine: facts.fine, coarse: facts.coarse) {
    case .fine(let fine)?:
      body["conversion-value"] = .int(Int64(fine))
      content = .fine
    case .coarse(let coarse)?:
      body["coarse-conversion-value"] = .string(coarse.rawValue)
      content = .coarse
    case nil: break
    }
    return SKAdNetworkPostback(payload: .object(body), content: content)
  }
}
