import SimModel

/// Why an event log's reading stopped at a line: a row that does not fit, after which the
/// reader can go on, or a problem that ends the reading.
package enum LogReadError: Error, Equatable {
  /// A row that cannot be read; the next call reads the line after it.
  case row(ScenarioDiagnostic)
  /// A problem no row can be read past: a header without a mapped column, a line past the
  /// length limit, binary data, a file that cannot be read.
  case stop(ScenarioDiagnostic)

  /// The problem, located.
  package var diagnostic: ScenarioDiagnostic {
    switch self {
    case .row(let diagnostic), .stop(let diagnostic): diagnostic
    }
  }
}
