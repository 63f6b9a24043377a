import SimEngine

/// When a campaign runs: its ads reach cohort users only from `start` until `end`.
public struct CampaignFlight: Hashable, Sendable {
  /// When the campaign starts, from the epoch.
  public var start: SimDuration
  /// When it ends, from the epoch (exclusive).
  public var end: SimDuration

  /// Each stored property as given.
  public init(start: SimDuration, end: SimDuration) {
    self.start = start
    self.end = end
  }

  /// Whether an impression `at` this offset from the epoch falls in the flight.
  public func contains(_ at: SimDuration) -> Bool { at >= start && at < end }
}
