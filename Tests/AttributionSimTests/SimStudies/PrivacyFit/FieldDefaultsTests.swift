import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Issue 39: the default crowd model before 4.0 reproduces the SKAdNetwork 3 field figures
/// (Singular: no values under 10–15 installs per campaign a day, values over 20–25, nearly all
/// over 30), and the fit of those figures covers it.
@Suite("Field defaults: SKAdNetwork 2.2 and 3.0 privacy threshold from the field")
struct FieldDefaultsTests {
  /// One campaign, one publisher, one country, `perDay` installs a day for 20 days, every user
  /// buying daily; no `privacy` block, so the defaults decide.
  static func singleCampaign(version: String, perDay: Int) -> String {
    """
    {
      version: 1, name: "single", seed: 5, epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "\(version)" },
      app: { appId: 111 },
      schema: { version: 1, currency: "USD", fineValue: { revenueBuckets: [0.01, 1, 5] } },
      adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c", sourceIdentifier: \(version == "4.0" ? 1011 : 11) }] }],
      publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
      cohorts: [{ name: "u", count: \(perDay * 20), arrivals: { from: "0d", to: "20d" },
        exposures: [{ network: "alpha", campaign: "c", publisher: "pub", click: 1 }],
        install: { afterClick: 1, delay: "1h" }, events: [{ name: "purchase", perDay: [1], revenue: 4.99 }] }],
    }
    """
  }

  /// The share of the network's winning postbacks that carry a conversion value.
  static func valueShare(version: String, perDay: Int) throws -> Double {
    let postbacks = try TestScenarios.run(singleCampaign(version: version, perDay: perDay)).postbacks.filter { $0.recipient == .adNetwork }
    return Double(postbacks.filter { $0.fields["conversion-value"] != nil }.count) / Double(postbacks.count)
  }

  @Test("The defaults: a privacy threshold of 22 before 4.0 (the field fit), 10 / 50 / 200 with tiers (no evidence)")
  func defaultsByFramework() throws {
    #expect(try TestScenarios.load(Self.singleCampaign(version: "3.0", perDay: 1)).privacy.thresholds == [10, 22, 200])
    #expect(try TestScenarios.load(Self.singleCampaign(version: "2.2", perDay: 1)).privacy.thresholds == [10, 22, 200])
    #expect(try TestScenarios.load(Self.singleCampaign(version: "4.0", perDay: 1)).privacy.thresholds == [10, 50, 200])
    // A threshold given keeps the framework's defaults for the others.
    let given = Self.singleCampaign(version: "3.0", perDay: 1).replacing(required: "app: {", with: "privacy: { thresholds: { tier3: 300 } }, app: {")
    #expect(try TestScenarios.load(given).privacy.thresholds == [10, 22, 300])
  }

  @Test("SKAdNetwork 3.0 by default: no values at 10 installs a day, most at 25, nearly all at 35 (Singular's figures)")
  func threePointOReproducesTheField() throws {
    // Hand check (crowd = the campaign's installs in the trailing day, Poisson about the rate):
    // P(N ≥ 22) is 0.0007 at 10 a day, about 0.8 at 25 and 0.99 at 35.
    #expect(try Self.valueShare(version: "3.0", perDay: 10) <= 0.01)
    #expect(try Self.valueShare(version: "3.0", perDay: 25) > 0.6)
    #expect(try Self.valueShare(version: "3.0", perDay: 35) >= 0.95)
  }

  @Test("The fit of the published figures puts the privacy threshold at 22 (95 % 18–25), covering the default")
  func fitOfThePublishedFiguresCoversTheDefault() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Scenarios/field").standardized
    let scenario = try ScenarioLoader.load(path: folder.appendingPathComponent("skan3-field.json").path)
    let observations = try TierObservationsReader.read(
      String(contentsOf: folder.appendingPathComponent("singular-skan3.csv"), encoding: .utf8), file: "singular-skan3.csv", tiered: false)
    var evidence = TierEvidence(tiered: false)
    for (row, observation) in observations.enumerated() { evidence.add(observation, row: row) }
    var settings = PrivacyFitStudy.Settings()
    settings.periods = [.days(1)]
    settings.runs = 4
    settings.replicates = 100
    let result = PrivacyFitStudy.fit(scenario, evidence: evidence, days: true, settings: settings)
    let threshold = result.thresholds[1]
    let (lower, upper) = (try #require(threshold.lower), try #require(threshold.upper))
    #expect(lower <= 22 && 22 <= upper, "\(threshold)")
    #expect(upper <= 30, "the field rules out 4.0's 50: \(threshold)")
    #expect(result.thresholds[0].estimate == nil && result.thresholds[2].estimate == nil, "only the privacy threshold shows before 4.0")
  }
}
