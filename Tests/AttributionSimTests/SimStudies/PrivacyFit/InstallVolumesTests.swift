import AttributionSim
import AttributionTestSupport
import Testing

/// `attrsim privacy fit --volumes`: the fitter's own installs per day size the cells, once they
/// are shown to be the postbacks' installs.
@Suite("Privacy evidence: volumes size the cells, or are refused where they contradict the postbacks")
struct InstallVolumesTests {
  /// The minimal scenario: one 4.0 network, alpha (alpha.skadnetwork), with campaign 1234,
  /// which postbacks show as "34".
  static let scenario = TestScenarios.minimal

  @Test("A cell is judged at its campaign's installs the day before, summed over the rows naming it (by identifier or name)")
  func cellsJudgedAtTheDayBefore() throws {
    let scenario = try TestScenarios.load(Self.scenario)
    var evidence = TierEvidence(tiered: true)
    // 2026-03-03 and 2026-03-04 are days 20,515 and 20,516 since 1970-01-01.
    evidence.add(count: 3, lowestTier: 0, in: CrowdCell(network: "alpha.skadnetwork", campaign: "34", day: 20_515))
    evidence.add(count: 2, lowestTier: 2, in: CrowdCell(network: "alpha.skadnetwork", campaign: "34", day: 20_516))
    let rows = try InstallVolumesReader.read(
      "date,network,campaign,installs,country\n2026-03-02,alpha.skadnetwork,1234,4,US\n2026-03-02,alpha,1234,3,FR\n2026-03-03,alpha,1234,1,US\n",
      file: "v.csv")
    try evidence.judge(by: rows, scenario: scenario, file: "v.csv")
    #expect(evidence.sizedByInstalls)
    #expect(evidence.size(of: CrowdCell(network: "alpha.skadnetwork", campaign: "34", day: 20_515)) == 7)
    #expect(evidence.size(of: CrowdCell(network: "alpha.skadnetwork", campaign: "34", day: 20_516)) == 1)
  }

  @Test("More winning postbacks than installs, and a campaign the volumes never list, are contradictions")
  func contradictions() throws {
    let scenario = try TestScenarios.load(Self.scenario)
    let identifier = "alpha.skadnetwork"
    var evidence = TierEvidence(tiered: true)
    evidence.add(count: 5, lowestTier: 0, in: CrowdCell(network: identifier, campaign: "34", day: 20_515))
    let few = try InstallVolumesReader.read("date,network,campaign,installs\n2026-03-02,\(identifier),1234,4\n", file: "v.csv")
    #expect(throws: ScenarioDiagnostic.self) { try evidence.judge(by: few, scenario: scenario, file: "v.csv") }
    let other = try InstallVolumesReader.read("date,network,campaign,installs\n2026-03-02,\(identifier),5277,40\n", file: "v.csv")
    do {
      try evidence.judge(by: other, scenario: scenario, file: "v.csv")
      Issue.record("a campaign the volumes never list was accepted")
    } catch {
      #expect(error.message.contains("which the volumes never list"))
    }
  }
}
