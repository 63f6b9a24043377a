import AttributionSim
import Foundation

extension TestScenarios {
  /// A base scenario of 300 users on two campaigns over two days, with a schema.
  package static let sweepBase = """
    {
      version: 1, name: "base", seed: 11, epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "4.0" },
      app: { appId: 111 },
      adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [
        { name: "a", sourceIdentifier: 1207 }, { name: "b", sourceIdentifier: 3307 }] }],
      publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
      privacy: { thresholds: { tier1: 2, tier2: 4, tier3: 8 } },
      signing: { impressionCheck: "flag" },
      schema: { version: 1, fineValue: { revenueBuckets: [1, 5, 20] }, coarseValue: [{ value: "high", revenueAtLeast: 5 }, { value: "low" }] },
      cohorts: [{
        name: "players", count: 300, arrivals: { from: "0d", to: "2d" },
        exposures: [
          { network: "alpha", campaign: "a", publisher: "pub", click: 0.3, view: 0.3 },
          { network: "alpha", campaign: "b", publisher: "pub", reach: 0.5, click: 0.2 }],
        install: { afterClick: 0.4, afterView: 0.05, delay: "1h" },
        retention: [0.5, 0.3],
        events: [{ name: "purchase", perDay: [0.2, 0.1], revenue: { uniform: { min: 1, max: 30 } } }],
      }],
    }
    """

  /// A sweep of ``sweepBase`` (as `base.json`): three tier-1 thresholds by two cohort sizes, two
  /// replicates each, charted.
  package static let sweep = """
    {
      version: 1, name: "grid", scenario: "base.json",
      parameters: [
        { name: "tier1", path: "privacy.thresholds.tier1", values: [1, 2, 4] },
        { path: "cohorts[0].count", values: [150, 300] },
      ],
      replicates: 2,
      chart: { x: "installsPerCampaignPerDay", y: "nullShare1", series: "tier1" },
    }
    """

  /// A sweep of base.json over 1000 values of each privacy threshold: 15 kB for a billion points.
  package static let billionPointGrid: String = {
    let values = (1...1_000).map(String.init).joined(separator: ",")
    return """
      { version: 1, name: "grid", scenario: "base.json", parameters: [
        { path: "privacy.thresholds.tier1", values: [\(values)] },
        { path: "privacy.thresholds.tier2", values: [\(values)] },
        { path: "privacy.thresholds.tier3", values: [\(values)] } ] }
      """
  }()

  /// The diagnostics for `sweep` over the minimal scenario with privacy thresholds to sweep.
  package static func sweepDiagnostics(_ sweep: String, limits: WorkLimits = .standard) throws -> [String] {
    let folder = try TemporaryFolder.create("attrsim-limits")
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = minimal.replacing(
      required: "  seed: 7,", with: "  seed: 7, privacy: { thresholds: { tier1: 10, tier2: 50, tier3: 200 } },")
    try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("sweep.json").path
    try sweep.write(toFile: path, atomically: true, encoding: .utf8)
    do {
      _ = try ScenarioLoader.loadSweep(path: path, limits: limits)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }
}
