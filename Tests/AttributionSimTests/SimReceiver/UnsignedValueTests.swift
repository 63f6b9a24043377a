import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Rulebook §4, §7.1, §7.5: conversion values travel outside the signature, so a postback Apple
/// signed still verifies with values no device sends; the receiver warns about them. Apple does
/// not normalise ECDSA signatures to low S either, so each has a twin that verifies too.
@Suite("Receiving: unsigned values and malleable signatures")
struct UnsignedValueTests {
  private func fields(_ relative: String) throws -> [String: JSONValue] {
    let text = try String(contentsOfFile: TestPaths.fixtures + "/" + relative, encoding: .utf8)
    guard case .object(let fields) = JSONValue(try JSONParser.parse(text)) else { throw CocoaError(.fileReadCorruptFile) }
    return fields
  }

  private let apple = PostbackVerifier(keys: PostbackVerifier.applesKeys)
  private static let v22 = "skan-postbacks/apple-signed/apple-doc-v2.2.json"
  private static let v30 = "skan-postbacks/apple-signed/apple-doc-v3.0-winning.json"
  private static let v40Coarse = "skan-postbacks/apple-signed/apple-doc-v4.0-web-ad-tier-low-coarse-cv.json"
  private static let v40Fine = "skan-postbacks/apple-signed/apple-doc-v4.0-web-ad-tier-high-fine-cv.json"
  private static let aak = "aak/apple-doc-aak-postback-kid-apple-development-identifier-1.json"

  @Test("§4: a conversion-value outside 0–63 (or not a number) still verifies, with a warning")
  func fineOutOfRange() throws {
    var body = try fields(Self.v30)
    #expect(apple.verify(.object(body)) == .valid(warnings: []), "Apple's own postback has nothing to warn about")
    body["conversion-value"] = 99
    #expect(apple.verify(.object(body)) == .valid(warnings: ["'conversion-value' 99 is outside 0–63: no device sends it (rulebook §4)"]))
    body["conversion-value"] = -1
    #expect(apple.verify(.object(body)) == .valid(warnings: ["'conversion-value' -1 is outside 0–63: no device sends it (rulebook §4)"]))
    body["conversion-value"] = "20"
    #expect(apple.verify(.object(body)) == .valid(warnings: [#"'conversion-value' is "20", not an integer 0–63 as Apple sends"#]))
    body["conversion-value"] = 63
    #expect(apple.verify(.object(body)) == .valid(warnings: []))
  }

  @Test("§4: a coarse value on a 2.2 or 3.0 postback, or one that is not low/medium/high, earns a warning", arguments: [v22, v30])
  func coarseBeforeFour(file: String) throws {
    var body = try fields(file)
    body["conversion-value"] = nil
    body["coarse-conversion-value"] = "high"
    let version = file == Self.v22 ? "2.2" : "3.0"
    #expect(apple.verify(.object(body))
      == .valid(warnings: ["'coarse-conversion-value' on a \(version) postback: coarse values exist from 4.0 (rulebook §4)"]))
  }

  @Test("§4: a 4.0 coarse value must be low, medium or high, and a postback carries at most one kind of value")
  func coarseOnFour() throws {
    var body = try fields(Self.v40Coarse)
    #expect(apple.verify(.object(body)) == .valid(warnings: []))
    body["coarse-conversion-value"] = "huge"
    #expect(apple.verify(.object(body)) == .valid(warnings: [#"'coarse-conversion-value' is "huge", not low, medium or high"#]))
    body["coarse-conversion-value"] = "medium"
    body["conversion-value"] = 7
    #expect(apple.verify(.object(body))
      == .valid(warnings: ["both 'conversion-value' and 'coarse-conversion-value': a postback carries at most one (rulebook §4)"]))
    var fine = try fields(Self.v40Fine)
    #expect(apple.verify(.object(fine)) == .valid(warnings: []))
    fine["coarse-conversion-value"] = "low"
    #expect(apple.verify(.object(fine))
      == .valid(warnings: ["both 'conversion-value' and 'coarse-conversion-value': a postback carries at most one (rulebook §4)"]))
  }

  @Test("§4: a fine value on a later window's postback earns a warning (windows 2 and 3 carry coarse values only)")
  func fineAfterFirstWindow() throws {
    let pem = try String(contentsOfFile: TestPaths.fixtures + "/keys/rubyspec-custom-test-p256.pem", encoding: .utf8)
    let verifier = PostbackVerifier(keys: [try ECPublicKey(pem: pem)])
    var body = try fields("skan-postbacks/third-party-key-signed/rubyspec-v4.0-psi-1.json")
    body["coarse-conversion-value"] = nil
    body["conversion-value"] = 12
    #expect(verifier.verify(.object(body)) == .valid(warnings: [
      "'conversion-value' on postback-sequence-index 1: only the first window's postback carries a fine value (rulebook §4)"
    ]))
  }

  @Test("§7.5: AdAttributionKit's unsigned siblings are checked like SKAdNetwork's")
  func adAttributionKitSiblings() throws {
    var body = try fields(Self.aak)
    var receiver = PostbackReceiver()
    #expect(receiver.receive(.object(body)) == .accepted(warnings: []))
    body["conversion-value"] = 99
    body["coarse-conversion-value"] = "low"
    var other = PostbackReceiver()
    #expect(other.receive(.object(body)) == .accepted(warnings: [
      "'conversion-value' 99 is outside 0–63: no device sends it (rulebook §4)",
      "both 'conversion-value' and 'coarse-conversion-value': a postback carries at most one (rulebook §4)",
    ]))
  }

  @Test("Apple's high-S signatures are recognised; the low-S twin of each verifies too, and is not warned about")
  func highS() throws {
    // apple-doc-v3.0-winning's S is above n/2; apple-doc-v3.0-nonwinning's is below.
    let high = try fields(Self.v30)
    let low = try fields("skan-postbacks/apple-signed/apple-doc-v3.0-nonwinning.json")
    #expect(SignatureMalleability.warning(for: .object(high))?.hasPrefix("high-S signature: it verifies") == true)
    #expect(SignatureMalleability.warning(for: .object(low)) == nil)
    for original in [high, low] {
      guard case .string(let encoded) = original["attribution-signature"], case .string(let transaction) = original["transaction-id"]
      else { throw CocoaError(.fileReadCorruptFile) }
      var twin = original
      twin["attribution-signature"] = .string(Base64.encode(try ECDSASignature.twin(der: try Base64.decode(encoded), curve: .p256)))
      #expect(apple.verify(.object(twin)) == .valid(warnings: []), "ECDSA accepts (r, n − s)")
      #expect((SignatureMalleability.warning(for: .object(twin)) == nil) != (SignatureMalleability.warning(for: .object(original)) == nil))
      // §5.3: the twin is a replay of the same transaction, not a new postback.
      var receiver = PostbackReceiver()
      #expect(receiver.receive(.object(original)) == .accepted(warnings: []))
      #expect(receiver.receive(.object(twin))
        == .duplicate(identifier: "example123.skadnetwork/" + transaction, differingFields: ["attribution-signature"]))
    }
    let aak = try fields(Self.aak)
    #expect(SignatureMalleability.warning(for: .object(aak))?.contains("postback-identifier") == true, "the JWS's S is high too")
  }
}
