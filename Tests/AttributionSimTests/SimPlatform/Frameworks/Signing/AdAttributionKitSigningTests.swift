import AttributionCrypto
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// Rulebook §5.3, §5.4, §7.4, §7.5: the simulated Apple signs AdAttributionKit postbacks as a
/// compact JWS under Apple's key IDs with its own keys, publishes those keys by key ID in
/// `keys.json`, and a receiver given that file verifies and deduplicates them.
@Suite("§7.5 AdAttributionKit postback signing")
struct AdAttributionKitSigningTests {
  static let network = "alpha1234.adattributionkit"

  /// The scripted test world, with alpha serving AdAttributionKit ads when `adAttributionKit`.
  static func scenario(adAttributionKit: Bool) throws -> Scenario {
    var scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    if adAttributionKit {
      scenario.adNetworks[0].identifier = network
      scenario.adNetworks[0].framework = .adAttributionKit
    }
    return scenario
  }

  /// Facts worked out by hand: campaign 5211, app 1234567890 shown in publisher 6444000001, a
  /// tapped ad installed in Great Britain.
  static func facts(
    tier: Int, digits: Int, sequenceIndex: Int = 0, didWin: Bool = true, fine: Int? = 42, coarse: CoarseValue? = .high,
    identifier: String = "6F2D1C3A-0B4E-4F5A-9C8D-7E6F5A4B3C2D"
  ) -> AdAttributionKitPostback.Facts {
    AdAttributionKitPostback.Facts(
      networkIdentifier: network, sourceIdentifier: 5211, appId: 1_234_567_890, publisherItemId: 6_444_000_001,
      postbackIdentifier: identifier, conversionType: .download, interaction: .click, didWin: didWin,
      sequenceIndex: sequenceIndex, tier: TierDecision(tier: tier, sourceIdentifierDigits: digits, countryCodeAllowed: tier == 3),
      fine: fine, coarse: coarse, country: "GB")
  }

  /// The tier-3 first postback of the winner: every field at its fullest.
  static let tier3 = AdAttributionKitPostback(facts(tier: 3, digits: 4))

  /// The body the simulated Apple sends for `postback`.
  static func body(
    _ postback: AdAttributionKitPostback = tier3, keyId: String = AdAttributionKitPostback.productionKeyId,
    scenario: Scenario? = nil
  ) throws -> JSONValue {
    let keys = SimulatedKeys(scenario: try scenario ?? Self.scenario(adAttributionKit: true))
    let entry = try #require(keys.adAttributionKitEntry(keyId: keyId) ?? (keyId == "test/0" ? keys.apple : nil))
    return AdAttributionKitSigner(entry, keyId: keyId).body(for: postback)
  }

  static func keysText(_ scenario: Scenario) -> String { SimulatedKeys(scenario: scenario).json.serialized(pretty: true) + "\n" }

  private func segments(_ body: JSONValue) throws -> [String] {
    let jws = try #require(PostbackFields(body)["jws-string"]?.stringValue)
    return jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("§7.5 the JWS signs the payload and leaves conversion values outside")
  func payloadSignedSiblingsOutside() throws {
    let body = try #require(try Self.body().objectValue)
    #expect(Set(body.keys) == ["jws-string", "conversion-value", "country-code", "ad-interaction-type"])
    #expect(body["conversion-value"] == 42 && body["country-code"] == "GB" && body["ad-interaction-type"] == "click")
    let jws = try CompactJWS(parsing: try #require(body["jws-string"]?.stringValue))
    #expect(jws.keyId == "apple-cas-identifier/0")
    #expect(jws.header == ["alg": "ES256", "kid": "apple-cas-identifier/0"])
    #expect(jws.signature.count == 64, "ES256 signs with raw r‖s (§7.5)")
    // Tier 3, winning postback 1: the publisher and the marketplace are signed; no value is.
    #expect(jws.payload == [
      "postback-identifier": "6F2D1C3A-0B4E-4F5A-9C8D-7E6F5A4B3C2D", "ad-network-identifier": .string(Self.network),
      "advertised-item-identifier": 1_234_567_890, "publisher-item-identifier": 6_444_000_001,
      "source-identifier": "5211", "impression-type": "app-impression", "conversion-type": "download",
      "did-win": true, "postback-sequence-index": 0, "marketplace-identifier": "com.apple.AppStore",
    ])
  }

