import Foundation
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
  /// Settings for the rules Apple leaves uncertain or disputed.
  public var rules: PlatformRules
  /// The conversion model the app runs.
  public var schema: ConversionSchema
  /// Apple Ads campaigns and the AdServices attribution API (§8); nil when the app runs none.
  public var appleAds: AppleAds?
  /// Users with exact timelines.
  public var scriptedUsers: [ScriptedUser]
  /// Users generated from behaviour descriptions.
  public var cohorts: [Cohort]
  /// When to stop; nil runs until every postback has been sent.
  public var horizon: SimDuration?
  /// Signing keys and impression-signature checks.
  public var signing = SigningSettings()
  /// What must hold after a run (the `expect` block), for `attrsim verify` and regression tests.
  public var expectations = Expectations()

  /// All users the scenario simulates.
  public var userCount: Int { scriptedUsers.count + cohorts.reduce(0) { $0 + $1.count } }

  /// The names of the in-app events the scenario's users perform.
  public var declaredEvents: Set<String> {
    var names = Set(cohorts.flatMap { $0.events.map(\.name) })
    for user in scriptedUsers {
      for step in user.timeline {
        if case .event(let name, _, _) = step.action { names.insert(name) }
      }
    }
    return names
  }

  /// The currencies the scenario's revenue comes in, sorted; US dollars when it names none.
  public var currencies: [String] {
    var codes = Set(cohorts.flatMap { $0.events.filter { $0.revenue != nil }.map(\.currency) })
    for user in scriptedUsers {
      for step in user.timeline {
        switch step.action {
        case .event(_, .some, let currency), .revenue(_, _, let currency): codes.insert(currency)
        default: break
        }
      }
    }
    return codes.isEmpty ? ["USD"] : codes.sorted()
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    name: String,
    seed: UInt64,
    epoch: Epoch,
    platform: Platform,
    app: AdvertisedApp,
    adNetworks: [AdNetwork],
    publishers: [PublisherApp],
    privacy: PrivacySettings,
    rules: PlatformRules,
    schema: ConversionSchema,
    appleAds: AppleAds? = nil,
    scriptedUsers: [ScriptedUser],
    cohorts: [Cohort],
    horizon: SimDuration? = nil,
    signing: SigningSettings = SigningSettings(),
    expectations: Expectations = Expectations()
  ) {
    self.name = name
    self.seed = seed
    self.epoch = epoch
    self.platform = platform
    self.app = app
    self.adNetworks = adNetworks
    self.publishers = publishers
    self.privacy = privacy
    self.rules = rules
    self.schema = schema
    self.appleAds = appleAds
    self.scriptedUsers = scriptedUsers
    self.cohorts = cohorts
    self.horizon = horizon
    self.signing = signing
    self.expectations = expectations
  }
}

/// The attribution framework and device settings a scenario runs under.
public struct Platform: Hashable, Sendable {
  /// A platform with the given framework, Developer Mode setting and device OS.
  public init(framework: Framework, developerMode: Bool = false, iosVersion: OSVersion = .current) {
    self.framework = framework
    self.developerMode = developerMode
    self.iosVersion = iosVersion
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
  /// The devices' iOS version: decides the minimum view time (§2.3) and developer copies (§1).
  public var iosVersion: OSVersion
  /// How devices retry postbacks the receiver does not accept (§5.3), when they are delivered.
  public var postbackDelivery = PostbackDelivery()

  /// Views shorter than this are not recorded: 2 s from iOS 15.4, 3 s before (rulebook §2.3).
  public var minimumViewDuration: SimDuration { iosVersion >= OSVersion(15, 4) ? .seconds(2) : .seconds(3) }

  /// The oldest iOS with AdAttributionKit (rulebook §1).
  public static let adAttributionKitOS = OSVersion(17, 4)
  /// The oldest iOS with AdAttributionKit re-engagement (§1, §3.5).
  public static let reengagementOS = OSVersion(18, 0)
  /// The oldest iOS with the app's attribution rules and overlapping conversions (§1, §2.5).
  public static let attributionRulesOS = OSVersion(18, 4)
  /// The oldest iOS with `AppImpression.handleView()` (§1).
  public static let handleViewOS = OSVersion(26, 2)
  /// The oldest iOS on which Apple Ads serves AdAttributionKit ads (§1, C3 [U]).
  public static let appleAdsAdAttributionKitOS = OSVersion(26, 2)

  /// Whether devices send developer copies of winning postbacks: iOS 15 and later (rulebook §1).
  public var sendsDeveloperCopies: Bool { iosVersion >= OSVersion(15) }

  /// The SKAdNetwork version ads are signed with; AdAttributionKit follows 4.0's windows and
  /// tiers, and SKAdNetwork ads beside it must be 4.0 (§3.6).
  public var version: SKAdNetworkVersion {
    if case .skAdNetwork(let version) = framework { return version }
    return .v4_0
  }
}

/// The SKAdNetwork versions the simulator knows.
public enum SKAdNetworkVersion: String, CaseIterable, Comparable, Sendable {
  case v2_2 = "2.2"
  case v3_0 = "3.0"
  case v4_0 = "4.0"

