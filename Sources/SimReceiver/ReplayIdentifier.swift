import SimJSON
import SimPlatform
import SimRecords

/// What an endpoint drops retries and replays by (rulebook §5.3, §7): `ad-network-id/transaction-id`
/// for SKAdNetwork and `ad-network-identifier/postback-identifier` for AdAttributionKit. A run's
/// receivers and `attrsim decode` both receive through ``PostbackReceiver``, which keys by it, so
/// the two count the same postbacks as repeated.
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

  /// AdAttributionKit's, from the JWS payload: the network and the postback identifier, as
  /// SKAdNetwork's pairs network and transaction; the identifier alone when the payload names no
  /// network (nothing requires one); nil when the identifier is not text.
  package static func adAttributionKit(_ payload: [String: JSONValue]) -> String? {
    guard case .string(let identifier) = payload["postback-identifier"] else { return nil }
    guard case .string(let network) = payload["ad-network-identifier"] else { return identifier }
    return network + "/" + identifier
  }

  /// Either, from a postback's flattened fields (read without verifying): SKAdNetwork's when it
  /// has a `transaction-id`, else AdAttributionKit's; nil when it has neither.
  package static func of(_ fields: PostbackFields) -> String? {
    if fields["transaction-id"] != nil {
      return skAdNetwork(network: fields["ad-network-id"], transaction: fields["transaction-id"])
    }
    guard let identifier = fields["postback-identifier"] else { return nil }
    return adAttributionKit(["postback-identifier": identifier, "ad-network-identifier": fields["ad-network-identifier"] ?? .null])
  }
}
