import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// A log's `sources` and `campaigns` in scenario files: AppsFlyer's Media Source and Campaign
/// mapped onto the scenario's networks and campaigns, and the errors of a mapping that names
/// what the scenario or the log does not have.
@Suite("Event logs: media sources and campaigns mapped onto the scenario")
struct LogSourceMappingReaderTests {
  /// An AppsFlyer export: af-1 from Google Ads' campaign "spring", af-2 from Meta, af-3 organic,
  /// af-4 from TikTok (which the mappings below leave out).
  private static let export = """
    AppsFlyer ID,Event Time,Event Name,Event Revenue,Event Revenue Currency,Country Code,Media Source,Campaign,Install Time
    af-1,2024-03-01 10:00:00,af_purchase,3.00,USD,DE,googleadwords_int,spring,2024-03-01 09:00:00
    af-2,2024-03-01 11:00:00,af_purchase,9.00,USD,DE,Facebook Ads,retarget,2024-03-01 09:00:00
    af-3,2024-03-01 12:00:00,af_level,,,DE,organic,,2024-03-01 09:00:00
    af-4,2024-03-01 12:00:00,af_level,,,DE,tiktokglobal_int,t1,2024-03-01 09:00:00

    """

  /// The scenario with `log` (keys after path, format) as its one cohort's, and `exposures`.
  private func load(_ log: String, exposures: String = "[]") throws -> Result<Scenario, ScenarioLoadError> {
    let folder = try TemporaryFolder.create("log-sources")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.export.write(to: folder.appendingPathComponent("af.csv"), atomically: true, encoding: .utf8)
    let text = """
      {
        version: 1, name: "sources", seed: 5, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "4.0" },
        app: { appId: 111 },
        adNetworks: [
          { name: "google", identifier: "google.skadnetwork", campaigns: [{ name: "brand", sourceIdentifier: 1 }, { name: "spring", sourceIdentifier: 2 }] },
          { name: "meta", identifier: "meta.skadnetwork", campaigns: [{ name: "m1", sourceIdentifier: 3 }] },
        ],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["google", "meta"] }],
        cohorts: [{
          name: "co", count: 10, arrivals: { from: "0d", to: "1d" }, exposures: \(exposures),
          install: { organic: 1, delay: "1h" },
          log: { path: "af.csv", format: "appsFlyer", \(log) },
        }],
      }
      """
    let path = folder.appendingPathComponent("s.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    do { return .success(try ScenarioLoader.load(path: path)) } catch { return .failure(error) }
  }

  private func diagnostics(_ result: Result<Scenario, ScenarioLoadError>, _ severity: ScenarioDiagnostic.Severity) -> [String] {
    let all: [ScenarioDiagnostic] =
      switch result {
      case .success(let scenario): scenario.warnings
      case .failure(let error): error.diagnostics
      }
    return all.filter { $0.severity == severity }.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.path): \($0.message)" }
  }

  @Test("Media sources map onto networks, organic and Apple Ads words; campaigns onto a network's campaign")
  func mapping() throws {
    let scenario = try load(
      #"""
      use: "resample",
      sources: { googleadwords_int: "google", "Facebook Ads": "meta", organic: "organic" },
      campaigns: { spring: { network: "google", campaign: "spring" } }
      """#
    ).get()
    let log = try #require(scenario.cohorts[0].log)
    #expect(log.sources.sources == ["googleadwords_int": .network(0), "Facebook Ads": .network(1), "organic": .organic])
    #expect(log.sources.campaigns == ["spring": .campaign(network: 0, campaign: 1)])
    // Users are numbered by first launch; all four installed at 09:00, so in order of appearance.
    #expect((0..<4).map { log.users.source(of: $0) } == ["googleadwords_int", "Facebook Ads", "organic", "tiktokglobal_int"])
    #expect(log.sources.sources(of: 0, in: log.users) == [.campaign(network: 0, campaign: 1), .network(0)])
    #expect(log.sources.sources(of: 1, in: log.users) == [.network(1)])
    #expect(log.sources.sources(of: 3, in: log.users) == [])
    // The user from TikTok is named by count only; the log's identifiers never appear.
    let warnings = diagnostics(.success(scenario), .warning)
    #expect(warnings.contains {
      $0.hasSuffix("1 of 4 logged users came through sources the mapping leaves out ('tiktokglobal_int' 1): they are drawn only for installs whose own source has no mapped logged user")
    })
    #expect(!warnings.joined().contains("af-"))
  }

  @Test("A mapped name the log never gives is an error at its key, with the log's closest name")
  func misspeltLoggedName() throws {
    let errors = diagnostics(
      try load(#"use: "resample", sources: { "Facebok Ads": "meta" }, campaigns: { sprng: { network: "google", campaign: "spring" } }"#),
      .error)
    #expect(errors == [
      #"13:77 cohorts[0].log.sources.Facebok Ads: the event log 'af.csv' has no media source 'Facebok Ads'; did you mean 'Facebook Ads'?"#,
      #"13:115 cohorts[0].log.campaigns.sprng: the event log 'af.csv' has no campaign 'sprng'; did you mean 'spring'?"#,
    ])
  }

  @Test("A network, word or campaign the scenario does not declare is an error with a suggestion; replay takes no mapping")
  func badTargets() throws {
    let errors = diagnostics(
      try load(
        #"use: "resample", sources: { organic: "orgnic", "Facebook Ads": "mta" }, campaigns: { spring: { network: "google", campaign: "sprin" } }"#),
      .error)
    #expect(errors == [
      #"13:86 cohorts[0].log.sources.organic: expected an ad network of the scenario, organic or appleAds, found 'orgnic'; did you mean 'organic'?"#,
      #"13:112 cohorts[0].log.sources.Facebook Ads: expected an ad network of the scenario, organic or appleAds, found 'mta'; did you mean 'meta'?"#,
      #"13:173 cohorts[0].log.campaigns.spring.campaign: unknown campaign 'sprin' of ad network 'google'; did you mean 'spring'?"#,
    ])
    let replay = diagnostics(try load(#"use: "replay", sources: { organic: "organic" }"#), .error)
    #expect(replay == [
      #"13:73 cohorts[0].log.sources: a replayed user lives the logged user of the same number, whatever their install: 'sources' is for 'use': "resample""#
    ])
  }

  @Test("A network the cohort's ads come from that no logged user maps to is named in a warning")
  func unmappedExposureNetwork() throws {
    let scenario = try load(
      #"use: "resample", sources: { googleadwords_int: "google" }"#,
      exposures: #"[{ network: "meta", campaign: "m1", publisher: "pub", reach: 1, click: 1 }]"#
    ).get()
    #expect(diagnostics(.success(scenario), .warning).contains {
      $0.hasSuffix("cohorts[0].exposures: no logged user's source maps to 'meta': installs through its ads draw among all logged users; map a media source to it in the log's 'sources'")
    })
  }
}