  public static func < (a: SKAdNetworkVersion, b: SKAdNetworkVersion) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// Whether postbacks come in three conversion windows with coarse values and tiers (4.0).
  public var hasConversionWindows: Bool { self >= .v4_0 }
  /// Whether non-winning networks get postbacks (3.0 and later, rulebook §3.3).
  public var sendsRunnerUpPostbacks: Bool { self >= .v3_0 }
  /// The oldest iOS that runs this version (rulebook §1).
  public var minimumOS: OSVersion {
    switch self {
    case .v2_2: OSVersion(14, 5)
    case .v3_0: OSVersion(14, 6)
    case .v4_0: OSVersion(16, 1)
    }
  }
}

/// The advertised app.
public struct AdvertisedApp: Hashable, Sendable {
  /// An advertised app.
  public init(
    appId: Int64, bundleId: String? = nil, attributionReportEndpoint: String? = nil,
    legacySdk: ConversionSchema? = nil
  ) {
    self.appId = appId
    self.bundleId = bundleId
    self.attributionReportEndpoint = attributionReportEndpoint
    self.legacySdk = legacySdk
  }

  /// App Store item identifier (`app-id` in postbacks).
  public var appId: Int64
  /// Bundle identifier, for readers of the outputs.
  public var bundleId: String?
  /// `NSAdvertisingAttributionReportEndpoint`: when set, winning postbacks are copied to it.
  public var attributionReportEndpoint: String?
  /// A second SDK in the app that sets fine values through the old single-value API, driven by
  /// its own schema (rulebook §4 "Old API on v4 ad"); nil when the app has none.
  public var legacySdk: ConversionSchema?
  /// The conversion-management SDK that decides the app's conversion values; nil when the app
  /// calls with the scenario's schema directly.
  public var sdk: ClientSDK?
  /// Info.plist `AttributionCopyEndpoint`: when set, winning AdAttributionKit postbacks are
  /// copied to it (rulebook §7.6).
  public var attributionCopyEndpoint: String?
  /// Info.plist `EligibleForAdAttributionKitReengagementPostbackCopies`: re-engagement postbacks
  /// are copied too (§3.5).
  public var reengagementPostbackCopies = false
  /// Info.plist `EligibleForAdAttributionKitOverlappingConversions` (iOS 18.4+): several
  /// conversions stay active at once, each with its conversion tag (§3.5).
  public var overlappingConversions = false
  /// Info.plist `AdAttributionKitConfigurations`: attribution windows and cooldowns (§2.5).
  public var attributionConfiguration = AttributionConfiguration()
  /// The marketplace the app is installed from: `marketplace-identifier` in AdAttributionKit
  /// postbacks (§7.5).
  public var marketplace = AdvertisedApp.appStore

