/// A scenario (or schema) that could not be loaded, with every problem found.
public struct ScenarioLoadError: Error, Sendable, CustomStringConvertible {
  /// All problems, errors first in file order.
  public var diagnostics: [ScenarioDiagnostic]
  /// Set when the file itself could not be read (missing, a directory, not UTF-8…), rather than
  /// read and found wrong.
  public var unreadable: FileProblem?

  /// An error with these problems.
  public init(diagnostics: [ScenarioDiagnostic], unreadable: FileProblem? = nil) {
    self.diagnostics = diagnostics
    self.unreadable = unreadable
  }

  /// One line per diagnostic.
  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
