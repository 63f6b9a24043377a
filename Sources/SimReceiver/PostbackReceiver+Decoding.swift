import SimPlatform
import SimRecords

extension PostbackReceiver {
  /// Verifies `postback` and checks it for a retry, as its recipient's endpoint would; a winning
  /// postback the ad network accepted is then decoded into `report`, from the JWS payload this
  /// receiver already parsed when it has one. Whether the postback was accepted.
  ///
  /// A whole run's receivers and a shard's phase 2 both receive through here, so the two decode
  /// the same postbacks the same way.
  package mutating func receive(_ postback: PostbackRecord, decodingInto report: inout DecodingReport?) -> Bool {
    guard case .accepted = receive(postback.payload, endpoint: postback.recipient.rawValue) else { return false }
    if postback.recipient == .adNetwork, postback.didWin, report != nil {
      var fields: PostbackFields?
      if let payload = lastPayload, case .object(let members) = postback.payload {
        fields = PostbackFields(members: members, verifiedPayload: payload)
      }
      report?.decode(postback, fields: fields)
    }
    return true
  }
}
