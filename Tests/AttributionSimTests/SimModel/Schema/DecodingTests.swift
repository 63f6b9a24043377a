import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// The server side of the schema: values decode to the ranges that produce them, and runs
/// report decoded against true figures per campaign and window.
@Suite("Decoding conversion values")
struct DecodingTests {
  private func hybrid() throws -> ConversionSchema {
    try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice)).schema
  }

  @Test("every fine value the hybrid schema sets decodes to the revenue bucket and events that produced it")
  func fineRoundTrip() throws {
    let schema = try hybrid()
    let revenues = [0, 0.005, 0.01, 0.5, 0.99, 1, 4.99, 5, 9.99, 10, 19.99, 20, 49.99, 50, 99.99, 100, 1_000]
    var seen = Set<Int>()
    for revenue in revenues {
      for mask in 0..<(1 << schema.eventNames.count) {
        var state = MeasurementState(window: 0, eventCount: schema.eventNames.count)
        state.inWindow.purchaseRevenue[0] = revenue
        for index in schema.eventNames.indices where mask & (1 << index) != 0 { state.inWindow.eventCounts[index] = 1 }
        let fine = try #require(schema.update(for: state)?.fine)
        seen.insert(fine)
        let decoded = try #require(schema.decode(fine: fine, window: 0), "value \(fine)")
        #expect(decoded.ranges[.revenue(.all)]?.contains(revenue) == true, "value \(fine)")
        for (index, name) in schema.eventNames.enumerated() {
          #expect(decoded.event(index) == (state.inWindow.eventCounts[index] > 0), "value \(fine), \(name)")
        }
      }
    }
    #expect(seen.count == 64, "8 buckets × 8 event combinations reach every value")
  }

  @Test("coarse values decode to the revenue the rules allow: high ≥ 10, medium below 10, low below 0.5")
  func coarseRanges() throws {
    let schema = try hybrid()
    #expect(schema.decode(coarse: .high, window: 1)?.ranges == [.revenue(.all): ValueRange(atLeast: 10)])
    // Medium: a purchase (any revenue below 10) or revenue from 0.5; purchase is not certain.
    let medium = try #require(schema.decode(coarse: .medium, window: 1))
    #expect(medium.ranges[.revenue(.all)] == ValueRange(below: 10) && medium.event(2) == nil)
    // Low: every earlier rule failed, so revenue is below 0.5 and there was no purchase.
    let low = try #require(schema.decode(coarse: .low, window: 2))
    #expect(low.ranges[.revenue(.all)] == ValueRange(below: 0.5) && low.event(2) == false)
    #expect(low.ranges[.sessions] == ValueRange(atLeast: 1))
    #expect(schema.decode(coarse: .high, window: 0)?.revenueEstimate == 10, "unbounded: the lower bound")
    #expect(schema.decode(coarse: .medium, window: 0)?.revenueEstimate == 5, "bounded: the midpoint")
  }

  @Test("values a schema cannot produce are unknown: a bucket beyond the bounds, an unused bit, a coarse value no rule gives")
  func unknownValues() throws {
    let schema = try TestScenarios.schema(
      """
      { version: 1, fineValue: { revenueBuckets: [1, 10], eventBits: { purchase: 3 } },
        coarseValue: [{ value: "high", revenueAtLeast: 10 }, { value: "low", revenueAtLeast: 20 }] }
      """)
    #expect(schema.decode(fine: 2, window: 0)?.ranges == [.revenue(.all): ValueRange(atLeast: 10), .eventCount(0): ValueRange(below: 1)])
    #expect(schema.decode(fine: 3, window: 0) == nil, "bucket 3 needs a third bound")
    #expect(schema.decode(fine: 4, window: 0) == nil, "bit 2 is set by nothing")
    #expect(schema.decode(fine: 9, window: 0)?.ranges == [.revenue(.all): ValueRange(atLeast: 1, below: 10), .eventCount(0): ValueRange(atLeast: 1)])
    #expect(schema.decode(coarse: .medium, window: 1) == nil, "no rule gives medium")
    #expect(schema.decode(coarse: .low, window: 1) == nil, "revenue ≥ 20 always meets the 'high' rule first")
  }

  @Test("alice's report, by hand: window 1 fine 42 → 1–5 USD (3.00), window 2 low → 0.25, window 3 medium → 5.00")
  func scriptedReport() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let (summary, outputs) = ScenarioRunner.collect(scenario)
    let report = try #require(summary.decoding)
    let rows = report.orderedRows
    #expect(rows.map(\.window) == [0, 1, 2] && rows.allSatisfy { $0.network == "alpha" && $0.campaign == "broad" })
    #expect(rows.map(\.installs) == [1, 1, 1] && rows.map(\.postbacks) == [1, 1, 1])
    #expect(rows.map(\.fine) == [1, 0, 0] && rows.map(\.coarse) == [0, 1, 1] && rows.map(\.unknown) == [0, 0, 0])
    #expect(rows.map(\.trueRevenue) == [4.99, 0, 9.99])
    #expect(rows.map(\.decodedRevenue) == [3, 0.25, 5])
    // Events: tutorial_complete, ad_watched, purchase. Only the fine value carries flags.
    #expect(rows.map(\.trueEventUsers) == [[1, 0, 1], [0, 0, 0], [0, 0, 1]])
    #expect(rows.map(\.decodedEventUsers) == [[1, 0, 1], [0, 0, 0], [0, 0, 0]])
    #expect(DecodedCSV(report).text.split(separator: "\n").dropFirst().first == "alpha,broad,1,1,1,1,0,0,0,4.99,3.00,0.00,3.00,-1.99,1,1,0,0,1,1")
    // First useful signal: postback 1, sent 24–48 h after window 1 ends (2d1h25m); install at 1h20m.
    let first = try #require(outputs.postbacks.first { $0.recipient == .adNetwork })
    let hours = Double((first.time - (SimTime.zero + .minutes(80))).milliseconds) / 3_600_000
    let json = try #require(report.json.objectValue)
    #expect(json["firstSignal"]?.objectValue?["medianHours"] == .double((hours * 10_000).rounded() / 10_000))
    #expect(hours >= 72 + 5.0 / 60 - 0.001 && hours <= 96 + 5.0 / 60 + 0.001)
    #expect(json["trueRevenue"] == .double(14.98) && json["decodedRevenue"] == .double(8.25))
    #expect(json["revenueCapturedRatio"] == .double(((8.25 / 14.98) * 10_000).rounded() / 10_000))
  }

  @Test("a value the schema cannot map is counted as unknown in the report, never decoded or dropped")
  func unknownInRun() throws {
    // No schema: only value 0 can be decoded; the app sets 9 directly.
    let text = TestScenarios.multiNetwork(version: "4.0", users: TestScenarios.clicker(then: "{ at: \"4h\", action: \"update\", fine: 9 },"))
    let (summary, _) = ScenarioRunner.collect(try TestScenarios.load(text))
    let row = try #require(summary.decoding?.orderedRows.first)
    #expect(row.postbacks == 1 && row.unknown == 1 && row.fine == 0 && row.decodedRevenue == 0)
    #expect(summary.decoding?.json.objectValue?["unknownValues"] == .int(1))
  }

  @Test("sample schemas load on their own, and decode every fine value they can set back to its bucket")
  func sampleSchemas() throws {
    for name in ["quickstart-hybrid", "revenue-game", "legacy-sdk"] {
      let schema = try ScenarioLoader.loadSchema(path: TestPaths.scenarios + "/schemas/\(name).json")
      for revenue in stride(from: 0.0, through: 1_200, by: 0.37) {
        var state = MeasurementState(window: 0, eventCount: schema.eventNames.count)
        state.inWindow.adRevenue[0] = revenue
        guard let fine = schema.update(for: state)?.fine else { continue }
        let decoded = try #require(schema.decode(fine: fine, window: 0), "\(name): value \(fine)")
        #expect(decoded.ranges[.revenue(.all)]?.contains(revenue) == true, "\(name): \(revenue)")
      }
    }
    #expect(throws: ScenarioLoadError.self) { try ScenarioLoader.loadSchema(path: "/nonexistent/schema.json") }
  }

  @Test("postbacks from anywhere decode by ad network and source identifier, without truth columns")
  func postbacksFromAnywhere() throws {
    let schema = try hybrid()
    var decoder = PostbackDecoder(decoder: schema, eventNames: schema.eventNames)
    let bodies: [JSONValue] = [
      .object(["ad-network-id": "n.skadnetwork", "source-identifier": "39", "postback-sequence-index": 0, "conversion-value": 42]),
      .object(["ad-network-id": "n.skadnetwork", "source-identifier": "39", "postback-sequence-index": 1, "coarse-conversion-value": "high"]),
      .object(["ad-network-id": "n.skadnetwork", "source-identifier": "39", "postback-sequence-index": 0]),
      .object(["ad-network-id": "m.skadnetwork", "campaign-id": 42, "conversion-value": 64]),
    ]
    let outcomes = bodies.map { decoder.decode(payload: $0) }
    #expect(outcomes[2] == DecodingOutcome.none && outcomes[3] == .unknown)
    #expect(decoder.decode(payload: .object(["conversion-value": 1])) == nil, "no ad-network-id: not a postback")
    // 42 = bucket 2 (1–5 USD, estimate 3) + tutorial (bit 3) + purchase (bit 5); high = revenue ≥ 10.
    #expect(DecodedCSV(decoder.table).cells == [
      ["network", "campaign", "window", "postbacks", "fine", "coarse", "none", "unknown", "decodedRevenue",
       "decodedUsers.tutorial_complete", "decodedUsers.ad_watched", "decodedUsers.purchase"],
      ["m.skadnetwork", "42", "1", "1", "0", "0", "0", "1", "0.00", "0", "0", "0"],
      ["n.skadnetwork", "39", "1", "2", "1", "0", "1", "0", "3.00", "1", "0", "1"],
      ["n.skadnetwork", "39", "2", "1", "0", "1", "0", "0", "10.00", "0", "0", "0"],
    ])
  }

  @Test("Apple's own example postbacks decode with a schema")
  func applePostbacks() throws {
    let schema = try hybrid()
    var decoder = PostbackDecoder(decoder: schema, eventNames: schema.eventNames)
    var decoded: [String: DecodedValue] = [:]
    for name in ["v4.0-web-ad-tier-high-fine-cv", "v4.0-web-ad-tier-low-coarse-cv", "v3.0-winning"] {
      let text = try String(contentsOfFile: TestPaths.fixtures + "/skan-postbacks/apple-signed/apple-doc-\(name).json", encoding: .utf8)
      let entry = try #require(PostbackFile.entries(in: text).first)
      if case .decoded(let value) = decoder.decode(payload: try entry.body.get()) { decoded[name] = value }
    }
    // 63: the top bucket (≥ 100 USD) and all three flags.
    let top = try #require(decoded["v4.0-web-ad-tier-high-fine-cv"])
    #expect(top.ranges[.revenue(.all)] == ValueRange(atLeast: 100) && (0..<3).allSatisfy { top.event($0) == true })
    #expect(decoded["v4.0-web-ad-tier-low-coarse-cv"]?.ranges[.revenue(.all)] == ValueRange(atLeast: 10))
    // 20 = bucket 4 (10–20 USD) + ad watched (bit 4).
    let twenty = try #require(decoded["v3.0-winning"])
    #expect(twenty.ranges[.revenue(.all)] == ValueRange(atLeast: 10, below: 20) && twenty.event(1) == true && twenty.event(0) == false)
    #expect(decoder.table.orderedRows.map(\.campaign) == ["39", "5239", "42"])
  }
}
