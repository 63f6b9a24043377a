import SimJSON
import SimPlatform
import SimRecords

/// What an endpoint drops retries and replays by (rulebook §5.3, §7): `ad-network-id/transaction-id`
/// for SKAdNetwork and `postback-identifier` for AdAttributionKit. A run's receivers and
/// `attrsim decode` both key by it, so the two count the same postbacks as repeated.
package enum ReplayIdentifier {
  /// SKAdNetwork's, from the body's fields as signed (numbers as their text); nil when either is
  /// missing or has no signable text.
  package static func skAdNetwork(network: JSONValue?, transaction: JSONValue?) -> String? {
    guard let network, let transaction,
      let networkText = try? PostbackSigningString.text(of: network, field: "ad-network-id"),
      let transactionText = try? PostbackSigningString.text(of: transaction, field: "transaction-id")
    else { return nil }
    return networkText + "/" + transactionText
  }

  /// AdAttributionKit's, from the JWS payload; nil when it is not text.
  package static func adAttributionKit(_ payload: [String: JSONValue]) -> String? {
    guard case .string(let identifier) = payload["postback-identifier"] else { return nil }
    return identifier
  }

  /// Either, from a postback's flattened fields (read without verifying): SKAdNetwork's when it
  /// has a `transaction-id`, else AdAttributionKit's; nil when it has neither.
  package static func of(_ fields: PostbackFields) -> String? {
    if fields["transaction-id"] != nil {
      return skAdNetwork(network: fields["ad-network-id"], transaction: fields["transaction-id"])
    }
    return fields["postback-identifier"].flatMap { adAttributionKit(["postback-identifier": $0]) }
  }
}
