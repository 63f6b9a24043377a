/// What the platform made of one conversion-value call.
package enum UpdateOutcome: Equatable {
  /// Taken in this window (parts of it may have been ignored, such as a late fine value beside
  /// a coarse value).
  case applied(window: Int)
  /// Its only value, a fine one, ignored after window 1 (§4); `counted` when the call still
  /// counts as the window's update (`rules.lateFineOnlyCall`).
  case fineIgnoredAfterFirstWindow(window: Int, counted: Bool)
  /// Ignored: the window was locked, or before 4.0 the value timer had expired.
  case ignoredLocked(window: Int)
  /// Ignored: after the conversion's last window.
  case afterLastWindow
  /// Rejected: a value out of range.
  case rejectedOutOfRange
  /// Ignored before 4.0: the fine value was not greater than the last.
  case notIncreasing
  /// No conversion takes the call: none attributed, not yet registered, or none matching.
  case notReached
}
