/// A lock rule: finalize the window when the condition holds at an activity (the app must be
/// running to call the API, so a time-based lock happens at the first activity after the time).
public struct LockRule: Hashable, Sendable {
  /// The window (0–2) it applies to, or nil for every window.
  public var window: Int?
  /// When to lock.
  public var condition: Condition
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// A rule.
  public init(window: Int?, condition: Condition, source: String = "") {
    self.window = window
    self.condition = condition
    self.source = source
  }
}
