import SimJSON
import SimModel

/// Checks a schema's events against the scenario's users: its rules on an event nobody performs
/// never apply. A name a small edit from a performed one ("Purchase" for "purchase") is a
/// misspelling, which would otherwise run without a word while the schema's values never move:
/// an error. Any other is a warning, as a schema shared by several apps reads events only some
/// of them have (a near name that differs in digits, `level_4`, or only begins one is named).
package enum SchemaEventCheck {
  /// Logs a finding for each event `schema` reads that `scenario` never performs, located where
  /// the schema first mentions it (`root` is the schema's own value, inline or in its file).
  package static func check(_ schema: ConversionSchema, against scenario: Scenario, root: JSONReader) {
    let findings = SchemaLint(schema, declaredEvents: scenario.declaredEvents).eventFindings(
      absence: "is performed by no user of scenario '\(scenario.name)'", unmatched: .warning,
      unmatchedNote: " (not a misspelling of the scenario's events: fine for a schema shared with an app whose users perform it)")
    for finding in findings {
      // A finding's path is the rule's as read: it starts with `root.path` for an inline schema.
      let node = JSONPathLookup.node(at: finding.path, under: root.node, rootPath: root.path) ?? root.node
      root.log.add(
        ScenarioDiagnostic(
          severity: finding.severity, file: root.file, location: node.location, path: finding.path, message: finding.message))
    }
  }
}

/// The schemas a scenario reader has read, each with the value it was read from, checked
/// against the whole scenario once its users are read.
package final class ReadSchemas {
  package private(set) var roots: [(schema: ConversionSchema, root: JSONReader)] = []

  package init() {}

  package func note(_ schema: ConversionSchema?, root: JSONReader) -> ConversionSchema? {
    if let schema { roots.append((schema, root)) }
    return schema
  }
}
