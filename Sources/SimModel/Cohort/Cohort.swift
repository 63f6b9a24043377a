import SimEngine

/// Many users who behave alike, described by probabilities and distributions.
public struct Cohort: Hashable, Sendable {
  /// The cohort's name; users are named `name#index` in outputs.
  public var name: String
  /// How many users.
  public var count: Int
  /// Install country, drawn per user.
  public var country: WeightedChoice<String>
  /// When users first become reachable: uniformly over [start, start + spread).
  public var arrivalStart: SimDuration
  /// Length of the arrival period.
  public var arrivalSpread: SimDuration
  /// The campaigns that reach this cohort.
  public var exposures: [CohortExposure]
  /// How ads turn into installs.
  public var install: InstallBehaviour
  /// When the app is first opened after install.
  public var firstLaunch: LaunchBehaviour
  /// Probability of at least one session on day d after first launch (d = 1, 2, …); the last
  /// value repeats.
  public var retention: [Double]
  /// Sessions on an active day (rounded, at least one).
  public var sessionsPerActiveDay: Distribution
  /// In-app events.
  public var events: [CohortEvent]
  /// Days after first launch during which activity is simulated.
  public var activeDays: Int
  /// AdAttributionKit re-engagement ads shown to users who have the app (rulebook §3.5).
  public var reengagements: [CohortReengagement] = []
  /// Apple Ads shown to the cohort's users before they install (§8).
  public var appleAds: [CohortAppleAdsExposure] = []
  /// Share of users who allow the app to track (App Tracking Transparency): their Apple Ads
  /// records are detailed (§8).
  public var trackingConsent = 0.0
  /// Ads the app shows in sessions, and what they earn; nil for none.
  public var adRevenue: CohortAdRevenue?
  /// The auto-renewable subscription users take; nil for none.
  public var subscription: CohortSubscription?
  /// Uneven arrivals over the week and the period; nil for uniform.
  public var seasonality: ArrivalSeasonality?
  /// The event log users take their in-app lives from, replacing `retention`,
  /// `sessionsPerActiveDay`, `events` and `adRevenue`; nil for the modelled behaviour.
  public var log: CohortLog?

  /// Each stored property as given; other targets of the package build it too.
  package init(
    name: String,
    count: Int,
    country: WeightedChoice<String>,
    arrivalStart: SimDuration,
    arrivalSpread: SimDuration,
    exposures: [CohortExposure],
    install: InstallBehaviour,
    firstLaunch: LaunchBehaviour,
    retention: [Double],
    sessionsPerActiveDay: Distribution,
    events: [CohortEvent],
    activeDays: Int,
    reengagements: [CohortReengagement] = [],
    appleAds: [CohortAppleAdsExposure] = [],
    trackingConsent: Double = 0.0,
    adRevenue: CohortAdRevenue? = nil,
    subscription: CohortSubscription? = nil,
    seasonality: ArrivalSeasonality? = nil
  ) {
    self.name = name
    self.count = count
    self.country = country
    self.arrivalStart = arrivalStart
    self.arrivalSpread = arrivalSpread
    self.exposures = exposures
    self.install = install
    self.firstLaunch = firstLaunch
    self.retention = retention
    self.sessionsPerActiveDay = sessionsPerActiveDay
    self.events = events
    self.activeDays = activeDays
    self.reengagements = reengagements
    self.appleAds = appleAds
    self.trackingConsent = trackingConsent
    self.adRevenue = adRevenue
    self.subscription = subscription
    self.seasonality = seasonality
  }
}
