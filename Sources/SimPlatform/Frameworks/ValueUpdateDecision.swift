/// What the platform does with one conversion-value call to an open window (rulebook §4, §5):
/// the framework decides, the world applies it.
package struct ValueUpdateDecision {
  /// A run-summary counter the call moves.
  package enum Count: Sendable {
    /// The call (or its part that counts) was taken.
    case applied
    /// Before 4.0: a coarse value or lock, which do not exist, ignored.
    case coarseOrLockIgnored
    /// Before 4.0: a fine value not greater than the current one.
    case notIncreasing
    /// The old single-value API after window 1.
    case legacyIgnoredAfterFirstWindow
    /// An old-API call replacing a fine value the current API set.
    case legacyOverride
    /// A fine value after window 1.
    case fineIgnoredAfterFirstWindow
  }

  /// The conversion's windows after the call.
  package var windows: [ConversionWindow]
  /// What happened, in order, for the trace.
  package var notes: [RuleNote] = []
  /// The summary counters the call moves.
  package var counts: [Count] = []
  /// Whether the call locks its window, which then closes now.
  package var locks = false
  /// Whether the value timer restarts.
  package var restartsTimer = false
  /// What the call came to.
  package var outcome: UpdateOutcome

  package init(windows: [ConversionWindow], outcome: UpdateOutcome) {
    self.windows = windows
    self.outcome = outcome
  }

  /// Counts `count`, and explains it with `note` when given.
  package mutating func record(_ count: Count, _ note: RuleNote? = nil) {
    counts.append(count)
    if let note { notes.append(note) }
  }
}
