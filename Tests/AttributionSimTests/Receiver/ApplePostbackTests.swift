import AttributionCrypto
import AttributionSim
import Foundation
import SimJSON
import Testing

/// Real postbacks from ../shared/data/apple get exactly their manifest's result.
@Suite("Real SKAdNetwork postbacks (../shared/data/apple)", .enabled(if: AppleData.present, AppleData.absentMessage))
struct ApplePostbackTests {
  private func load(_ relative: String) throws -> JSONValue {
    let text = try String(contentsOfFile: AppleData.directory + "/" + relative, encoding: .utf8)
    return JSONValue(try JSONParser.parse(text))
  }

  private func verifier(keyFile: String?) throws -> PostbackVerifier {
    guard let keyFile else { return PostbackVerifier(keys: PostbackVerifier.applesKeys) }
    let pem = try String(contentsOfFile: AppleData.directory + "/" + keyFile, encoding: .utf8)
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

/// ../shared/data/apple: real artifacts others collected, with the result each must get.
enum AppleData {
  /// One manifest entry.
  struct Entry: Sendable, CustomTestStringConvertible {
    var file: String
    var kind: String
    var expect: String
    var key: String?
    var testDescription: String { file }
  }

  static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data/apple").path

  static var present: Bool { FileManager.default.fileExists(atPath: directory + "/manifest.json") }

  static let absentMessage: Comment = "../shared/data/apple is absent: real Apple postbacks cannot be checked"

  static func entries(kind: String) -> [Entry] {
    guard let text = try? String(contentsOfFile: directory + "/manifest.json", encoding: .utf8),
      let node = try? JSONParser.parse(text), case .object(let root) = JSONValue(node),
      case .array(let artifacts) = root["artifacts"]
    else { return [] }
    return artifacts.compactMap { artifact in
      guard case .object(let fields) = artifact, case .string(let file) = fields["file"],
        case .string(let entryKind) = fields["kind"], entryKind == kind, case .string(let expect) = fields["expect"]
      else { return nil }
      var key: String?
      if case .string(let path) = fields["key"] { key = path }
      return Entry(file: file, kind: entryKind, expect: expect, key: key)
    }
  }
}