  /// The App Store's marketplace identifier.
  public static let appStore = "com.apple.AppStore"
}

/// An ad network with its campaigns.
public struct AdNetwork: Hashable, Sendable {
  /// An ad network with its campaigns.
  public init(
    name: String, identifier: String, campaigns: [Campaign], signingKey: SigningKeySource = .derivedFromSeed,
    invalidSignatureShare: Double = 0, framework: AdFramework = .skAdNetwork
  ) {
    self.framework = framework
    self.name = name
    self.identifier = identifier
    self.campaigns = campaigns
    self.signingKey = signingKey
    self.invalidSignatureShare = invalidSignatureShare
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// The registered ad network identifier, e.g. `example123.skadnetwork`.
  public var identifier: String
  /// Its campaigns.
  public var campaigns: [Campaign]
  /// The P-256 key it signs impressions with (rulebook §7.3).
  public var signingKey: SigningKeySource
  /// Share of its cohort impressions whose signature fails, as from a signing bug or tampering
  /// in transit; the device ignores them.
  public var invalidSignatureShare: Double
  /// Whether it serves SKAdNetwork-signed ads or AdAttributionKit JWS impressions.
  public var framework: AdFramework
  /// The postback endpoint it registered with Apple (§7.6); nil when the scenario gives none.
  public var postbackURL: URL?
}

/// One campaign of an ad network.
public struct Campaign: Hashable, Sendable {
  /// A campaign with an optional forced tier.
  public init(name: String, sourceIdentifier: Int, forceTier: Int? = nil, eligibleForReengagement: Bool = false) {
    self.eligibleForReengagement = eligibleForReengagement
    self.name = name
    self.sourceIdentifier = sourceIdentifier
    self.forceTier = forceTier
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// The hierarchical source identifier, 0–9999 (SKAdNetwork 4), or the `campaign-id`, 1–100
  /// (SKAdNetwork 2.2 and 3.0).
  public var sourceIdentifier: Int
  /// A fixed crowd-anonymity tier for this campaign's conversions, overriding the privacy model.
  public var forceTier: Int?
  /// AdAttributionKit: its impressions carry `eligible-for-re-engagement: true` (§2.4, §3.5).
  public var eligibleForReengagement: Bool
}

/// An app, or a website (SKAdNetwork 4 web ads), that shows ads.
public struct PublisherApp: Hashable, Sendable {
  /// A publisher listing the networks at the given indices.
  public init(name: String, source: Source, adNetworks: [Int]) {
    self.name = name
    self.source = source
    self.adNetworks = adNetworks
  }

  /// What identifies the publisher in postbacks.
  public enum Source: Hashable, Sendable {
    /// An app: its App Store item identifier (`source-app-id`).
    case app(Int64)
    /// A website showing SKAdNetwork for Web Ads in Safari (`source-domain`, 4.0 only).
    case web(domain: String)
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// App or website.
  public var source: Source
  /// Indices into the scenario's ad networks that the app lists in its Info.plist. Websites
  /// have no Info.plist: every network may serve them.
  public var adNetworks: [Int]

  /// Whether this is a website.
  public var isWeb: Bool {
    if case .web = source { return true }
    return false
  }
}

/// How crowd-anonymity tiers are decided (rulebook §6).
///
/// Apple publishes no thresholds, so the default model is the simulator's: a crowd key's size is
/// the number of attributed installs that share it in the trailing `crowdPeriod`, and a size
/// reaching `thresholds[t - 1]` gives tier `t`.
public struct PrivacySettings: Hashable, Sendable {
  /// Privacy settings; `forceTier` overrides the thresholds for every conversion.
  public init(
    forceTier: Int? = nil, thresholds: [Int] = PrivacySettings.defaultThresholds,
    crowdPeriod: SimDuration = .days(1)
  ) {
    self.forceTier = forceTier
    self.thresholds = thresholds
    self.crowdPeriod = crowdPeriod
  }

  /// When set, every conversion gets this tier (0–3) unless its campaign forces its own.
  public var forceTier: Int?
  /// Installs a crowd key needs in `crowdPeriod` for tiers 1, 2 and 3 (non-decreasing).
  public var thresholds: [Int]
  /// How far back installs count towards a crowd.
  public var crowdPeriod: SimDuration

  /// Default install counts for tiers 1, 2 and 3: the simulator's assumption, not Apple's.
  public static let defaultThresholds = [10, 50, 200]

  /// Tier 3 for every conversion: nothing withheld.
  public static let unrestricted = PrivacySettings(forceTier: 3)
}