  @Test("§7.5 header and payload are JSON with keys in byte order, so the signed text is fixed by the facts")
  func canonicalSigningInput() throws {
    // Tier 1: postback 1 keeps 2 digits (5211 → "11") and the coarse value, no publisher.
    let postback = AdAttributionKitPostback(Self.facts(tier: 1, digits: 2, coarse: .medium))
    let parts = try segments(try Self.body(postback))
    #expect(String(decoding: try Base64.decodeURL(parts[0]), as: UTF8.self) == #"{"alg":"ES256","kid":"apple-cas-identifier/0"}"#)
    #expect(String(decoding: try Base64.decodeURL(parts[1]), as: UTF8.self)
      == #"{"ad-network-identifier":"alpha1234.adattributionkit","advertised-item-identifier":1234567890,"#
      + #""conversion-type":"download","did-win":true,"impression-type":"app-impression","#
      + #""marketplace-identifier":"com.apple.AppStore","postback-identifier":"6F2D1C3A-0B4E-4F5A-9C8D-7E6F5A4B3C2D","#
      + #""postback-sequence-index":0,"source-identifier":"11"}"#)
    #expect(try Self.body(postback).objectValue?["coarse-conversion-value"] == "medium")
  }

  @Test("same scenario and postback give the same bytes; another seed gives another signature")
  func deterministic() throws {
    let first = try Self.body().serialized()
    #expect(try Self.body().serialized() == first)
    // A signer used before signs the next postback as a fresh one would.
    let keys = SimulatedKeys(scenario: try Self.scenario(adAttributionKit: true))
    let signer = AdAttributionKitSigner(keys.apple, keyId: AdAttributionKitPostback.productionKeyId)
    _ = signer.body(for: AdAttributionKitPostback(Self.facts(tier: 1, digits: 2)))
    #expect(signer.body(for: Self.tier3).serialized() == first)
    var reseeded = try Self.scenario(adAttributionKit: true)
    reseeded.seed += 1
    #expect(try Self.body(scenario: reseeded).serialized() != first)
  }

  @Test("§7.4 the run's keys.json verifies its postbacks under Apple's kid, where Apple's own key would not")
  func verifiesWithKeysFile() throws {
    let scenario = try Self.scenario(adAttributionKit: true)
    let keys = try PublicKeyFile.keys(in: Self.keysText(scenario))
    #expect(keys.adAttributionKitKeys.keys.sorted() == ["apple-cas-identifier/0", "apple-development-identifier/0"])
    var receiver = PostbackReceiver(keys: keys)
    #expect(receiver.receive(try Self.body()) == .accepted(warnings: []))
    // Developer Mode postbacks name the development key (§5.4).
    let development = try Self.body(AdAttributionKitPostback(Self.facts(tier: 3, digits: 4, identifier: "dev-1")),
      keyId: AdAttributionKitPostback.developmentKeyId)
    #expect(try CompactJWS(parsing: try segments(development).joined(separator: ".")).keyId == "apple-development-identifier/0")
    #expect(receiver.receive(development) == .accepted(warnings: []))
    // Apple's published keys for these kids cannot verify a simulator's signature.
    var applesOnly = PostbackReceiver()
    let bad = AdAttributionKitVerifier.Outcome.badSignature
    #expect(applesOnly.receive(try Self.body()) == .rejected(code: bad.code, reason: bad.description))
    #expect(applesOnly.receive(development) == .rejected(code: bad.code, reason: bad.description))
  }

  @Test("§7.4 a kid with no key in the file falls back to the other keys, as before")
  func unknownKeyIdFallsBack() throws {
    let keys = try PublicKeyFile.keys(in: Self.keysText(try Self.scenario(adAttributionKit: true)))
    var receiver = PostbackReceiver(keys: keys)
    #expect(receiver.receive(try Self.body(keyId: "test/0")) == .accepted(warnings: []))
    var noKeys = PostbackReceiver(trustApplesKeys: false)
    let unknown = AdAttributionKitVerifier.Outcome.unknownKeyId("test/0")
    #expect(noKeys.receive(try Self.body(keyId: "test/0")) == .rejected(code: unknown.code, reason: unknown.description))
  }

