/// What reading an event log kept and left out, and why: every row is accounted for.
public struct EventLogReport: Hashable, Sendable {
  /// Rows read (blank lines and a header aside), skipped ones included.
  public var rows = 0
  /// Rows skipped under `badRows: skip`, and the first few of their errors.
  public var skippedRows = 0
  public var skippedExamples: [ScenarioDiagnostic] = []
  /// Rows identical to another of the same user (time, name, kind, revenue): kept once.
  public var duplicates = 0
  /// Events before their user's first launch (dropped: nothing the app measures comes before it).
  public var beforeFirstLaunch = 0
  /// Events later than the horizon after their user's first launch (dropped).
  public var afterHorizon = 0
  /// Kept events with negative revenue (refunds, kept: they lower the user's revenue).
  public var refunds = 0
  /// Users, and those whose first launch the log did not state (taken from the install time or
  /// their first event).
  public var users = 0
  public var usersWithoutFirstLaunch = 0
  /// Events kept.
  public var events = 0
  /// The first and last event times in the log, in milliseconds since the epoch (0 when empty).
  public var firstTime: Int64 = 0
  public var lastTime: Int64 = 0

  /// An empty report.
  public init() {}

  /// How many skipped rows' errors a report keeps as examples.
  public static let exampleLimit = 5
}
