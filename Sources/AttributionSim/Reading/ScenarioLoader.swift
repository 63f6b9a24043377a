import Foundation
import SimJSON

/// Loads scenario files: reads, parses (JSON or JSON5), checks shape and meaning.
public enum ScenarioLoader {
  /// Loads the scenario at `path`; a schema named by a relative path is read from beside it.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found, never just the first.
  public static func load(path: String) throws(ScenarioLoadError) -> Scenario {
    let text = try readText(path)
    let directory = (path as NSString).deletingLastPathComponent
    return try parse(text, file: path, baseDirectory: directory)
  }

  /// Parses scenario text; `file` names it in diagnostics and `baseDirectory` resolves relative
  /// schema paths.
  public static func parse(_ text: String, file: String, baseDirectory: String = "") throws(ScenarioLoadError)
    -> Scenario
  {
    let node = try parseNode(text, file: file)
    let log = DiagnosticLog()
    let reader = ScenarioReader(
      root: JSONReader(node: node, path: "", file: file, log: log), baseDirectory: baseDirectory, log: log)
    return try checked(reader.read(), log: log, file: file, what: "scenario")
  }

  /// Loads a sweep file, its base scenario and every point's scenario.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found; a problem in a swept value is
  ///   located in the sweep file.
  public static func loadSweep(path: String) throws(ScenarioLoadError) -> Sweep {
    try parseSweep(try readText(path), file: path, baseDirectory: (path as NSString).deletingLastPathComponent)
  }

  /// Parses sweep text; `file` names it in diagnostics and `baseDirectory` resolves the base
  /// scenario's relative path.
  public static func parseSweep(_ text: String, file: String, baseDirectory: String = "") throws(ScenarioLoadError) -> Sweep {
    let node = try parseNode(text, file: file)
    let log = DiagnosticLog()
    let reader = SweepReader(reader: JSONReader(node: node, path: "", file: file, log: log), baseDirectory: baseDirectory)
    return try checked(reader.read(), log: log, file: file, what: "sweep")
  }

  /// Loads a conversion schema file on its own (for `attrsim compare` and library users); with
  /// `scenario`, also checks that it converts every currency the scenario's revenue comes in.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found.
  public static func loadSchema(path: String, for scenario: Scenario? = nil) throws(ScenarioLoadError) -> ConversionSchema {
    try parseSchema(try readText(path), file: path, for: scenario)
  }

  /// Parses schema text, `file` naming it in diagnostics; with `scenario`, as ``loadSchema(path:for:)``.
  public static func parseSchema(_ text: String, file: String, for scenario: Scenario? = nil) throws(ScenarioLoadError)
    -> ConversionSchema
  {
    let node = try parseNode(text, file: file)
    let log = DiagnosticLog()
    let reader = JSONReader(node: node, path: "", file: file, log: log)
    let schema = SchemaReader(reader: reader).read()
    if let schema, let scenario, let problem = ScenarioReader.currencyProblem(scenario, schema) { reader.error(problem) }
    return try checked(schema, log: log, file: file, what: "schema")
  }

  /// Lints a schema file: every reading error, or, when it reads, every ``SchemaLint`` finding
  /// located in the file. Events are checked against `declaredEvents` when given.
  public static func lintSchema(path: String, declaredEvents: Set<String>? = nil) -> [ScenarioDiagnostic] {
    let node: JSONNode
    do {
      node = try parseNode(try readText(path), file: path)
    } catch {
      return error.diagnostics
    }
    let log = DiagnosticLog()
    guard let schema = SchemaReader(reader: JSONReader(node: node, path: "", file: path, log: log)).read(), !log.hasErrors
    else { return log.sorted }
    for finding in SchemaLint(schema, declaredEvents: declaredEvents).findings {
      log.add(
        ScenarioDiagnostic(
          severity: finding.severity, file: path, location: JSONPathLookup.node(at: finding.path, under: node)?.location,
          path: finding.path, message: finding.message))
    }
    return log.sorted
  }

  private static func readText(_ path: String) throws(ScenarioLoadError) -> String {
    do {
      return try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    } catch {
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(file: path, location: nil, path: "", message: "cannot read file: \(FileText.reason(error))")
      ])
    }
  }

  private static func parseNode(_ text: String, file: String) throws(ScenarioLoadError) -> JSONNode {
    do {
      return try JSONParser.parse(text)
    } catch {
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(file: file, location: error.location, path: "", message: error.message)
      ])
    }
  }

  /// `value` when it was read without errors; otherwise every logged problem.
  private static func checked<Value>(_ value: Value?, log: DiagnosticLog, file: String, what: String)
    throws(ScenarioLoadError) -> Value
  {
    guard let value, !log.hasErrors else {
      var diagnostics = log.sorted
      if diagnostics.isEmpty {
        diagnostics = [ScenarioDiagnostic(file: file, location: nil, path: "", message: "the \(what) is not valid")]
      }
      throw ScenarioLoadError(diagnostics: diagnostics)
    }
    return value
  }
}
