import AttributionCrypto
import AttributionSim
import SimJSON
import Testing

/// Rulebook §5.3 and §7: a receiver verifies each postback, then deduplicates by `transaction-id`
/// (SKAdNetwork) or `postback-identifier` (AdAttributionKit), counting everything it drops.
@Suite("Postback receiver: verification and deduplication")
struct PostbackReceiverTests {
  private let key = try! ECPrivateKey.generate()

  /// A signed 3.0 postback with `transaction` and an unsigned conversion value.
  private func postback(_ transaction: String) throws -> JSONValue { try Self.postback(transaction, key: key) }

  /// A 3.0 postback with `transaction` and an unsigned conversion value, signed with `key`
  /// unless it is nil.
  static func postback(_ transaction: String, key: ECPrivateKey?, didWin: Bool = true) throws -> JSONValue {
    var body: [String: JSONValue] = [
      "version": "3.0", "ad-network-id": "example123.skadnetwork", "campaign-id": 42, "app-id": 525_463_029,
      "transaction-id": .string(transaction), "redownload": false, "source-app-id": 1_234_567_891,
      "fidelity-type": 1, "did-win": .bool(didWin), "conversion-value": 5,
    ]
    guard let key else { return .object(body) }
    let text = try PostbackSigningString.make(for: body)
    body["attribution-signature"] = .string(Base64.encode(try key.signature(for: Array(text.utf8))))
    return .object(body)
  }

  @Test("§5.3: a retried postback is a duplicate by transaction-id; a replay with an altered unsigned field is named")
  func duplicates() throws {
    var receiver = PostbackReceiver(otherKeys: [key.publicKey])
    let original = try postback("t-1")
    #expect(receiver.receive(original) == .accepted(warnings: []))
    #expect(receiver.receive(original) == .duplicate(identifier: "example123.skadnetwork/t-1", differingFields: []))
    // conversion-value is outside the signature: the altered replay still verifies.
    guard case .object(var altered) = original else { return }
    altered["conversion-value"] = 63
    #expect(receiver.receive(.object(altered))
      == .duplicate(identifier: "example123.skadnetwork/t-1", differingFields: ["conversion-value"]))
    #expect(receiver.receive(try postback("t-2")) == .accepted(warnings: []))
    #expect(receiver.counts == PostbackReceiver.Counts(accepted: 2, duplicates: 2, duplicatesDiffering: 1))
  }

  @Test("each recipient keeps its own copy: the developer's copy is not a duplicate of the network's")
  func endpointsAreSeparate() throws {
    var receiver = PostbackReceiver(otherKeys: [key.publicKey])
    #expect(receiver.receive(try postback("t-1"), endpoint: "ad-network") == .accepted(warnings: []))
    #expect(receiver.receive(try postback("t-1"), endpoint: "developer") == .accepted(warnings: []))
    #expect(receiver.counts.accepted == 2 && receiver.counts.duplicates == 0)
  }

  @Test("§7.2: rejected postbacks are counted by reason and never deduplicate a later good copy")
  func rejections() throws {
    var receiver = PostbackReceiver(otherKeys: [key.publicKey])
    guard case .object(var tampered) = try postback("t-1") else { return }
    tampered["campaign-id"] = 43
    #expect(receiver.receive(.object(tampered)) == .rejected(code: "badSignature", reason: PostbackVerifier.Reason.badSignature.description))
    tampered["attribution-signature"] = "not base64!"
    #expect(receiver.receive(.object(tampered)) == .rejected(code: "malformedBase64", reason: "attribution-signature is not base64"))
    tampered["version"] = "9.9"
    #expect(receiver.receive(.object(tampered)) == .rejected(code: "unknownVersion", reason: "unknown version '9.9'"))
    #expect(receiver.receive(try postback("t-1")) == .accepted(warnings: []))
    #expect(receiver.counts.rejected == ["badSignature": 1, "malformedBase64": 1, "unknownVersion": 1])
    #expect(receiver.counts.total == 4)
    // Apple's keys alone do not trust the test key.
    var applesOnly = PostbackReceiver()
    #expect(applesOnly.receive(try postback("t-3")) == .rejected(code: "badSignature", reason: PostbackVerifier.Reason.badSignature.description))
  }

  @Test("§7.5: AdAttributionKit postbacks deduplicate by the JWS's network and postback-identifier")
  func adAttributionKitDuplicates() throws {
    let payload: [String: JSONValue] = [
      "postback-identifier": "p-1", "ad-network-identifier": "example123.adattributionkit", "did-win": true,
    ]
    let jws = try CompactJWS.sign(payload: .object(payload), keyId: "test/0", key: key)
    var receiver = PostbackReceiver(otherKeys: [key.publicKey])
    let body: JSONValue = .object(["jws-string": .string(jws), "conversion-value": 3])
    #expect(receiver.receive(body) == .accepted(warnings: []))
    #expect(receiver.receive(body) == .duplicate(identifier: "example123.adattributionkit/p-1", differingFields: []))
    #expect(receiver.receive(.object(["jws-string": "a.b"])) == .rejected(code: "malformedJWS", reason: AdAttributionKitVerifier.Outcome.malformed(.segmentCount(2)).description))
  }
}
