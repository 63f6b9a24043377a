import SimJSON
import SimModel

/// Collects the problems found while reading input files, so that all can be reported at once.
package final class DiagnosticLog {
  package private(set) var diagnostics: [ScenarioDiagnostic] = []
  /// When set, the readers record the keys and choices they accept (for the JSON Schema tests).
  package var shapes: ReaderShapes?

  /// The files read besides the document itself (schemas, keys), in reading order, each once.
  package private(set) var inputFiles: [String] = []

  /// An empty log.
  package init() {}

  /// Notes that `path` was read as part of the input.
  package func noteInput(_ path: String) {
    if !inputFiles.contains(path) { inputFiles.append(path) }
  }

  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  package func add(_ diagnostic: ScenarioDiagnostic) { diagnostics.append(diagnostic) }

  /// Errors and warnings in file order (then path), so reports read top to bottom.
  package var sorted: [ScenarioDiagnostic] {
    diagnostics.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.file != y.file { return a.offset < b.offset }
      let lx = x.location ?? SourceLocation(line: .max, column: .max)
      let ly = y.location ?? SourceLocation(line: .max, column: .max)
      if lx != ly { return lx < ly }
      return a.offset < b.offset
    }.map(\.element)
  }
}
