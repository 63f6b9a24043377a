import SimEngine
import SimModel

/// One in-app happening of a simulated user (an app open, an event, revenue): a row of
/// `events.csv`, the run's users written as an event log that a scenario's `log` reads back.
public struct InAppEventRecord: Sendable, Equatable {
  /// What the row is, as the `kind` column says it: the words a delimited log's kind column takes.
  public enum Kind: String, Sendable, CaseIterable {
    /// The user's first app open.
    case firstOpen = "first_open"
    /// Any later app open (a launch, or a re-engagement tap that opens the app).
    case session = "session"
    /// In-app purchase revenue (an event's, or a subscription's charge; negative for a refund).
    case purchase = "purchase"
    /// Ad revenue the app earned.
    case ad = "ad"
    /// Any other event: an empty kind cell.
    case event = ""
  }

  /// The event names of rows that are not the app's own events.
  public static let firstOpenName = "first_open"
  public static let sessionName = "session_start"
  /// Revenue recorded without an event (a subscription's charge, ad revenue per session).
  public static let purchaseName = "in_app_purchase"
  public static let adName = "ad_impression"

  /// The header line of `events.csv`.
  public static let csvHeader = DelimitedLogMapping.eventsCSVColumns.joined(separator: ",")

  /// Virtual time of the happening.
  public var time: SimTime
  /// The user's name in outputs (`cohort#12`, a scripted user's name).
  public var user: String
  /// The event's name: the app's own, or one of the names above.
  public var name: String
  public var kind: Kind
  /// Revenue as the app recorded it, unconverted; nil when the row carries none.
  public var revenue: Double?
  /// The revenue's ISO 4217 code; nil with no revenue.
  public var currency: String?
  /// The user's storefront country.
  public var country: String
  /// The ad network and campaign the user's install was attributed to; nil when unattributed.
  public var network: String?
  public var campaign: String?

  /// Each stored property as given; other targets of the package build it too.
  package init(
    time: SimTime, user: String, name: String, kind: Kind, revenue: Double? = nil, currency: String? = nil, country: String,
    network: String? = nil, campaign: String? = nil
  ) {
    self.time = time
    self.user = user
    self.name = name
    self.kind = kind
    self.revenue = revenue
    self.currency = currency
    self.country = country
    self.network = network
    self.campaign = campaign
  }

  /// The `events.csv` line, without its line break. Revenue is written in full (Swift's shortest
  /// text that reads back as the same number), not to the cent as money elsewhere: ad revenue per
  /// impression is a fraction of a cent, and the log must read back as the run recorded it.
  public func csvLine(epoch: Epoch) -> String {
    [
      CSVField.identifier(user), epoch.iso8601(after: time.milliseconds), CSVField.identifier(name), kind.rawValue,
      revenue.map { "\($0)" } ?? "", currency ?? "", CSVField.identifier(country), network.map(CSVField.identifier) ?? "",
      campaign.map(CSVField.identifier) ?? "",
    ].joined(separator: ",")
  }
}
