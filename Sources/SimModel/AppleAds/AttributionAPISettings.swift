import SimEngine

/// How Apple's attribution API answers the advertiser's server (§8).
public struct AttributionAPISettings: Hashable, Sendable {
  /// Default settings: no faults, no outages, records ready within seconds.
  public init() {}

  /// How long after the token was created Apple's record is ready, in milliseconds: calls before
  /// get 404 "called too soon". Apple gives no figure [U]; the default is uniform over 0–10 s.
  public var recordDelay: Distribution = .uniform(lower: 0, upper: 10_000)
  /// Share of tokens that reach the server unusable (corrupted by the app or in transit): 400.
  public var invalidTokenShare = 0.0
  /// Share of calls answered 404 although the record exists (a lookup miss).
  public var notFoundShare = 0.0
  /// Share of calls answered 500 outside outages.
  public var unavailableShare = 0.0
  /// Periods when every call is answered 500.
  public var outages: [Outage] = []

  /// A period of virtual time when the API is down.
  public struct Outage: Hashable, Sendable {
    /// An outage from `start` (inclusive) to `end` (exclusive), as offsets from the epoch.
    public init(start: SimDuration, end: SimDuration) {
      self.start = start
      self.end = end
    }

    /// When it starts, from the epoch.
    public var start: SimDuration
    /// When it ends, from the epoch.
    public var end: SimDuration
  }
}
