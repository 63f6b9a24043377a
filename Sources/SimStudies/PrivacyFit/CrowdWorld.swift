import SimEngine
import SimInput
import SimModel

/// The world the privacy fit is tested and its recovery studied in (issue 39): one network
/// whose eight campaigns (source identifiers ending 11, 22, … 88) bring 3, 8, 15, 22, 30, 45, 70
/// and 100 installs a day, times `scale`, for `days` days, every user installing from their
/// campaign's ad and buying every day, under a schema with fine and coarse values.
///
/// The volumes span the crowd sizes that separate the tiers: a setting's thresholds need
/// campaigns below tier 1 and some reaching tier 3, or the postbacks cannot tell them, so
/// thresholds far from 5 / 20 / 60 a day come with a `scale` that moves the volumes with them.
public struct CrowdWorld: Sendable, Hashable {
  /// The campaigns' installs a day at scale 1.
  public static let baseVolumes = [3, 8, 15, 22, 30, 45, 70, 100]

  /// The framework version ads are signed with: 4.0 shows tiers, 3.0 only the privacy threshold.
  public var version: SKAdNetworkVersion
  /// How many days users arrive over: the data size.
  public var days: Int
  /// The factor on ``baseVolumes``.
  public var scale: Double

  /// A world of `days` days at `version`, volumes times `scale`.
  public init(version: SKAdNetworkVersion = .v4_0, days: Int = 12, scale: Double = 1) {
    precondition(days > 0 && scale > 0, "a crowd world needs days and volumes")
    self.version = version
    self.days = days
    self.scale = scale
  }

  /// Each campaign's installs a day: ``baseVolumes`` times `scale`, at least 1.
  public var volumes: [Int] { Self.baseVolumes.map { max(1, Int((Double($0) * scale).rounded())) } }

  /// The scenario with `privacy` (its text, JSON5, as a scenario's `privacy` value), or the
  /// scenario's default crowd model when nil: what a fitter knows of the world.
  public func text(privacy: String? = nil) -> String {
    let campaigns = zip(Self.baseVolumes.indices, volumes).map { index, perDay in
      (name: "c\(11 * (index + 1))", digits: 11 * (index + 1), perDay: perDay)
    }
    // Campaign ids before 4.0 are 1–100; 4.0's four-digit source identifiers end the same.
    let offset = version >= .v4_0 ? 1_000 : 0
    let networkCampaigns = campaigns.map { #"{ name: "\#($0.name)", sourceIdentifier: \#($0.digits + offset) }"# }
      .joined(separator: ", ")
    let cohorts = campaigns.map { name, _, perDay in
      #"""
      { name: "\#(name)", count: \#(perDay * days), arrivals: { from: "0d", to: "\#(days)d" },
        exposures: [{ network: "alpha", campaign: "\#(name)", publisher: "pub", click: 1 }],
        install: { afterClick: 1, delay: "1h" }, events: [{ name: "purchase", perDay: [1], revenue: 4.99 }] }
      """#
    }.joined(separator: ",\n")
    return """
      {
        version: 1, name: "crowds", seed: 5, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "\(version.rawValue)" },
        app: { appId: 111 },\(privacy.map { "\n  privacy: \($0)," } ?? "")
        schema: { version: 1, currency: "USD", fineValue: { revenueBuckets: [0.01, 1, 5] },
                  coarseValue: [{ value: "high", revenueAtLeast: 1 }, { value: "low", sessionsAtLeast: 1 }] },
        adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [\(networkCampaigns)] }],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
        cohorts: [\(cohorts)],
      }
      """
  }

  /// The scenario, with `thresholds` and `crowdPeriod` as its crowd model, or the scenario's
  /// default one when nil (what a fitter knows: campaigns and volumes, not the crowd model).
  public func scenario(thresholds: [Int]? = nil, crowdPeriod: SimDuration = .days(1)) -> Scenario {
    let privacy = thresholds.map { values in
      "{ thresholds: { tier1: \(values[0]), tier2: \(values[1]), tier3: \(values[2]) }, crowdPeriod: '\(crowdPeriod)' }"
    }
    do {
      return try ScenarioLoader.parse(text(privacy: privacy), file: "crowd-world.json5")
    } catch {
      // The text is this type's own: a diagnostic is a defect here, not the caller's input.
      preconditionFailure("the crowd world does not load: \(error.diagnostics.map(\.description).joined(separator: "\n"))")
    }
  }
}
