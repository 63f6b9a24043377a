import SimEngine

/// A validated, immutable description of a simulated world: who advertises, where, to whom,
/// and under which platform rules.
public struct Scenario: Sendable {
  /// The highest scenario format version this build reads.
  public static let supportedFormatVersion = 1

  /// The scenario's name; also the default output folder name.
  public var name: String
  /// Seed of every random draw in the run.
  public var seed: UInt64
  /// The wall-calendar instant virtual time zero stands for.
  public var epoch: Epoch
  /// Which attribution framework and rules apply.
  public var platform: Platform
  /// The app being advertised.
  public var app: AdvertisedApp
  /// The ad networks and their campaigns.
  public var adNetworks: [AdNetwork]
  /// The apps that show ads.
  public var publishers: [PublisherApp]
  /// How crowd-anonymity tiers are decided.
  public var privacy: PrivacySettings
  /// The conversion model the app runs.
  public var schema: ConversionSchema
  /// Users with exact timelines.
  public var scriptedUsers: [ScriptedUser]
  /// Users generated from behaviour descriptions.
  public var cohorts: [Cohort]
  /// When to stop; nil runs until every postback has been sent.
  public var horizon: SimDuration?

  /// All users the scenario simulates.
  public var userCount: Int { scriptedUsers.count + cohorts.reduce(0) { $0 + $1.count } }
}

/// The attribution framework and device settings a scenario runs under.
public struct Platform: Hashable, Sendable {
  /// A platform with the given framework and Developer Mode setting.
  public init(framework: Framework, developerMode: Bool = false) {
    self.framework = framework
    self.developerMode = developerMode
  }

  /// SKAdNetwork with the version ads are signed with, or AdAttributionKit.
  public enum Framework: Hashable, Sendable {
    /// SKAdNetwork ads signed with this version.
    case skAdNetwork(SKAdNetworkVersion)
    /// AdAttributionKit (JWS impressions).
    case adAttributionKit
  }

  /// The framework ads are served with.
  public var framework: Framework
  /// Developer Mode timings (rulebook §5.4): windows of minutes, 5–10 minute send delays.
  public var developerMode: Bool
}

/// The SKAdNetwork versions the simulator knows.
public enum SKAdNetworkVersion: String, CaseIterable, Sendable {
  case v2_2 = "2.2"
  case v3_0 = "3.0"
  case v4_0 = "4.0"
}

/// The advertised app.
public struct AdvertisedApp: Hashable, Sendable {
  /// An advertised app.
  public init(appId: Int64, bundleId: String? = nil, attributionReportEndpoint: String? = nil) {
    self.appId = appId
    self.bundleId = bundleId
    self.attributionReportEndpoint = attributionReportEndpoint
  }

  /// App Store item identifier (`app-id` in postbacks).
  public var appId: Int64
  /// Bundle identifier, for readers of the outputs.
  public var bundleId: String?
  /// `NSAdvertisingAttributionReportEndpoint`: when set, winning postbacks are copied to it.
  public var attributionReportEndpoint: String?
}

/// An ad network with its campaigns.
public struct AdNetwork: Hashable, Sendable {
  /// An ad network with its campaigns.
  public init(name: String, identifier: String, campaigns: [Campaign]) {
    self.name = name
    self.identifier = identifier
    self.campaigns = campaigns
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// The registered ad network identifier, e.g. `example123.skadnetwork`.
  public var identifier: String
  /// Its campaigns.
  public var campaigns: [Campaign]
}

/// One campaign of an ad network.
public struct Campaign: Hashable, Sendable {
  /// A campaign with an optional fixed tier.
  public init(name: String, sourceIdentifier: Int, tier: Int? = nil) {
    self.name = name
    self.sourceIdentifier = sourceIdentifier
    self.tier = tier
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// The hierarchical source identifier, 0–9999 (SKAdNetwork 4).
  public var sourceIdentifier: Int
  /// A fixed crowd-anonymity tier for this campaign's conversions, overriding the scenario's.
  public var tier: Int?
}

/// An app that shows ads.
public struct PublisherApp: Hashable, Sendable {
  /// A publisher app listing the networks at the given indices.
  public init(name: String, appId: Int64, adNetworks: [Int]) {
    self.name = name
    self.appId = appId
    self.adNetworks = adNetworks
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// App Store item identifier (`source-app-id` in postbacks).
  public var appId: Int64
  /// Indices into the scenario's ad networks that the app lists in its Info.plist.
  public var adNetworks: [Int]
}

/// How crowd-anonymity tiers are decided (rulebook §6).
public struct PrivacySettings: Hashable, Sendable {
  /// Privacy settings with a fixed default tier.
  public init(tier: Int) { self.tier = tier }

  /// The tier every conversion gets unless its campaign sets one; 0–3.
  public var tier: Int

  /// Tier 3 for every conversion: nothing withheld, when a scenario sets no privacy model.
  public static let unrestricted = PrivacySettings(tier: 3)
}
