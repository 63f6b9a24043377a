import SimPlatform
import SimRecords

extension PostbackReceiver {
  /// Verifies `postback` and checks it for a retry, as its recipient's endpoint would; a winning
  /// postback the ad network accepted is then decoded into `decoder`, from the JWS payload this
  /// receiver already parsed when it has one. Whether the postback was accepted.
  ///
  /// A whole run's receivers and a shard's phase 2 both receive through here, so the two decode
  /// the same postbacks the same way.
  package mutating func receive(_ postback: PostbackRecord, decodingInto decoder: inout PostbackDecoder?) -> Bool {
    guard case .accepted = receive(postback.payload, endpoint: postback.recipient.rawValue) else { return false }
    if postback.recipient == .adNetwork, postback.didWin, decoder != nil {
      var fields: PostbackFields?
      if let payload = lastPayload, case .object(let members) = postback.payload {
        fields = PostbackFields(members: members, verifiedPayload: payload)
      }
      decoder?.decode(postback, fields: fields)
    }
    return true
  }
}
