/// A problem `attrsim schema lint` finds in a schema that reads without errors.
public struct SchemaFinding: Hashable, Sendable {
  /// Error: the schema cannot do what it says. Warning: it can, but probably not as meant.
  public var severity: ScenarioDiagnostic.Severity
  /// JSON path of the rule or field concerned.
  public var path: String
  /// What is wrong, lowercase.
  public var message: String

  /// A finding.
  public init(_ severity: ScenarioDiagnostic.Severity, _ path: String, _ message: String) {
    self.severity = severity
    self.path = path
    self.message = message
  }
}
