import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// Rulebook §7.3: each network signs its ads with its own P-256 key in its version's field order;
/// the device ignores an ad whose signature fails.
@Suite("§7.3 impression signatures")
struct ImpressionSigningTests {
  private static let separator = "\u{2063}"

  private func impression(version: String, source: ImpressionSignature.Source, fidelity: Int) -> ImpressionSignature {
    ImpressionSignature(
      version: version, adNetworkId: "example123.skadnetwork", sourceIdentifier: 42, itemId: 525_463_029,
      nonce: "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", source: source, fidelityType: fidelity,
      timestamp: 1_594_406_341, signature: "")
  }

  @Test(
    "§7.3: each version signs its fields in order, joined by U+2063, and the signature round-trips",
    arguments: [
      // 2.0 has no fidelity type.
      ("2.0", ImpressionSignature.Source.app(1_234_567_891), 1,
       ["2.0", "example123.skadnetwork", "42", "525463029", "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", "1234567891", "1594406341"]),
      ("2.2", .app(1_234_567_891), 0,
       ["2.2", "example123.skadnetwork", "42", "525463029", "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", "1234567891", "0", "1594406341"]),
      ("3.0", .app(1_234_567_891), 1,
       ["3.0", "example123.skadnetwork", "42", "525463029", "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", "1234567891", "1", "1594406341"]),
      ("4.0", .app(1_234_567_891), 0,
       ["4.0", "example123.skadnetwork", "42", "525463029", "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", "1234567891", "0", "1594406341"]),
      // Web ads put the domain where apps put their item ID.
      ("4.0", .web(domain: "example.com"), 1,
       ["4.0", "example123.skadnetwork", "42", "525463029", "68483ef6-0678-4d34-a7c0-5e4a0bb20fde", "example.com", "1", "1594406341"]),
    ])
  func signingStrings(version: String, source: ImpressionSignature.Source, fidelity: Int, fields: [String]) throws {
    var ad = impression(version: version, source: source, fidelity: fidelity)
    #expect(ad.signingString == fields.joined(separator: Self.separator))
    let key = try ECPrivateKey.generate()
    ad.signature = Base64.encode(try key.signature(for: Array(ad.signingString.utf8)))
    #expect(ad.verifies(with: key.publicKey))
    #expect(!ad.verifies(with: try ECPrivateKey.generate().publicKey), "another network's key")
    var altered = ad
    altered.timestamp += 1
    #expect(!altered.verifies(with: key.publicKey), "a field changed after signing")
  }

  /// `u` taps n1's ad with `n1Signature`, then n2's ad at 1h30m, then installs.
  private func tapBoth(n1Signature: String, check: String = "cryptographic", version: String = "4.0") throws
    -> (RunSummary, [PostbackRecord], [TraceRecord])
  {
    let users = """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub", signature: "\(n1Signature)" },
        { at: "1h30m", action: "view", network: "n2", campaign: "c", publisher: "hub", duration: "10s" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" },
      ] }
      """
    return try TestScenarios.run(
      TestScenarios.multiNetwork(version: version, users: users, extra: "signing: { impressionCheck: \"\(check)\" },"))
  }

  @Test(
    "§7.3: the device ignores a tapped ad whose signature fails; the other network's view wins, and it is counted and traced",
    arguments: ["2.2", "3.0", "4.0"])
  func badSignatureIsIgnored(version: String) throws {
    for check in ["cryptographic", "flag"] {
      let (summary, postbacks, trace) = try tapBoth(n1Signature: "invalid", check: check, version: version)
      #expect(summary.impressionsBadSignature == 1 && summary.clicks == 0 && summary.views == 1, "\(check)")
      let winners = postbacks.filter { $0.recipient == .adNetwork && $0.didWin }
      #expect(winners.map { $0.fields["ad-network-id"] } == [.string("net2.skadnetwork")], "\(check)")
      #expect(winners.first?.fields["fidelity-type"] == .int(0), "the view won: the click was never recorded")
      #expect(postbacks.allSatisfy { !$0.didWin ? $0.fields["ad-network-id"] != .string("net1.skadnetwork") : true })
      #expect(trace.contains { $0.rule == "§7.3" && $0.message.contains("net1.skadnetwork") }, "\(check)")
    }
    let (summary, postbacks, _) = try tapBoth(n1Signature: "valid", version: version)
    #expect(summary.impressionsBadSignature == 0)
    #expect(postbacks.first { $0.didWin }?.fields["ad-network-id"] == .string("net1.skadnetwork"), "a click beats a view")
  }

  /// Minimal's cohort with `count` users and a network whose `share` of ads fail their signature.
  private func cohortScenario(share: Double, count: Int, check: String) throws -> Scenario {
    try TestScenarios.load(
      TestScenarios.minimal
        .replacing(required: "count: 10,", with: "count: \(count),")
        .replacing(required: "click: 0.5 }", with: "click: 1.0 }")
        .replacing(
          required: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }] }",
          with: "campaigns: [{ name: \"c1\", sourceIdentifier: 1234 }], invalidSignatureShare: \(share) }")
        .replacing(required: "seed: 7,", with: "seed: 7, signing: { impressionCheck: \"\(check)\" },"))
  }

  @Test("§7.3: a network's invalidSignatureShare fails that share of its ads, and both check modes reject the same ones")
  func invalidShareAndModesAgree() throws {
    let cryptographic = ScenarioRunner.collect(try cohortScenario(share: 0.25, count: 2_000, check: "cryptographic"))
    let flag = ScenarioRunner.collect(try cohortScenario(share: 0.25, count: 2_000, check: "flag"))
    // Every user taps once: failures ~ Binomial(2000, 0.25), mean 500, sd 19.4; ±5 sd.
    let failed = cryptographic.summary.impressionsBadSignature
    #expect((403...597).contains(failed), "\(failed) failures")
    #expect(cryptographic.summary.clicks + failed == 2_000)
    #expect(flag.summary.impressionsBadSignature == failed)
    #expect(flag.outputs.postbacks.map(\.payload) == cryptographic.outputs.postbacks.map(\.payload))
    let clean = ScenarioRunner.collect(try cohortScenario(share: 0, count: 2_000, check: "cryptographic"))
    #expect(clean.summary.impressionsBadSignature == 0 && clean.summary.clicks == 2_000)
  }
}
