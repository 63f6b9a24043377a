/// The time zone of an event log's times that carry no offset of their own.
public enum LogTimeZone: Hashable, Sendable {
  /// Coordinated Universal Time (the default: GA4 and AppsFlyer exports are in UTC).
  case utc
  /// A fixed offset east of UTC, in seconds (`+05:30` is 19,800).
  case fixed(secondsEast: Int)
  /// An IANA zone such as `America/New_York`, daylight saving time included, from the
  /// system's time zone database.
  case named(String)
}
