import SimEngine

/// An action at an offset from virtual time zero.
public struct TimedAction: Hashable, Sendable {
  /// An action at an offset from the epoch.
  public init(at: SimDuration, action: UserAction) {
    self.at = at
    self.action = action
  }

  /// When the action happens, from the scenario epoch.
  public var at: SimDuration
  /// What happens.
  public var action: UserAction
}
