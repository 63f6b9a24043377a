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
  /// Problems found in reading that do not stop a run (a schema event no user performs and no
  /// declared event is close to): every command that reads the scenario prints them.
  public var warnings: [ScenarioDiagnostic] = []

  /// All users the scenario simulates.
  public var userCount: Int { scriptedUsers.count + cohorts.reduce(0) { $0 + $1.count } }

  /// The names of the in-app events the scenario's users perform.
  public var declaredEvents: Set<String> {
    var names = Set(
      cohorts.flatMap { $0.events.map(\.name) + ($0.subscription?.events.all ?? []) + ($0.log?.users.performedEventNames ?? []) })
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
    for cohort in cohorts {
      if let subscription = cohort.subscription { codes.insert(subscription.currency) }
      if let ads = cohort.adRevenue { codes.insert(ads.currency) }
      // A log's revenue was converted into its schema's currency as it was read.
      if let log = cohort.log { codes.insert(log.users.currency) }
    }
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

  /// The files the scenario was read from, as paths from where it was loaded: its own file first
  /// (when it came from one), then each schema and key file it names, in reading order. Sharded
  /// runs pin these (see `ShardSet`).
  public var inputFiles: [String] = []

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
