/// An app's event log a cohort takes its users' in-app lives from, and how to read it.
public struct EventLogSource: Hashable, Sendable {
  /// The log's shape.
  public enum Format: Hashable, Sendable {
    /// Google Analytics 4 / Firebase's BigQuery export, one JSON event per line.
    case ga4
    /// A delimited table through a column mapping (AppsFlyer's raw-data export is
    /// ``DelimitedLogMapping/appsFlyer``).
    case delimited(DelimitedLogMapping)
  }

  /// What a row that cannot be read does.
  public enum BadRows: String, Hashable, Sendable, CaseIterable {
    /// Stops the reading with the row's error (the default).
    case fail
    /// Skips the row; skipped rows are counted and the first few reported.
    case skip
  }

  /// The log file, as the scenario names it.
  public var path: String
  public var format: Format
  public var badRows: BadRows = .fail
  /// Days after a user's first launch whose events are kept (35: the last conversion window's end).
  public var horizonDays = 35

  /// A source read as `format`.
  public init(path: String, format: Format) {
    self.path = path
    self.format = format
  }
}
