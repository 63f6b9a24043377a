import SimJSON

/// One problem found in an input file, located as precisely as the file allows.
public struct ScenarioDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// How serious the problem is.
  public enum Severity: String, Sendable { case error, warning }

  /// Error or warning.
  public var severity: Severity
  /// The file, as the user named it.
  public var file: String
  /// Line and column of the offending value, when known.
  public var location: SourceLocation?
  /// JSON path of the offending value, e.g. `cohorts[2].events[0].revenue`; empty for the root.
  public var path: String
  /// Lowercase explanation: what was expected and what was found.
  public var message: String

  /// A diagnostic with all its parts.
  public init(
    severity: Severity = .error, file: String, location: SourceLocation?, path: String, message: String
  ) {
    self.severity = severity
    self.file = file
    self.location = location
    self.path = path
    self.message = message
  }

  /// Compiler-style text: `file:line:column: error: path: message`.
  public var description: String {
    let position = location.map { ":\($0.line):\($0.column)" } ?? ""
    let at = path.isEmpty ? "" : "\(path): "
    return "\(file)\(position): \(severity.rawValue): \(at)\(message)"
  }
}
