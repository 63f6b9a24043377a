/// One event as an app's log states it, before it is tied to a simulated user.
///
/// `user` is the log's own identifier: it groups a user's rows and is never written to an
/// output, report or message (users are renumbered; issue 38, "users' data stays theirs").
public struct LogRow: Sendable, Equatable {
  /// What the event is to the simulation.
  public enum Kind: String, Hashable, Sendable {
    /// The app's first launch (GA4 `first_open`).
    case firstLaunch
    /// An app open (GA4 `session_start`).
    case session
    /// In-app revenue: a purchase or a subscription charge; a refund when negative.
    case purchase
    /// Ad revenue the app earned showing an ad (GA4 `ad_impression`).
    case adRevenue
    /// Any other named event.
    case event
  }

  /// The log's identifier of the user.
  public var user: String
  /// When it happened, in milliseconds since 1970-01-01T00:00:00Z.
  public var time: Int64
  /// The event's name as logged.
  public var name: String
  public var kind: Kind
  /// Revenue, negative for a refund; nil when the event carries none.
  public var revenue: Double?
  /// The revenue's ISO 4217 currency code; nil when the log does not say.
  public var currency: String?
  /// The user's country as logged (a code or a name); nil when the log does not say.
  public var country: String?
  /// Where the user came from, when the log says: an ad network (media source) and campaign.
  public var network: String?
  public var campaign: String?
  /// When the log says the user installed, in milliseconds since the epoch (AppsFlyer's Install Time).
  public var installTime: Int64?

  /// A row with every field given.
  public init(
    user: String, time: Int64, name: String, kind: Kind, revenue: Double? = nil, currency: String? = nil,
    country: String? = nil, network: String? = nil, campaign: String? = nil, installTime: Int64? = nil
  ) {
    self.user = user
    self.time = time
    self.name = name
    self.kind = kind
    self.revenue = revenue
    self.currency = currency
    self.country = country
    self.network = network
    self.campaign = campaign
    self.installTime = installTime
  }
}
