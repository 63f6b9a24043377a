import AttributionCrypto
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

@testable import AttributionSim

/// Rulebook §7.1 and §7.5: one flat view of any postback, so decoding, reports and expectations
/// read AdAttributionKit's JWS payload and siblings as they read SKAdNetwork's body.
@Suite("Postback fields of either framework")
struct PostbackFieldsTests {
  typealias Signing = AdAttributionKitSigningTests

  /// The tier-3 winning first postback: fine 42, country GB (see ``AdAttributionKitSigningTests``).
  private func tier3() throws -> JSONValue { try Signing.body() }

  /// The tier-3 winning second postback: 2 digits and the coarse value high.
  private func second() throws -> JSONValue {
    try Signing.body(AdAttributionKitPostback(Signing.facts(tier: 3, digits: 4, sequenceIndex: 1, identifier: "pb2-1")))
  }

  private func record(_ body: JSONValue, sequenceIndex: Int = 0, content: SKAdNetworkPostback.ValueContent = .fine)
    -> PostbackRecord
  {
    PostbackRecord(
      time: SimTime(milliseconds: 90_000_000), recipient: .adNetwork, payload: body, user: "u", content: content,
      sequenceIndex: sequenceIndex, didWin: true, preparedAt: SimTime(milliseconds: 80_000_000), network: 0, campaign: 0)
  }

