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
    trackingConsent: Double = 0.0
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
  }
}

/// A re-engagement campaign reaching a cohort's users after their first launch: a tap opens the
/// app, and the user then acts as on a first day (each event with its day-0 probability).
public struct CohortReengagement: Hashable, Sendable {
  /// Index into the scenario's ad networks (an AdAttributionKit one).
  public var network: Int
  /// Index into that network's campaigns (one eligible for re-engagement).
  public var campaign: Int
  /// Index into the scenario's publishers.
  public var publisher: Int
  /// Probability that a user who launched the app taps the ad.
  public var reach: Double
  /// Delay from the first launch to the tap, in milliseconds.
  public var delay: Distribution
  /// The universal link the tap opens.
  public var url: String?

  /// Each stored property as given; other targets of the package build it too.
  package init(network: Int, campaign: Int, publisher: Int, reach: Double, delay: Distribution, url: String? = nil) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.reach = reach
    self.delay = delay
    self.url = url
  }
}

/// A campaign shown to a cohort.
public struct CohortExposure: Hashable, Sendable {
  /// Index into the scenario's ad networks.
  public var network: Int
  /// Index into that network's campaigns.
  public var campaign: Int
  /// Index into the scenario's publishers.
  public var publisher: Int
  /// Probability that a user is reached at all.
  public var reach: Double
  /// Given reach, probability the impression is a tapped StoreKit-rendered ad.
  public var click: Double
  /// Given reach, probability the impression is a view-through ad (click and view exclusive).
  public var view: Double
  /// Delay from the user's arrival to the impression, in milliseconds.
  public var delay: Distribution
  /// How long a view-through ad stays on screen, in milliseconds.
  public var viewDuration: Distribution

  /// Each stored property as given; other targets of the package build it too.
  package init(
    network: Int,
    campaign: Int,
    publisher: Int,
    reach: Double,
    click: Double,
    view: Double,
    delay: Distribution,
    viewDuration: Distribution
  ) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.reach = reach
    self.click = click
    self.view = view
    self.delay = delay
    self.viewDuration = viewDuration
  }
}

/// How impressions become installs.
public struct InstallBehaviour: Hashable, Sendable {
  /// Probability a click leads to an install.
  public var afterClick: Double
  /// Probability a view leads to an install.
  public var afterView: Double
  /// Probability of installing with no ad at all.
  public var organic: Double
  /// Delay from the impression (or arrival, for organic installs) to the install, in ms.
  public var delay: Distribution
  /// Probability the install is a redownload.
  public var redownload: Double
  /// Probability a (first) download is the release of a pre-order (§8 `PreOrder`).
  public var preOrder = 0.0

  /// Each stored property as given; other targets of the package build it too.
  package init(
    afterClick: Double,
    afterView: Double,
    organic: Double,
    delay: Distribution,
    redownload: Double,
    preOrder: Double = 0.0
  ) {
    self.afterClick = afterClick
    self.afterView = afterView
    self.organic = organic
    self.delay = delay
    self.redownload = redownload
    self.preOrder = preOrder
  }
}

/// When the app is first opened.
public struct LaunchBehaviour: Hashable, Sendable {
  /// Probability the app is ever opened.
  public var probability: Double
  /// Delay from install to first launch, in milliseconds.
  public var delay: Distribution

  /// Each stored property as given; other targets of the package build it too.
  package init(probability: Double, delay: Distribution) {
    self.probability = probability
    self.delay = delay
  }
}

/// An in-app event type a cohort performs.
public struct CohortEvent: Hashable, Sendable {
  /// The event's name, as the schema refers to it.
  public var name: String
  /// Probability the event happens on active day d (d = 0 is the first-launch day); the last
  /// value repeats.
  public var perDay: [Double]
  /// Revenue (in `currency`) when it happens, or nil for events without revenue.
  public var revenue: Distribution?
  /// Whether the revenue is in-app purchase or ad revenue.
  public var revenueKind: RevenueKind
  /// ISO 4217 code of the revenue's currency.
  public var currency: String = "USD"

  /// Each stored property as given; other targets of the package build it too.
  package init(
    name: String,
    perDay: [Double],
    revenue: Distribution? = nil,
    revenueKind: RevenueKind,
    currency: String = "USD"
  ) {
    self.name = name
    self.perDay = perDay
    self.revenue = revenue
    self.revenueKind = revenueKind
    self.currency = currency
  }
}
