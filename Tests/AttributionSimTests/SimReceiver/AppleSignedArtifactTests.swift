import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// AdAttributionKit postbacks and SKAdNetwork impressions from Fixtures/, and JWS
/// round trips and malformed input.
@Suite("JWS and impression signatures")
struct AppleSignedArtifactTests {
  private func load(_ relative: String) throws -> JSONValue {
    JSONValue(try JSONParser.parse(try String(contentsOfFile: TestPaths.fixtures + "/" + relative, encoding: .utf8)))
  }

  @Test("§7.5: AdAttributionKit postbacks get their manifest result with Apple's keys by kid")
  func aakManifest() throws {
    let entries = AppleData.entries(kind: "aak-postback")
    #expect(entries.count == 2)
    let verifier = AdAttributionKitVerifier(keys: AdAttributionKitVerifier.applesKeys)
    for entry in entries {
      let outcome = verifier.verify(try load(entry.file))
      if entry.expect == "verify" {
        guard case .valid(let payload) = outcome else {
          Issue.record("\(entry.file): \(outcome)")
          continue
        }
        #expect(payload["ad-network-identifier"] == "development.adattributionkit")
      } else {
        #expect(outcome == .badSignature, "\(entry.file)")
      }
    }
  }

  @Test("§7.3: Apple's sample impressions verify with the StoreKit Test key; a changed field does not")
  func impressionManifest() throws {
    let entries = AppleData.entries(kind: "skan-impression")
    #expect(entries.count == 3)
    for entry in entries {
      let key = try ECPublicKey(pem: String(contentsOfFile: TestPaths.fixtures + "/" + (entry.key ?? ""), encoding: .utf8))
      guard case .object(let fields) = try load(entry.file), var impression = ImpressionSignature(json: fields) else {
        Issue.record("\(entry.file): not an impression")
        continue
      }
      #expect(impression.verifies(with: key) == (entry.expect == "verify"), "\(entry.file)")
      impression.sourceIdentifier += 1
      #expect(!impression.verifies(with: key), "\(entry.file) with a changed source identifier")
    }
  }

  @Test("§7.5: a JWS signed here verifies; its payload round-trips; another key or a changed payload fails")
  func jwsRoundTrip() throws {
    let key = try ECPrivateKey.generate()
    let payload: JSONValue = .object(["postback-identifier": "A", "did-win": true, "source-identifier": "1234"])
    let text = try CompactJWS.sign(payload: payload, keyId: "sim/0", key: key)
    let jws = try CompactJWS(parsing: text)
    #expect(jws.keyId == "sim/0" && JSONValue.object(jws.payload) == payload)
    #expect(jws.verifies(with: key.publicKey))
    #expect(!jws.verifies(with: try ECPrivateKey.generate().publicKey))
    let segments = text.split(separator: ".")
    let forged = Base64.encodeURL(Array(JSONValue.object(["did-win": false]).serialized().utf8))
    #expect(!(try CompactJWS(parsing: "\(segments[0]).\(forged).\(segments[2])")).verifies(with: key.publicKey))
  }

  @Test("§7.5: malformed JWS text is rejected with its reason, never a crash")
  func malformedJWS() throws {
    let es256 = Base64.encodeURL(Array(#"{"alg":"ES256","kid":"k"}"#.utf8))
    let none = Base64.encodeURL(Array(#"{"alg":"none","kid":"k"}"#.utf8))
    let noKid = Base64.encodeURL(Array(#"{"alg":"ES256"}"#.utf8))
    let body = Base64.encodeURL(Array("{}".utf8))
    func problem(_ text: String) -> CompactJWS.Problem? {
      do {
        _ = try CompactJWS(parsing: text)
        return nil
      } catch {
        return error
      }
    }
    #expect(problem("a.b") == .segmentCount(2))
    #expect(problem("a.b.c.d") == .segmentCount(4))
    #expect(problem("\(es256).***.AA") == .malformedBase64(segment: "payload"))
    #expect(problem("\(es256).\(Base64.encodeURL(Array("[1]".utf8))).AA") == .notJSON(segment: "payload"))
    #expect(problem("\(none).\(body).AA") == .unsupportedAlgorithm("none"))
    #expect(problem("\(noKid).\(body).AA") == .missingKeyId)
    #expect(problem("\(es256).\(body).AA") == nil, "well formed; the signature is checked by verifies(with:)")
    #expect(AdAttributionKitVerifier(keys: [:]).verify(.object(["jws-string": "x"])) == .malformed(.segmentCount(1)))
  }
}
