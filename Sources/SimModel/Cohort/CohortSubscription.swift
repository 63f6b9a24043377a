import SimEngine

/// How a cohort's users take up and keep an auto-renewable subscription.
///
/// Users start it in a session (a trial when the product has one, otherwise the first paid
/// period); the App Store then charges at each period boundary whether or not the app is open,
/// and the app learns of each charge, refund or expiry at its next launch or through its server.
public struct CohortSubscription: Hashable, Sendable {
  /// The product subscribed to.
  public var product: SubscriptionProduct
  /// The currency the cohort's users pay in; the product has a price in it.
  public var currency: String
  /// Probability that a user who launches the app starts the subscription.
  public var start: Double
  /// Delay from the first launch to the start; the start happens in the first session from then.
  public var startDelay: Distribution
  /// Whether users start with the product's trial (when it has one).
  public var takesTrial: Bool
  /// Probability that a trial turns into the first paid period.
  public var trialToPaid: Double
  /// Probability of renewing at the end of paid period n (n = 1, 2, …); the last value repeats.
  public var renewal: [Double]
  /// Refunds of charges, or nil when users never ask for one.
  public var refund: Refund?
  /// How the app learns of what happens while it is closed.
  public var seenBy: SeenBy
  /// The names of the events the app records for each step, as schemas read them.
  public var events: StepNames

  /// A share of charges refunded within a time after the charge; a refund ends the subscription.
  public struct Refund: Hashable, Sendable {
    /// Probability a charge is refunded.
    public var probability: Double
    /// Refunds come uniformly within this long after the charge.
    public var window: SimDuration

    /// Each stored property as given.
    public init(probability: Double, window: SimDuration) {
      self.probability = probability
      self.window = window
    }
  }

  /// The two ways an app learns of renewals, refunds and expiries that happen while it is closed.
  public enum SeenBy: Hashable, Sendable {
    /// The on-device receipt: the app sees it when the user next opens the app (never, if they
    /// do not).
    case nextLaunch
    /// App Store Server Notifications reach the app's server, whose SDK endpoint updates the
    /// conversion value after this delay, app open or not.
    case server(delay: Distribution)
  }

  /// The event names recorded for each step of the subscription.
  public struct StepNames: Hashable, Sendable {
    /// A trial starts (with its price, for a paid trial).
    public var trial = "trial_start"
    /// The first paid period is charged (after a trial, or at once).
    public var paid = "subscribe"
    /// A later period is charged.
    public var renewal = "renew"
    /// A charge is refunded (negative revenue).
    public var refund = "refund"
    /// The subscription ends without renewing (trial not converted, or churn).
    public var expiry = "subscription_expired"

    /// The default names.
    public init() {}

    /// All five names, in lifecycle order.
    public var all: [String] { [trial, paid, renewal, refund, expiry] }
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    product: SubscriptionProduct, currency: String, start: Double, startDelay: Distribution = .fixed(0),
    takesTrial: Bool = true, trialToPaid: Double = 1, renewal: [Double], refund: Refund? = nil,
    seenBy: SeenBy = .nextLaunch, events: StepNames = StepNames()
  ) {
    self.product = product
    self.currency = currency
    self.start = start
    self.startDelay = startDelay
    self.takesTrial = takesTrial
    self.trialToPaid = trialToPaid
    self.renewal = renewal
    self.refund = refund
    self.seenBy = seenBy
    self.events = events
  }

  /// Per-period renewal probabilities from a survival curve: the share of paying subscribers
  /// still paying after each renewal (non-increasing, each at most 1).
  public static func renewal(fromSurvival survival: [Double]) -> [Double] {
    var previous = 1.0
    return survival.map { share in
      defer { previous = share }
      return previous > 0 ? min(share / previous, 1) : 0
    }
  }
}
