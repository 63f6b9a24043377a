import SimModel

/// What a calibration cohort did that a schema's lint asks about: the calibration (each value's
/// conditional mean), the window-1 fine value each attributed install ended with, and where each
/// schema event happened.
public struct CohortFacts: Sendable, Equatable {
  /// The calibration learned from the cohort's postbacks.
  public var calibration: Calibration
  /// Installs whose windows started (the app was launched in time).
  public var installs: Int
  /// Per fine value 0–63, installs whose window-1 fine value ended at it.
  public var fineCounts: [Int]
  /// Per window (0-based) and schema event, how often the event happened.
  public var eventCounts: [[Int]]

  /// Facts as given; `fineCounts` has 64 entries, `eventCounts` one row per window.
  public init(calibration: Calibration, installs: Int, fineCounts: [Int], eventCounts: [[Int]]) {
    self.calibration = calibration
    self.installs = installs
    self.fineCounts = fineCounts
    self.eventCounts = eventCounts
  }
}
