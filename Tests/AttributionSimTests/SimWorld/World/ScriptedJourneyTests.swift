import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// Scripted users whose postbacks are worked out by hand from the rulebook.
@Suite("Scripted journeys under SKAdNetwork 4")
struct ScriptedJourneyTests {
  private func adNetworkPostbacks(_ users: String, tier: Int = 2) throws -> [PostbackRecord] {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: users, privacyTier: tier))
    return ScenarioRunner.collect(scenario).outputs.postbacks.filter { $0.recipient == .adNetwork }
  }

  private func offset(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  @Test("a clicked ad's conversion sends three postbacks: fine value in the first, coarse in the others")
  func clickJourneyFieldByField() throws {
    let postbacks = try adNetworkPostbacks(TestScenarios.alice)
    try #require(postbacks.count == 3)

    // Window 1 runs from first launch (1h25m) to +48h. Fine value at its close: revenue 4.99
    // reaches bounds 0.01 and 1 → bucket 2; tutorial (bit 3) = 8 and purchase (bit 5) = 32 → 42.
    // Tier 2: fine value, all 4 source-identifier digits, no source-app-id or country-code.
    let first = postbacks[0]
    let transaction1 = try #require(first.payload.objectValue?["transaction-id"]?.stringValue)
    let signature1 = try #require(first.payload.objectValue?["attribution-signature"]?.stringValue)
    #expect(first.payload == .object([
      "version": "4.0", "ad-network-id": "alpha1234.skadnetwork", "source-identifier": "5211",
      "app-id": 1_234_567_890, "transaction-id": .string(transaction1), "redownload": false,
      "fidelity-type": 1, "did-win": true, "postback-sequence-index": 0, "conversion-value": 42,
      "attribution-signature": .string(signature1),
    ]))
    let close1 = try offset("2d1h25m")
    #expect(first.time >= close1 + .hours(24) && first.time <= close1 + .hours(48))

    // Window 2 (day 2–7): the day-4 session sets coarse "low"; postback 2 keeps 2 digits.
    let second = postbacks[1]
    let transaction2 = try #require(second.payload.objectValue?["transaction-id"]?.stringValue)
    let signature2 = try #require(second.payload.objectValue?["attribution-signature"]?.stringValue)
    #expect(second.payload == .object([
      "version": "4.0", "ad-network-id": "alpha1234.skadnetwork", "source-identifier": "11",
      "app-id": 1_234_567_890, "transaction-id": .string(transaction2), "redownload": false,
      "fidelity-type": 1, "did-win": true, "postback-sequence-index": 1, "coarse-conversion-value": "low",
      "attribution-signature": .string(signature2),
    ]))
    let close2 = try offset("7d1h25m")
    #expect(second.time >= close2 + .hours(24) && second.time <= close2 + .hours(144))

    // Window 3 (day 7–35): a 9.99 purchase is below the 10 USD "high" bound → "medium".
    let third = postbacks[2]
    #expect(third.payload.objectValue?["coarse-conversion-value"] == "medium")
    #expect(third.payload.objectValue?["postback-sequence-index"] == 2)
    #expect(third.payload.objectValue?["conversion-value"] == nil)
    let close3 = try offset("35d1h25m")
    #expect(third.time >= close3 + .hours(24) && third.time <= close3 + .hours(144))

    // Postbacks of one conversion are unlinkable: each has its own transaction ID.
    #expect(Set([transaction1, transaction2, third.payload.objectValue?["transaction-id"]?.stringValue]).count == 3)
  }

  @Test("the developer gets an exact copy of each winning postback at the same time")
  func developerCopies() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let postbacks = ScenarioRunner.collect(scenario).outputs.postbacks
    let network = postbacks.filter { $0.recipient == .adNetwork }
    let developer = postbacks.filter { $0.recipient == .developer }
    #expect(network.map(\.payload) == developer.map(\.payload))
    #expect(network.map(\.time) == developer.map(\.time))
  }

  @Test("tier 3 adds source-app-id and country-code to postback 1 only")
  func tierThreeFields() throws {
    let postbacks = try adNetworkPostbacks(TestScenarios.alice, tier: 3)
    let first = try #require(postbacks.first?.payload.objectValue)
    #expect(first["source-app-id"] == 6_444_000_001)
    #expect(first["country-code"] == "US")
    for later in postbacks.dropFirst() {
      #expect(later.payload.objectValue?["source-app-id"] == nil)
      #expect(later.payload.objectValue?["country-code"] == nil)
    }
  }

  @Test("tier 1 sends the coarse value in postback 1 and 2 source-identifier digits")
  func tierOneCoarse() throws {
    let first = try #require(try adNetworkPostbacks(TestScenarios.alice, tier: 1).first?.payload.objectValue)
    #expect(first["coarse-conversion-value"] == "medium")
    #expect(first["conversion-value"] == nil)
    #expect(first["source-identifier"] == "11")
  }

  @Test("tier 0 sends only postback 1, with no conversion value")
  func tierZero() throws {
    let postbacks = try adNetworkPostbacks(TestScenarios.alice, tier: 0)
    try #require(postbacks.count == 1)
    let first = try #require(postbacks[0].payload.objectValue)
    #expect(first["conversion-value"] == nil && first["coarse-conversion-value"] == nil)
    #expect(first["source-identifier"] == "11")
  }

  @Test("a click beats a later view: fidelity-type 1 wins regardless of recency")
  func clickBeatsLaterView() throws {
    let bob = """
      { name: "bob", timeline: [
        { at: "2d", action: "click", network: "alpha", campaign: "eu", publisher: "garden" },
        { at: "2d3h", action: "view", network: "beta", campaign: "video", publisher: "runner", duration: "8s" },
        { at: "2d4h", action: "install" },
        { at: "2d4h2m", action: "launch" },
      ] }
      """
    let first = try #require(try adNetworkPostbacks(bob).first { $0.didWin }?.payload.objectValue)
    #expect(first["ad-network-id"] == "alpha1234.skadnetwork")
    #expect(first["source-identifier"] == "6121")
    #expect(first["fidelity-type"] == 1)
    // Only a launch in window 1: fine value 0 from registration; no update in windows 2–3.
    #expect(first["conversion-value"] == 0)
  }

  @Test("a view-through ad older than 24 hours cannot win: the install is unattributed")
  func expiredView() throws {
    let carol = """
      { name: "carol", timeline: [
        { at: "5d", action: "view", network: "beta", campaign: "video", publisher: "runner", duration: "12s" },
        { at: "6d2h", action: "install" },
        { at: "6d2h5m", action: "launch" },
      ] }
      """
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: carol))
    let (summary, outputs) = ScenarioRunner.collect(scenario)
    #expect(outputs.postbacks.isEmpty)
    #expect(summary.installs == 1 && summary.attributedInstalls == 0)
  }

  @Test("a view shorter than 2 seconds is not recorded")
  func shortView() throws {
    let dave = """
      { name: "dave", timeline: [
        { at: "1h", action: "view", network: "beta", campaign: "video", publisher: "runner", duration: "1s" },
        { at: "2h", action: "install" },
        { at: "2h1m", action: "launch" },
      ] }
      """
    let (summary, outputs) = ScenarioRunner.collect(try TestScenarios.load(TestScenarios.scripted(users: dave)))
    #expect(summary.viewsTooShort == 1 && summary.views == 0)
    #expect(outputs.postbacks.isEmpty)
  }

  @Test("a lock closes window 1 at once: its postback leaves 24–48 h after the lock")
  func lockClosesWindow() throws {
    let erin = """
      { name: "erin", timeline: [
        { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
        { at: "2h", action: "install" },
        { at: "3h", action: "launch" },
        { at: "5h", action: "update", fine: 17, lock: true },
        { at: "6h", action: "update", fine: 63 },
        { at: "7h", action: "update", fine: 64 },
      ] }
      """
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: erin))
    let (summary, outputs) = ScenarioRunner.collect(scenario)
    let first = try #require(outputs.postbacks.first { $0.recipient == .adNetwork })
    #expect(first.payload.objectValue?["conversion-value"] == 17)
    let lock = try offset("5h")
    #expect(first.time >= lock + .hours(24) && first.time <= lock + .hours(48))
    #expect(summary.updatesIgnoredLocked == 1)
    #expect(summary.updatesRejectedOutOfRange == 1)
  }

  @Test("the conversion's ground truth records windows, values and revenue")
  func groundTruth() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let conversion = try #require(ScenarioRunner.collect(scenario).outputs.conversions.first?.json.objectValue)
    #expect(conversion["user"] == "alice")
    #expect(conversion["installTime"] == "2026-03-02T01:20:00.000Z")
    #expect(conversion["firstLaunch"] == "2026-03-02T01:25:00.000Z")
    #expect(conversion["tier"] == 2)
    let windows = try #require(conversion["windows"]?.arrayValue)
    let first = try #require(windows.first?.objectValue)
    #expect(first["end"] == "2026-03-04T01:25:00.000Z")
    #expect(first["fineValue"] == 42)
    #expect(first["coarseValue"] == "medium")
    #expect(first["revenue"] == .object(["iap": .object(["USD": 4.99]), "ad": .object(["USD": 0.0])]))
    #expect(first["sessions"] == 1 && first["activeDays"] == 1)
    #expect(windows[1].objectValue?["activeDays"] == 1, "the launch on day 3 of the clock, in window 2")
    #expect(windows[2].objectValue?["revenue"] == .object(["iap": .object(["USD": 9.99]), "ad": .object(["USD": 0.0])]))
  }
}
