/// How an event log writes an event's time.
public enum LogTimeFormat: Hashable, Sendable {
  /// ISO 8601 / RFC 3339: `2024-03-01T12:30:00Z`, a space allowed for `T`, an optional fraction
  /// of a second, and `Z` or `±hh:mm` (a time without one is in the log's time zone).
  case iso8601
  /// Fixed fields and literal separators: `yyyy`, `MM`, `dd`, `HH`, `mm`, `ss` and `SSS`
  /// (milliseconds), e.g. `yyyyMMdd` or `MM/dd/yyyy HH:mm`; missing fields are zero. The time is in
  /// the log's time zone.
  case pattern(String)
  /// Whole or fractional seconds since 1970-01-01T00:00:00Z.
  case epochSeconds
  /// Milliseconds since the epoch.
  case epochMilliseconds
  /// Microseconds since the epoch (GA4's `event_timestamp`).
  case epochMicroseconds

  /// The format as a scenario names it: `iso8601`, `epochSeconds`, `epochMilliseconds`,
  /// `epochMicroseconds`, or the pattern itself.
  public var name: String {
    switch self {
    case .iso8601: "iso8601"
    case .pattern(let pattern): pattern
    case .epochSeconds: "epochSeconds"
    case .epochMilliseconds: "epochMilliseconds"
    case .epochMicroseconds: "epochMicroseconds"
    }
  }

  /// The tokens a pattern may hold.
  public static let patternTokens = ["yyyy", "MM", "dd", "HH", "mm", "ss", "SSS"]
}