  @Test("§7.5 an AdAttributionKit body flattens to its JWS payload, its unsigned siblings and the jws-string")
  func flattensAdAttributionKit() throws {
    let body = try tier3()
    let fields = PostbackFields(body)
    #expect(fields.isAdAttributionKit && fields.payloadDecoded)
    #expect(fields.fields == [
      "jws-string": try #require(body.objectValue?["jws-string"]),
      "postback-identifier": "6F2D1C3A-0B4E-4F5A-9C8D-7E6F5A4B3C2D", "ad-network-identifier": "alpha1234.adattributionkit",
      "advertised-item-identifier": 1_234_567_890, "publisher-item-identifier": 6_444_000_001,
      "source-identifier": "5211", "impression-type": "app-impression", "conversion-type": "download",
      "did-win": true, "postback-sequence-index": 0, "marketplace-identifier": "com.apple.AppStore",
      "conversion-value": 42, "country-code": "GB", "ad-interaction-type": "click",
    ])
    #expect(fields.networkId == "alpha1234.adattributionkit" && fields.identifier == "6F2D1C3A-0B4E-4F5A-9C8D-7E6F5A4B3C2D")
    #expect(fields.sourceIdentifier == "5211" && fields.sequenceIndex == 0 && fields.didWin == true)
    #expect(fields.fineValue == 42 && fields.coarseValue == nil && fields.campaignId == nil)
    let later = PostbackFields(try second())
    #expect(later.sourceIdentifier == "11" && later.sequenceIndex == 1 && later.fineValue == nil && later.coarseValue == "high")
  }

  @Test("§7.1 an SKAdNetwork body is its own fields; 3.0 names its campaign-id and no sequence index")
  func skAdNetworkAsIs() {
    let body: [String: JSONValue] = [
      "version": "3.0", "ad-network-id": "example123.skadnetwork", "campaign-id": 42, "transaction-id": "t-1",
      "did-win": false, "attribution-signature": "MEUC",
    ]
    let fields = PostbackFields(.object(body))
    #expect(fields.fields == body && !fields.isAdAttributionKit)
    #expect(fields.networkId == "example123.skadnetwork" && fields.identifier == "t-1" && fields.campaignId == 42)
    #expect(fields.sequenceIndex == nil && fields.didWin == false && fields.sourceIdentifier == nil)
  }

  @Test("a jws-string that is not a compact JWS leaves the siblings alone, and a non-object has no fields")
  func undecodableJWS() {
    let fields = PostbackFields(.object(["jws-string": "not.a-jws", "conversion-value": 5]))
    #expect(fields.isAdAttributionKit && !fields.payloadDecoded)
    #expect(fields.fields == ["jws-string": "not.a-jws", "conversion-value": 5])
    #expect(fields.networkId == nil && fields.fineValue == 5)
    #expect(PostbackFields(.array([1])).fields.isEmpty)
  }

  @Test("§7.5 an AdAttributionKit postback decodes into its campaign's row, window by window")
  func decodingReport() throws {
    let schema = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice)).schema
    let scenario = try Signing.scenario(adAttributionKit: true)
    var decoder = PostbackDecoder(decoder: schema, eventNames: schema.eventNames, networks: scenario.adNetworks)
    #expect(decoder.decode(payload: try tier3()) != nil)
    #expect(decoder.decode(payload: try second()) != nil)
    #expect(decoder.decode(payload: .object(["jws-string": "x", "conversion-value": 1])) == nil, "no network: not a postback")
    // 42 = bucket 2 (1–5 USD, estimate 3) + tutorial + purchase; high = revenue ≥ 10. "5211" and
    // its last two digits "11" both name alpha's broad (eu is 6121).
    #expect(DecodedCSV(decoder.table).cells == [
      ["network", "campaign", "window", "postbacks", "fine", "coarse", "none", "unknown", "decodedRevenue",
       "decodedUsers.tutorial_complete", "decodedUsers.ad_watched", "decodedUsers.purchase"],
      ["alpha", "broad", "1", "1", "1", "0", "0", "0", "3.00", "1", "0", "1"],
      ["alpha", "broad", "2", "1", "0", "1", "0", "0", "10.00", "0", "0", "0"],
    ])
  }

  @Test("§6 the report counts an AdAttributionKit first postback's source-identifier digits from inside the JWS")
  func reportCollectorDigits() throws {
    var collector = ReportCollector(scenario: try Signing.scenario(adAttributionKit: true))
    collector.receive(record(try tier3()))
    let tier1 = try Signing.body(AdAttributionKitPostback(Signing.facts(tier: 1, digits: 2, identifier: "t1")))
    collector.receive(record(tier1, content: .coarse))
    #expect(collector.digits[0] == [1, 0, 1], "one 2-digit and one 4-digit postback for alpha's broad")
  }

  @Test("§7.5 expectations name JWS payload fields and siblings directly; jws-string and postback-identifier are unknowable")
  func expectations() throws {
    var scenario = try Signing.scenario(adAttributionKit: true)
    scenario.expectations = Expectations(postbacks: [
      PostbackExpectation(
        user: "u", adNetworkId: Signing.network, sequenceIndex: 0,
        fields: [
          "ad-network-identifier": .string(Signing.network), "advertised-item-identifier": 1_234_567_890,
          "publisher-item-identifier": 6_444_000_001, "source-identifier": "5211", "impression-type": "app-impression",
          "conversion-type": "download", "did-win": true, "postback-sequence-index": 0,
          "marketplace-identifier": "com.apple.AppStore", "conversion-value": 42, "country-code": "GB",
          "ad-interaction-type": "click",
        ],
        wholePayload: true),
      PostbackExpectation(user: "u", sequenceIndex: 1, fields: ["conversion-type": "redownload", "coarse-conversion-value": "high"]),
    ])
    let checker = ExpectationChecker(scenario: scenario)
    let results = checker.check(
      postbacks: [record(try tier3()), record(try second(), sequenceIndex: 1, content: .coarse)], trace: [],
      summary: .object([:]))
    #expect(results.count == 2)
    #expect(results[0].passed, "\(results[0].problems)")
    #expect(results[1].problems == [#"field 'conversion-type': expected "redownload", got "download""#])
    // A postback described to a reader shows its decoded fields, the signature elided.
    let described = checker.describe(record(try second(), sequenceIndex: 1))
    #expect(described.contains(#""conversion-type":"download""#) && described.contains(#""jws-string":"…""#))
  }

  @Test("§7.5 expectations accept AdAttributionKit field names when a network uses it, and both sets when mixed")
  func expectationFieldNames() throws {
    let text = #"{ "postbacks": [{ "user": "u", "fields": { "conversion-type": "download", "fidelity-type": 1 } }] }"#
    func messages(_ networks: [AdNetwork], _ framework: Platform.Framework) throws -> [String] {
      let log = DiagnosticLog()
      _ = ExpectationReader(
        reader: JSONReader(node: try JSONParser.parse(text), path: "expect", file: "t.json", log: log), users: ["u"],
        networks: networks, version: .v4_0, framework: framework
      ).read()
      return log.diagnostics.map(\.message)
    }
    let scenario = try Signing.scenario(adAttributionKit: true)
    let mixed = scenario.adNetworks, skAdNetworkOnly = try Signing.scenario(adAttributionKit: false).adNetworks
    #expect(try messages(mixed, .skAdNetwork(.v4_0)).isEmpty, "alpha serves AdAttributionKit, beta SKAdNetwork")
    let skAdNetworkMessages = try messages(skAdNetworkOnly, .skAdNetwork(.v4_0))
    #expect(skAdNetworkMessages == ["'conversion-type' is not a field of SKAdNetwork 4.0 postbacks"])
    let adAttributionKitOnly = mixed.map { var network = $0; network.framework = .adAttributionKit; return network }
    let adAttributionKitMessages = try messages(adAttributionKitOnly, .adAttributionKit)
    #expect(adAttributionKitMessages == ["'fidelity-type' is not a field of AdAttributionKit postbacks"])
  }

  @Test("golden normalisation blanks an AdAttributionKit body's jws-string and keeps its siblings")
  func normalisation() throws {
    let scenario = try Signing.scenario(adAttributionKit: true)
    var normaliser = OutputNormaliser(normalisation: .all, epoch: scenario.epoch)
    let line = record(try tier3()).jsonLine(epoch: scenario.epoch).serialized() + "\n"
    let normalised = try normaliser.normalise(line, name: "postbacks.jsonl").get()
    #expect(normalised == #"{"payload":{"ad-interaction-type":"click","conversion-value":42,"country-code":"GB","jws-string":"<signature>"},"#
      + #""recipient":"ad-network","time":"+1d1h"}"# + "\n")
  }
}
