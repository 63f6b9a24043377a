import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// Rulebook §7.1: exactly the fields each version sends, with Apple's spellings and JSON types.
@Suite("§7.1 postback payloads")
struct PayloadRuleTests {
  private static let users = TestScenarios.overtakenClicker

  private func postbacks(_ version: String) throws -> [PostbackRecord] {
    try TestScenarios.run(TestScenarios.multiNetwork(version: version, users: Self.users)).postbacks
      .filter { $0.recipient == .adNetwork }
  }

  /// The payload's keys besides `attribution-signature`, which every postback carries (§7.2).
  private func keys(_ postback: PostbackRecord?) -> Set<String> {
    #expect(postback?.fields["attribution-signature"] != nil, "every postback is signed")
    return Set(postback?.fields.keys ?? [:].keys).subtracting(["attribution-signature"])
  }

  @Test("§7.1: 2.2 sends version, campaign-id, fidelity-type, source-app-id and conversion-value; no did-win")
  func version22() throws {
    let all = try postbacks("2.2")
    try #require(all.count == 1)
    let fields = all[0].fields
    #expect(keys(all[0]) == [
      "version", "ad-network-id", "campaign-id", "app-id", "transaction-id", "redownload", "source-app-id",
      "fidelity-type", "conversion-value",
    ])
    #expect(fields["version"] == .string("2.2") && fields["campaign-id"] == .int(12))
    #expect(fields["redownload"] == .bool(false) && fields["fidelity-type"] == .int(1))
    #expect(fields["conversion-value"] == .int(9) && fields["app-id"] == .int(1234567890))
  }

  @Test("§7.1: 3.0 adds did-win; the non-winning postback drops source-app-id and conversion-value")
  func version30() throws {
    let all = try postbacks("3.0")
    let winner = all.first { $0.didWin }
    let loser = all.first { !$0.didWin }
    #expect(keys(winner) == [
      "version", "ad-network-id", "campaign-id", "app-id", "transaction-id", "redownload", "source-app-id",
      "fidelity-type", "did-win", "conversion-value",
    ])
    #expect(winner?.fields["did-win"] == .bool(true) && winner?.fields["version"] == .string("3.0"))
    #expect(keys(loser) == ["version", "ad-network-id", "campaign-id", "app-id", "transaction-id", "redownload", "fidelity-type", "did-win"])
    #expect(loser?.fields["did-win"] == .bool(false) && loser?.fields["campaign-id"] == .int(11))
  }

  @Test("§7.1: 4.0 postback 1 at tier 3 has string source-identifier, numeric sequence index, fine value and country-code")
  func version40() throws {
    let all = try postbacks("4.0")
    let first = all.first { $0.didWin && $0.sequenceIndex == 0 }
    #expect(keys(first) == [
      "version", "ad-network-id", "source-identifier", "app-id", "transaction-id", "redownload", "source-app-id",
      "fidelity-type", "did-win", "postback-sequence-index", "conversion-value", "country-code",
    ])
    #expect(first?.fields["version"] == .string("4.0") && first?.fields["source-identifier"] == .string("0012"))
    #expect(first?.fields["postback-sequence-index"] == .int(0) && first?.fields["country-code"] == .string("FR"))
    let second = all.first { $0.sequenceIndex == 1 }
    #expect(keys(second) == [
      "version", "ad-network-id", "source-identifier", "app-id", "transaction-id", "redownload", "fidelity-type",
      "did-win", "postback-sequence-index", "coarse-conversion-value",
    ])
    #expect(second?.fields["coarse-conversion-value"] == .string("high") && second?.fields["source-identifier"] == .string("12"))
    #expect(second?.fields["postback-sequence-index"] == .int(1))
  }

  @Test("§7.6: developers get an exact copy of each winning postback at the same time, in every version")
  func developerCopies() throws {
    for version in ["2.2", "3.0", "4.0"] {
      let all = try TestScenarios.run(TestScenarios.multiNetwork(version: version, users: Self.users)).postbacks
      let winning = all.filter { $0.recipient == .adNetwork && $0.didWin }
      let copies = all.filter { $0.recipient == .developer }
      #expect(copies.map(\.payload) == winning.map(\.payload), "version \(version)")
      #expect(copies.map(\.time) == winning.map(\.time))
    }
  }

  @Test("§7.6: developer copies need iOS 15 or later")
  func developerCopiesNeedIOS15() throws {
    let all = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "3.0", users: Self.users, platformExtra: ", iosVersion: '14.8'")).postbacks
    #expect(!all.isEmpty && !all.contains { $0.recipient == .developer })
  }
}