  @Test("§7.5 a changed payload fails verification; a changed sibling does not, being unsigned")
  func tampering() throws {
    let keys = try PublicKeyFile.keys(in: Self.keysText(try Self.scenario(adAttributionKit: true)))
    var receiver = PostbackReceiver(keys: keys)
    guard case .object(var body) = try Self.body(), case .string(let jws) = body["jws-string"] else { return }
    var payload = try CompactJWS(parsing: jws).payload
    payload["did-win"] = false
    var forged = body
    forged["jws-string"] = .string(CompactJWS.replacingPayload(of: jws, with: .object(payload)))
    let bad = AdAttributionKitVerifier.Outcome.badSignature
    #expect(receiver.receive(.object(forged)) == .rejected(code: bad.code, reason: bad.description))
    body["conversion-value"] = 63
    #expect(receiver.receive(.object(body)) == .accepted(warnings: []))
  }

  @Test("§5.3 a retried postback is a duplicate by its postback-identifier, an altered sibling named")
  func duplicatesByPostbackIdentifier() throws {
    let keys = try PublicKeyFile.keys(in: Self.keysText(try Self.scenario(adAttributionKit: true)))
    var receiver = PostbackReceiver(keys: keys)
    let original = try Self.body()
    let identifier = Self.network + "/6F2D1C3A-0B4E-4F5A-9C8D-7E6F5A4B3C2D"
    #expect(receiver.receive(original) == .accepted(warnings: []))
    #expect(receiver.receive(original) == .duplicate(identifier: identifier, differingFields: []))
    guard case .object(var altered) = original else { return }
    altered["conversion-value"] = 7
    #expect(receiver.receive(.object(altered)) == .duplicate(identifier: identifier, differingFields: ["conversion-value"]))
    // The runner-up's postback for the same install has its own identifier (§3.3).
    let runnerUp = AdAttributionKitPostback(Self.facts(tier: 3, digits: 4, didWin: false, identifier: "runner-up-1"))
    #expect(receiver.receive(try Self.body(runnerUp)) == .accepted(warnings: []))
    #expect(receiver.counts == PostbackReceiver.Counts(accepted: 2, duplicates: 2, duplicatesDiffering: 1))
  }

  @Test("§7.4 keys.json lists each kid's key only when the scenario uses AdAttributionKit")
  func keysFileSection() throws {
    let plain = try Self.scenario(adAttributionKit: false)
    guard case .object(let plainMembers) = SimulatedKeys(scenario: plain).json else { return }
    #expect(Set(plainMembers.keys) == ["apple", "adNetworks"])
    #expect(try PublicKeyFile.keys(in: Self.keysText(plain)).adAttributionKitKeys.isEmpty)

    let scenario = try Self.scenario(adAttributionKit: true)
    let keys = SimulatedKeys(scenario: scenario)
    #expect(keys.apple.key.publicKey.spkiDER == SimulatedKeys(scenario: plain).apple.key.publicKey.spkiDER,
      "the Apple key does not depend on the frameworks")
    let json = try #require(keys.json.objectValue)
    let section = try #require(json["adAttributionKit"]?.objectValue)
    let production = try #require(section["apple-cas-identifier/0"]?.objectValue)
    let development = try #require(section["apple-development-identifier/0"]?.objectValue)
    #expect(production["publicKey"] == json["apple"]?.objectValue?["publicKey"], "one Apple key for SKAdNetwork and AdAttributionKit")
    #expect(production["curve"] == "P-256" && development["curve"] == "P-256")
    #expect(development["origin"] == "derived from seed 1")
    #expect(development["publicKey"] != production["publicKey"])
    let applesDevelopment = try #require(AdAttributionKitVerifier.applesKeys["apple-development-identifier/0"])
    #expect(development["publicKey"] != .string(Base64.encode(applesDevelopment.spkiDER)), "the simulator's own key")
    #expect(json["adNetworks"]?.objectValue?[Self.network]?.objectValue?["signs"] == "impressions (AdAttributionKit JWS)")
    // What counts is a network serving AdAttributionKit: a platform default that every network
    // overrides with SKAdNetwork signs nothing with these keys.
    var platformOnly = plain
    platformOnly.platform.framework = .adAttributionKit
    #expect(SimulatedKeys(scenario: platformOnly).json.objectValue?["adAttributionKit"] == nil)
  }
}
