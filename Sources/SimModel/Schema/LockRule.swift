/// A lock rule: finalize the window when the condition holds at an activity (the app must be
/// running to call the API, so a time-based lock happens at the first activity after the time).
public struct LockRule: Hashable, Sendable {
  /// The window (0–2) it applies to, or nil for every window.
  public var window: Int?
  /// When to lock.
  public var condition: Condition
  /// Lock only when the window's fine value (after the update) is this one (Google Ads'
  /// `lockWindowFineConversionValue`); nil for any.
  public var whenFine: Int?
  /// Lock only when the window's coarse value (after the update) is this one (Google Ads'
  /// `lockWindowCoarseConversionValue`); nil for any.
  public var whenCoarse: CoarseValue?
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// A rule.
  public init(window: Int?, condition: Condition, whenFine: Int? = nil, whenCoarse: CoarseValue? = nil, source: String = "") {
    self.window = window
    self.condition = condition
    self.whenFine = whenFine
    self.whenCoarse = whenCoarse
    self.source = source
  }
}
