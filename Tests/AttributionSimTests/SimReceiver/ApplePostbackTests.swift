import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Real postbacks (copied into Fixtures/ with their provenance) get exactly their manifest's result.
@Suite("Real SKAdNetwork postbacks")
struct ApplePostbackTests {
  private func load(_ relative: String) throws -> JSONValue {
    let text = try String(contentsOfFile: TestPaths.fixtures + "/" + relative, encoding: .utf8)
    return JSONValue(try JSONParser.parse(text))
  }

  private func verifier(keyFile: String?) throws -> PostbackVerifier {
    guard let keyFile else { return PostbackVerifier(keys: PostbackVerifier.applesKeys) }
    let pem = try String(contentsOfFile: TestPaths.fixtures + "/" + keyFile, encoding: .utf8)
    return PostbackVerifier(keys: [try ECPublicKey(pem: pem)])
  }

  static let entries: [AppleData.Entry] = AppleData.entries(kind: "skan-postback")

  @Test("§7.2: every SKAdNetwork postback artifact gets its manifest result", arguments: entries)
  func manifestResult(entry: AppleData.Entry) throws {
    let outcome = try verifier(keyFile: entry.key).verify(try load(entry.file))
    if entry.expect == "verify" {
      guard case .valid = outcome else {
        Issue.record("\(entry.file): expected to verify, got \(outcome)")
        return
      }
    } else {
      guard case .invalid = outcome else {
        Issue.record("\(entry.file): expected to fail, got \(outcome)")
        return
      }
    }
  }

  @Test("§7.4: the built-in Apple keys are exactly the keys Apple publishes (P-192 for 1.0–2.0, P-256 from 2.1; AAK by kid)")
  func builtInKeysArePublished() throws {
    func published(_ name: String) throws -> [UInt8] {
      try ECPublicKey(pem: String(contentsOfFile: TestPaths.fixtures + "/keys/\(name).pem", encoding: .utf8)).spkiDER
    }
    #expect(try PostbackVerifier.applesKeys.map(\.spkiDER)
      == [published("apple-skadnetwork-p192-v1.0-v2.0"), published("apple-skadnetwork-p256-v2.1-and-later")])
    #expect(try AdAttributionKitVerifier.applesKeys.mapValues(\.spkiDER) == [
      "apple-cas-identifier/0": published("apple-aak-apple-cas-identifier-0"),
      "apple-development-identifier/0": published("apple-aak-apple-development-identifier-0"),
      "apple-development-identifier/1": published("apple-aak-apple-development-identifier-1"),
    ])
  }

  @Test("the manifest lists the 35 SKAdNetwork postback artifacts")
  func manifestRead() {
    #expect(Self.entries.count == 35)
    #expect(Self.entries.filter { $0.expect == "fail" }.count == 6)
  }

  @Test("§7.2: failing artifacts fail for their documented reason")
  func failureReasons() throws {
    let apple = PostbackVerifier(keys: PostbackVerifier.applesKeys)
    #expect(apple.verify(try load("skan-postbacks/negative-or-unverifiable/whisk-bad-signature-v4.0.json")) == .invalid(.malformedSignature))
    #expect(
      apple.verify(try load("skan-postbacks/apple-signed/real-v2.2-4dzt52r2t5-test-mode-didwin-false-vap.json"))
        == .invalid(.legacyFieldOrder(signedAs: "2.1")))
    let ruby = try verifier(keyFile: "keys/rubyspec-custom-test-p256.pem")
    #expect(ruby.verify(try load("skan-postbacks/third-party-key-signed/rubyspec-unknown-version-2.3-v4-layout.json"))
      == .invalid(.fields(.unknownVersion("2.3"))))
    #expect(apple.verify(try load("skan-postbacks/negative-or-unverifiable/appsflyer-doc-v2.0-abcabcabc.json")) == .invalid(.badSignature))
  }

  @Test("§7.2: a string campaign-id verifies (same signed text) with a warning")
  func stringCampaignId() throws {
    let outcome = PostbackVerifier(keys: PostbackVerifier.applesKeys)
      .verify(try load("skan-postbacks/negative-or-unverifiable/peak-campaign-id-as-string-v3.0.json"))
    #expect(outcome == .valid(warnings: ["'campaign-id' is a string; Apple sends a number"]))
  }

  @Test("§7.2: altering a verifying postback makes it fail with the right reason")
  func tampering() throws {
    let apple = PostbackVerifier(keys: PostbackVerifier.applesKeys)
    let original = try load("skan-postbacks/apple-signed/apple-doc-v4.0-web-ad-tier-low-coarse-cv.json")
    #expect(apple.verify(original) == .valid(warnings: []))
    guard case .object(var fields) = original, case .string(let signature) = fields["attribution-signature"] else {
      Issue.record("unexpected artifact shape")
      return
    }
    var changed = fields
    changed["source-identifier"] = "38"
    #expect(apple.verify(.object(changed)) == .invalid(.badSignature), "a signed field changed")
    changed = fields
    changed["coarse-conversion-value"] = "low"
    #expect(apple.verify(.object(changed)) == .valid(warnings: []), "conversion values are not signed")
    changed = fields
    changed["attribution-signature"] = .string(String(signature.dropLast(8)))
    #expect(apple.verify(.object(changed)) == .invalid(.malformedSignature), "a truncated signature")
    changed["attribution-signature"] = "not base64!"
    #expect(apple.verify(.object(changed)) == .invalid(.malformedBase64))
    changed = fields
    changed["did-win"] = nil
    #expect(apple.verify(.object(changed)) == .invalid(.fields(.missingField("did-win"))))
    let otherKey = try ECPrivateKey.generate().publicKey
    #expect(PostbackVerifier(keys: [otherKey]).verify(original) == .invalid(.badSignature), "the wrong key")
    fields["version"] = "9.9"
    #expect(apple.verify(.object(fields)) == .invalid(.fields(.unknownVersion("9.9"))))
    #expect(apple.verify(.array([])) == .invalid(.notAnObject))
  }
}
