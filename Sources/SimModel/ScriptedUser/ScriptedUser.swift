import SimEngine

/// A user whose every action is written out in the scenario, for regression cases and teaching.
public struct ScriptedUser: Hashable, Sendable {
  /// A scripted user; `timeline` must be in time order.
  public init(name: String, country: String, timeline: [TimedAction], trackingAuthorized: Bool = false) {
    self.name = name
    self.country = country
    self.timeline = timeline
    self.trackingAuthorized = trackingAuthorized
  }

  /// The user's name in outputs.
  public var name: String
  /// Install country (ISO 3166 alpha-2).
  public var country: String
  /// The user's actions, in time order (ties keep file order).
  public var timeline: [TimedAction]
  /// Whether the user allows the app to track (App Tracking Transparency): Apple Ads records
  /// are then detailed (§8).
  public var trackingAuthorized: Bool
}
