import AttributionSim
import SimJSON
import Foundation

/// Scenario texts shared by tests, and helpers to load and run them.
package enum TestScenarios {
  /// A small valid scenario; tests derive bad ones from it by replacing one piece of text.
  package static let minimal = """
    {
      version: 1,
      name: "t",
      seed: 7,
      epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "4.0" },
      app: { appId: 111 },
      adNetworks: [
        { name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1234 }] },
      ],
      publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
      cohorts: [
        {
          name: "co",
          count: 10,
          arrivals: { from: "0d", to: "1d" },
          exposures: [{ network: "alpha", campaign: "c1", publisher: "pub", click: 0.5 }],
          install: { afterClick: 0.5, delay: "1h" },
          events: [{ name: "purchase", perDay: [0.1], revenue: 4.99 }],
        },
      ],
    }
    """

  /// An inline schema, read as part of ``minimal``, so it gets the scenario's checks too.
  package static func schema(_ inline: String) throws -> ConversionSchema {
    try load(minimal.replacing(required: "  seed: 7,", with: "  seed: 7, schema: \(inline),")).schema
  }

  /// Loads scenario text, failing the test on diagnostics.
  package static func load(_ text: String, file: String = "test.json") throws -> Scenario {
    try ScenarioLoader.parse(text, file: file, baseDirectory: TestPaths.scenarios)
  }

  /// The diagnostics for scenario text, as printed.
  package static func diagnostics(_ text: String) -> [String] {
    do {
      _ = try ScenarioLoader.parse(text, file: "bad.json")
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// A world with one network of two campaigns, two publishers and the given scripted users.
  package static func scripted(users: String, privacyTier: Int = 2, developerMode: Bool = false, extra: String = "") -> String {
    """
    {
      version: 1,
      name: "scripted",
      seed: 1,
      epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "skadnetwork", version: "4.0", developerMode: \(developerMode) },
      app: { appId: 1234567890, attributionReportEndpoint: "https://example.com" },
      adNetworks: [
        { name: "alpha", identifier: "alpha1234.skadnetwork",
          campaigns: [{ name: "broad", sourceIdentifier: 5211 }, { name: "eu", sourceIdentifier: 6121 }] },
        { name: "beta", identifier: "beta5678.skadnetwork", campaigns: [{ name: "video", sourceIdentifier: 4431 }] },
      ],
      publishers: [
        { name: "garden", appId: 6444000001, adNetworks: ["alpha", "beta"] },
        { name: "runner", appId: 6444000003, adNetworks: ["beta"] },
      ],
      privacy: { forceTier: \(privacyTier) },
      schema: "schemas/quickstart-hybrid.json",
      \(extra)
      users: [\(users)],
    }
    """
  }
}

extension TestScenarios {
  /// Seven networks `n1`…`n7` (campaign `c` with campaign-id 11…17, valid for every version),
  /// all listed by the app `hub`, under the given version, privacy and rules.
  package static func multiNetwork(
    version: String, users: String, privacy: String = "{ forceTier: 3 }", rules: String = "{}",
    platformExtra: String = "", extra: String = ""
  ) -> String {
    let networks = (1...7).map {
      "{ name: \"n\($0)\", identifier: \"net\($0).skadnetwork\", campaigns: [{ name: \"c\", sourceIdentifier: \(10 + $0) }] }"
    }
    return """
      {
        version: 1,
        name: "multi",
        seed: 3,
        epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "\(version)"\(platformExtra) },
        app: { appId: 1234567890, attributionReportEndpoint: "https://example.com" },
        adNetworks: [\(networks.joined(separator: ",\n"))],
        publishers: [{ name: "hub", appId: 6444000009, adNetworks: ["n1", "n2", "n3", "n4", "n5", "n6", "n7"] }],
        privacy: \(privacy),
        rules: \(rules),
        \(extra)
        users: [\(users)],
      }
      """
  }

  /// A user `u` of ``multiNetwork(version:users:privacy:rules:platformExtra:extra:)`` who taps
  /// n1's ad at 1h, installs at 2h and first launches at 3h, then takes `steps`.
  package static func clicker(then steps: String = "") -> String {
    """
    { name: "u", timeline: [
      { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      { at: "2h", action: "install" }, { at: "3h", action: "launch" },
      \(steps)
    ] }
    """
  }

  /// A user `u` of ``multiNetwork(version:users:privacy:rules:platformExtra:extra:)``: n1's
  /// click loses to n2's later click; the app sets fine 9 and coarse medium in window 1 and
  /// coarse high in window 2.
  package static let overtakenClicker = """
    { name: "u", country: "FR", timeline: [
      { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      { at: "2h", action: "click", network: "n2", campaign: "c", publisher: "hub" },
      { at: "3h", action: "install" }, { at: "3h5m", action: "launch" },
      { at: "4h", action: "update", fine: 9, coarse: "medium" }, { at: "4d", action: "update", coarse: "high" },
    ] }
    """

  /// A user of ``scripted(users:privacyTier:developerMode:extra:)`` from the US: taps alpha's
  /// `broad` ad in `garden` at 1h, installs and launches, completes the tutorial, buys for 4.99 on
  /// day 2 and for 9.99 on day 11.
  package static let alice = """
    { name: "alice", country: "US", timeline: [
      { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
      { at: "1h20m", action: "install" },
      { at: "1h25m", action: "launch" },
      { at: "1h40m", action: "event", name: "tutorial_complete" },
      { at: "1d2h", action: "event", name: "purchase", revenue: 4.99 },
      { at: "4d", action: "launch" },
      { at: "10d", action: "event", name: "purchase", revenue: 9.99 },
    ] }
    """

  /// Scenario text whose app carries a second SDK with the given inline schema.
  package static func withLegacySdk(_ text: String, schema: String) -> String {
    text.replacing(required: "app: { appId: 1234567890,", with: "app: { appId: 1234567890, legacySdk: { schema: \(schema) },")
  }

  /// The quickstart at a tenth of its users (600 and 400): the same campaigns, schema and
  /// calibration, at a tenth of the cost of each run. Its schema is named by absolute path, so
  /// the text reads the same from any folder.
  package static func smallQuickstart() throws -> String {
    try String(contentsOfFile: TestPaths.scenarios + "/quickstart.json", encoding: .utf8)
      .replacing(required: "count: 6000,", with: "count: 600,")
      .replacing(required: "count: 4000,", with: "count: 400,")
      .replacing(required: #"schema: "schemas/"#, with: #"schema: "\#(TestPaths.scenarios)/schemas/"#)
  }

  /// ``smallQuickstart()`` written into `folder` as `quickstart.json`; returns its path.
  package static func smallQuickstart(in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("quickstart.json").path
    try smallQuickstart().write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Runs scenario text and returns the summary, all postbacks and the trace.
  package static func run(_ text: String) throws -> (summary: RunSummary, postbacks: [PostbackRecord], trace: [TraceRecord]) {
    let (summary, outputs) = ScenarioRunner.collect(try load(text))
    return (summary, outputs.postbacks, outputs.trace)
  }
}
