import AttributionSim
import SimJSON

extension TestScenarios {
  /// A schema for SDK tests. Fine value: revenue bucket (<0.01 → 0, ≥0.01 → 1, ≥1 → 2, ≥5 → 3)
  /// plus 8 for the tutorial; coarse: high from 5 revenue, medium from 1, low once a session
  /// happened; a purchase locks window 1.
  package static let sdkSchema = """
    { version: 1,
      fineValue: { revenueBuckets: [0.01, 1, 5], eventBits: { tutorial_complete: 3 } },
      coarseValue: [
        { value: "high", revenueAtLeast: 5 }, { value: "medium", revenueAtLeast: 1 }, { value: "low", sessionsAtLeast: 1 },
      ],
      lock: [{ window: 1, event: "purchase" }] }
    """

  /// One network `alpha` (campaign `c`, pinned at tier 3), one publisher `pub`, an app with the
  /// given SDK and ``sdkSchema``, and user `u` who taps at 1h, installs at 2h, first launches
  /// at 3h and then takes `steps`.
  package static func sdk(version: String = "4.0", sdk: String = "{ model: \"schema\" }", steps: String) -> String {
    """
    {
      version: 1,
      name: "sdk",
      seed: 5,
      epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "\(version)" },
      app: { appId: 1234567890, bundleId: "com.example.app", sdk: \(sdk) },
      adNetworks: [
        { name: "alpha", identifier: "alpha1234.skadnetwork", campaigns: [{ name: "c", sourceIdentifier: 11, forceTier: 3 }] },
      ],
      publishers: [{ name: "pub", appId: 6444000001, adNetworks: ["alpha"] }],
      schema: \(sdkSchema),
      users: [
        { name: "u", timeline: [
          { at: "1h", action: "click", network: "alpha", campaign: "c", publisher: "pub" },
          { at: "2h", action: "install" }, { at: "3h", action: "launch" },
          \(steps)
        ] },
      ],
    }
    """
  }

  /// Runs scenario text and returns the summary, the SDK's trace, the postbacks and the conversions.
  package static func runSDK(_ text: String) throws -> (
    summary: RunSummary, sdk: [SDKTraceRecord], postbacks: [PostbackRecord], conversions: [ConversionRecord]
  ) {
    let (summary, outputs) = ScenarioRunner.collect(try load(text))
    return (summary, outputs.sdk, outputs.postbacks, outputs.conversions)
  }
}
