@testable import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// Rulebook §3: which impression wins, and who else hears about the install.
@Suite("§3 attribution")
struct AttributionRuleTests {
  private func impression(network: Int32, fidelity: UInt8, minute: Int64, sequence: Int32) -> StoredImpression {
    StoredImpression(
      network: network, campaign: 0, publisher: 0, fidelityType: fidelity, time: SimTime.zero + .minutes(minute),
      expires: SimTime.zero + .days(30), sequence: sequence)
  }

  @Test("§3.2: 2.2+ ranks fidelity-type 1 before 0 whatever their ages; 1.0–2.1 ranks by recency alone")
  func rankingByVersion() {
    let oldClick = impression(network: 1, fidelity: 1, minute: 0, sequence: 0)
    let newView = impression(network: 2, fidelity: 0, minute: 60, sequence: 1)
    #expect(AttributionRanking.fidelityThenRecency.ranked([oldClick, newView], tieBreak: .recordedLast).first?.network == 1)
    #expect(AttributionRanking.mostRecent.ranked([oldClick, newView], tieBreak: .recordedLast).first?.network == 2)
    #expect(AttributionRanking.for(.v2_2) == .fidelityThenRecency)
  }

  @Test("§3.2 [U] setting tieBreak: equal timestamps go to the impression recorded last, or first")
  func tieBreak() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "1h", action: "click", network: "n2", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "2h5m", action: "launch" },
      ] }
      """
    func winner(_ rules: String) throws -> JSONValue? {
      try TestScenarios.run(TestScenarios.multiNetwork(version: "2.2", users: user, rules: rules))
        .postbacks.first { $0.recipient == .adNetwork }?.fields["ad-network-id"]
    }
    #expect(try winner("{}") == "net2.skadnetwork")
    #expect(try winner("{ tieBreak: 'recordedFirst' }") == "net1.skadnetwork")
  }

  @Test("§3.2 [U] setting tieBreak: views are recorded when they end, so the later-ending view is recorded last")
  func tieBreakBetweenViews() throws {
    // Both views start at 1h; n1's lasts 30 s, n2's 3 s, so n1's is recorded last.
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "view", network: "n1", campaign: "c", publisher: "hub", duration: "30s" },
        { at: "1h", action: "view", network: "n2", campaign: "c", publisher: "hub", duration: "3s" },
        { at: "2h", action: "install" }, { at: "2h5m", action: "launch" },
      ] }
      """
    func winner(_ tieBreak: String) throws -> JSONValue? {
      let rules = "{ viewReplacement: 'network', tieBreak: '\(tieBreak)' }"
      return try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: user, rules: rules))
        .postbacks.first { $0.recipient == .adNetwork && $0.didWin }?.fields["ad-network-id"]
    }
    #expect(try winner("recordedLast") == "net1.skadnetwork")
    #expect(try winner("recordedFirst") == "net2.skadnetwork")
  }

  /// Clicks from n1…n7 an hour apart, a later view from n6 and a second n7 click.
  private static let sevenNetworks = """
    { name: "u", timeline: [
      { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      { at: "2h", action: "click", network: "n2", campaign: "c", publisher: "hub" },
      { at: "3h", action: "click", network: "n3", campaign: "c", publisher: "hub" },
      { at: "4h", action: "click", network: "n4", campaign: "c", publisher: "hub" },
      { at: "5h", action: "click", network: "n5", campaign: "c", publisher: "hub" },
      { at: "6h", action: "click", network: "n6", campaign: "c", publisher: "hub" },
      { at: "6h30m", action: "click", network: "n7", campaign: "c", publisher: "hub" },
      { at: "7h", action: "click", network: "n7", campaign: "c", publisher: "hub" },
      { at: "7h30m", action: "view", network: "n6", campaign: "c", publisher: "hub" },
      { at: "8h", action: "install" }, { at: "8h5m", action: "launch" },
    ] }
    """

  @Test("§3.3: 3.0 sends non-winning postbacks to at most 5 other distinct networks, best first")
  func fiveRunnersUp() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "3.0", users: Self.sevenNetworks))
    let toNetworks = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(toNetworks.filter(\.didWin).map { $0.fields["ad-network-id"] } == ["net7.skadnetwork"])
    let losers = toNetworks.filter { !$0.didWin }
    // Ranked by recency among clicks: n6, n5, n4, n3, n2; n1 is sixth and gets nothing, and the
    // winner's second click earns n7 nothing more.
    #expect(Set(losers.map { $0.fields["campaign-id"] }) == [16, 15, 14, 13, 12])
    #expect(run.summary.nonWinningPostbacks == 5)
    let (_, outputs) = ScenarioRunner.collect(try TestScenarios.load(TestScenarios.multiNetwork(version: "3.0", users: Self.sevenNetworks)))
    guard case .array(let runnerUps) = outputs.conversions.first?.json.objectValue?["runnerUps"] else {
      Issue.record("no runnerUps in the ground truth")
      return
    }
    #expect(runnerUps.map { $0.objectValue?["network"] } == ["n6", "n5", "n4", "n3", "n2"])
    for loser in losers {
      #expect(loser.fields["did-win"] == false)
      #expect(loser.fields["conversion-value"] == nil && loser.fields["source-app-id"] == nil)
      // n6's best impression is its click: fidelity 1 beats its later view.
      #expect(loser.fields["fidelity-type"] == 1)
    }
    #expect(!run.postbacks.contains { $0.recipient == .developer && !$0.didWin }, "developers get winning copies only")
  }

  @Test("§3.3: 2.2 sends no non-winning postbacks")
  func noRunnersUpIn22() throws {
    let run = try TestScenarios.run(TestScenarios.multiNetwork(version: "2.2", users: Self.sevenNetworks))
    #expect(run.postbacks.filter { $0.recipient == .adNetwork }.count == 1)
    #expect(run.summary.nonWinningPostbacks == 0)
  }

  /// n1 clicks, n2 clicks later and wins; the app sets a coarse value in windows 1 and 2.
  private static let twoNetworks = """
    { name: "u", timeline: [
      { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      { at: "2h", action: "click", network: "n2", campaign: "c", publisher: "hub" },
      { at: "3h", action: "install" }, { at: "3h5m", action: "launch" },
      { at: "4h", action: "update", fine: 9, coarse: "medium" },
      { at: "4d", action: "update", coarse: "high" },
    ] }
    """

  @Test("§3.3: 4.0 non-winning networks get only postback 1, without values, digits limited by their own tier")
  func runnerUpFirstPostbackOnly() throws {
    // n1's campaign is pinned at tier 1: its postback keeps 2 digits while the winner's has 4.
    let text = TestScenarios.multiNetwork(version: "4.0", users: Self.twoNetworks)
      .replacing(required: "sourceIdentifier: 11 }", with: "sourceIdentifier: 11, forceTier: 1 }")
    let run = try TestScenarios.run(text)
    let losers = run.postbacks.filter { !$0.didWin }
    try #require(losers.count == 1)
    let loser = losers[0].fields
    #expect(loser["ad-network-id"] == "net1.skadnetwork" && loser["postback-sequence-index"] == 0)
    #expect(loser["conversion-value"] == nil && loser["coarse-conversion-value"] == nil)
    #expect(loser["source-app-id"] == nil && loser["country-code"] == nil)
    #expect(loser["source-identifier"] == "11")
    #expect(run.postbacks.first { $0.didWin && $0.sequenceIndex == 0 }?.fields["source-identifier"] == "0012")
    // The winner's postbacks 1 and 2 both went out.
    #expect(run.postbacks.filter { $0.didWin && $0.recipient == .adNetwork }.map(\.sequenceIndex) == [0, 1])
    // Same window close as the winner's postback 1 (§3.3: same time windows).
    let winnerFirst = try #require(run.postbacks.first { $0.didWin && $0.sequenceIndex == 0 })
    #expect(losers[0].preparedAt == winnerFirst.preparedAt)
  }

  @Test("§3.3 [U] setting runnerUpCoarseValue: the non-winning postback carries window 1's coarse value")
  func runnerUpCoarse() throws {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: Self.twoNetworks, rules: "{ runnerUpCoarseValue: true }"))
    let loser = try #require(run.postbacks.first { !$0.didWin })
    #expect(loser.fields["coarse-conversion-value"] == "medium" && loser.fields["conversion-value"] == nil)
  }

  @Test("§3.4: a redownload is reported as the boolean redownload: true")
  func redownload() throws {
    let user = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install", redownload: true }, { at: "2h5m", action: "launch" },
      ] }
      """
    for version in ["2.2", "3.0", "4.0"] {
      let first = try #require(try TestScenarios.run(TestScenarios.multiNetwork(version: version, users: user)).postbacks.first)
      #expect(first.fields["redownload"] == .bool(true), "version \(version)")
    }
  }
}
