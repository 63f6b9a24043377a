import AttributionSim
import SimJSON

extension PostbackRecord {
  /// The payload's members.
  package var fields: [String: JSONValue] { payload.objectValue ?? [:] }

  /// What an AdAttributionKit postback says: its JWS payload's fields and the unsigned siblings
  /// (`jws-string` left out); an SKAdNetwork postback's own fields.
  package var said: [String: JSONValue] {
    var fields = payload.objectValue ?? [:]
    guard case .string(let text) = fields.removeValue(forKey: "jws-string"), let jws = try? CompactJWS(parsing: text) else {
      return fields
    }
    return fields.merging(jws.payload) { sibling, _ in sibling }
  }

  /// The JWS key ID of an AdAttributionKit postback.
  package var keyId: String? {
    guard case .string(let text) = fields["jws-string"] else { return nil }
    return (try? CompactJWS(parsing: text))?.keyId
  }
}
