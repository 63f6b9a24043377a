/// How a delimited event log (CSV, TSV, whitespace-separated) maps onto events: its delimiter,
/// whether it has a header, which column holds what, and how its times are written.
public struct DelimitedLogMapping: Hashable, Sendable {
  public var delimiter: LogDelimiter = .comma
  /// Whether the first line names the columns (then columns may be given by name).
  public var header = true
  /// The user's identifier and the event's time: required.
  public var user: LogColumn
  public var time: LogColumn
  public var timeFormat: LogTimeFormat = .iso8601
  public var timeZone: LogTimeZone = .utc
  /// The event's name; without it every row is named `purchase` when it carries revenue and
  /// `event` otherwise (a transaction log such as CDNOW's).
  public var event: LogColumn?
  public var revenue: LogColumn?
  public var currency: LogColumn?
  /// A column saying what a row is: `purchase`, `ad` (ad revenue), `session`, `first_open`;
  /// other values make a plain event. Without it, `kinds` and revenue decide.
  public var kind: LogColumn?
  public var country: LogColumn?
  public var network: LogColumn?
  public var campaign: LogColumn?
  public var installTime: LogColumn?
  /// Event names that stand for a kind (`af_purchase` → purchase), read when there is no kind column.
  public var kinds: [String: LogRow.Kind] = [:]

  /// A mapping with the two required columns.
  public init(user: LogColumn, time: LogColumn) {
    self.user = user
    self.time = time
  }

  /// AppsFlyer's raw-data in-app events report, with its documented column names. Event Time and
  /// Install Time are `yyyy-MM-dd HH:mm:ss` in the app's reporting time zone (UTC unless the
  /// dashboard sets one: give it as `timeZone`).
  public static var appsFlyer: DelimitedLogMapping {
    var mapping = DelimitedLogMapping(user: .named("AppsFlyer ID"), time: .named("Event Time"))
    mapping.timeFormat = .pattern("yyyy-MM-dd HH:mm:ss")
    mapping.event = .named("Event Name")
    mapping.revenue = .named("Event Revenue")
    mapping.currency = .named("Event Revenue Currency")
    mapping.country = .named("Country Code")
    mapping.network = .named("Media Source")
    mapping.campaign = .named("Campaign")
    mapping.installTime = .named("Install Time")
    mapping.kinds = ["af_purchase": .purchase, "af_subscribe": .purchase, "af_ad_revenue": .adRevenue, "af_ad_view": .adRevenue]
    return mapping
  }

  /// The columns of the `events.csv` that `attrsim run --event-log` writes, in order.
  public static let eventsCSVColumns = ["user", "time", "event", "kind", "revenue", "currency", "country", "network", "campaign"]

  /// The mapping that reads `events.csv` back: every column by its name, ISO 8601 times.
  public static var eventsCSV: DelimitedLogMapping {
    var mapping = DelimitedLogMapping(user: .named("user"), time: .named("time"))
    mapping.event = .named("event")
    mapping.kind = .named("kind")
    mapping.revenue = .named("revenue")
    mapping.currency = .named("currency")
    mapping.country = .named("country")
    mapping.network = .named("network")
    mapping.campaign = .named("campaign")
    return mapping
  }
}
