import Foundation
import SimJSON
import SimModel

/// Loads scenario files: reads, parses (JSON or JSON5), checks shape and meaning.
public enum ScenarioLoader {
  /// Loads the scenario at `path`; a schema named by a relative path is read from beside it.
  /// A scenario of more users than `limits` allow is refused.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found, never just the first.
  public static func load(path: String, limits: WorkLimits = .standard) throws(ScenarioLoadError) -> Scenario {
    let node = try document(path, kind: "scenario")
    var scenario = try read(node, file: path, baseDirectory: (path as NSString).deletingLastPathComponent, limits: limits)
    scenario.inputFiles.insert(path, at: 0)
    return scenario
  }

  /// Loads the scenario whose original was at `original` (absolute) from the copies pinned
  /// beside a shard: every file it names is read from its copy, and a file not pinned is an
  /// error, so the result is the scenario the shard ran whatever the originals hold now.
  package static func load(
    pinned copies: InputCopies, original: String, limits: WorkLimits
  ) throws(ScenarioLoadError) -> Scenario {
    let path = try copy(of: original, in: copies, kind: "scenario")
    let node = try document(path, kind: "scenario")
    return try read(
      node, file: path, baseDirectory: (path as NSString).deletingLastPathComponent, limits: limits,
      pinned: (copies, (original as NSString).deletingLastPathComponent))
  }

  /// Loads the sweep whose original was at `original` (absolute) from the copies pinned beside a
  /// shard, as ``load(pinned:original:limits:)`` loads a scenario.
  package static func loadSweep(
    pinned copies: InputCopies, original: String, limits: WorkLimits
  ) throws(ScenarioLoadError) -> Sweep {
    let path = try copy(of: original, in: copies, kind: "sweep")
    let log = DiagnosticLog()
    var reader = SweepReader(
      reader: JSONReader(node: try document(path, kind: "sweep"), path: "", file: path, log: log),
      baseDirectory: (path as NSString).deletingLastPathComponent, limits: limits)
    reader.pinned = (copies, (original as NSString).deletingLastPathComponent)
    return try checked(reader.read(), log: log, file: path, what: "sweep")
  }

  private static func copy(of original: String, in copies: InputCopies, kind: String) throws(ScenarioLoadError) -> String {
    guard let path = copies.copies[original] else {
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(file: original, location: nil, path: "", message: "expected a pinned copy of this \(kind) file, found none")
      ])
    }
    return path
  }

  /// Parses scenario text; `file` names it in diagnostics and `baseDirectory` resolves relative
  /// schema paths.
  public static func parse(
    _ text: String, file: String, baseDirectory: String = "", limits: WorkLimits = .standard
  ) throws(ScenarioLoadError) -> Scenario {
    let node = try document(InputDocument.parse(text, kind: "scenario"), file: file, kind: "scenario")
    return try read(node, file: file, baseDirectory: baseDirectory, limits: limits)
  }

  private static func read(
    _ node: JSONNode, file: String, baseDirectory: String, limits: WorkLimits,
    pinned: (copies: InputCopies, folder: String)? = nil
  ) throws(ScenarioLoadError) -> Scenario {
    let log = DiagnosticLog()
    var reader = ScenarioReader(
      root: JSONReader(node: node, path: "", file: file, log: log), baseDirectory: baseDirectory, log: log,
      limits: limits)
    reader.pinned = pinned
    var scenario = try checked(reader.read(), log: log, file: file, what: "scenario")
    scenario.inputFiles = log.inputFiles
    return scenario
  }

  /// Loads a sweep file, its base scenario and every point's scenario; a sweep of more runs or
  /// users than `limits` allow is refused before its points are built.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found; a problem in a swept value is
  ///   located in the sweep file.
  public static func loadSweep(path: String, limits: WorkLimits = .standard) throws(ScenarioLoadError) -> Sweep {
    var sweep = try sweep(
      try document(path, kind: "sweep"), file: path, baseDirectory: (path as NSString).deletingLastPathComponent,
      limits: limits)
    var files = [path]
    for file in sweep.points.flatMap(\.scenario.inputFiles) where !files.contains(file) { files.append(file) }
    sweep.inputFiles = files
    return sweep
  }

  /// Parses sweep text; `file` names it in diagnostics and `baseDirectory` resolves the base
  /// scenario's relative path.
  public static func parseSweep(
    _ text: String, file: String, baseDirectory: String = "", limits: WorkLimits = .standard
  ) throws(ScenarioLoadError) -> Sweep {
    let node = try document(InputDocument.parse(text, kind: "sweep"), file: file, kind: "sweep")
    return try sweep(node, file: file, baseDirectory: baseDirectory, limits: limits)
  }

  private static func sweep(
    _ node: JSONNode, file: String, baseDirectory: String, limits: WorkLimits
  ) throws(ScenarioLoadError) -> Sweep {
    let log = DiagnosticLog()
    let reader = SweepReader(
      reader: JSONReader(node: node, path: "", file: file, log: log), baseDirectory: baseDirectory, limits: limits)
    return try checked(reader.read(), log: log, file: file, what: "sweep")
  }

  /// Loads a conversion schema file on its own (for `attrsim compare` and library users); with
  /// `scenario`, also checks that it converts every currency the scenario's revenue comes in
  /// and reads no event the scenario's users never perform.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found.
  public static func loadSchema(path: String, for scenario: Scenario? = nil) throws(ScenarioLoadError) -> ConversionSchema {
    try schema(try document(path, kind: "schema"), file: path, for: scenario).schema
  }

  /// Loads the schema at `path` into `scenario` in place of its own, checked as
  /// ``loadSchema(path:for:)`` checks it; its warnings join the scenario's.
  public static func loadSchema(path: String, into scenario: inout Scenario) throws(ScenarioLoadError) {
    let read = try schema(try document(path, kind: "schema"), file: path, for: scenario)
    scenario.schema = read.schema
    scenario.warnings += read.warnings
  }

  /// Parses schema text, `file` naming it in diagnostics; with `scenario`, as ``loadSchema(path:for:)``.
  public static func parseSchema(_ text: String, file: String, for scenario: Scenario? = nil) throws(ScenarioLoadError)
    -> ConversionSchema
  {
    try schema(try document(InputDocument.parse(text, kind: "schema"), file: file, kind: "schema"), file: file, for: scenario)
      .schema
  }

  /// The schema in `node`, checked against `scenario` when given, with the warnings that do not
  /// stop it being used.
  private static func schema(
    _ node: JSONNode, file: String, for scenario: Scenario?
  ) throws(ScenarioLoadError) -> (schema: ConversionSchema, warnings: [ScenarioDiagnostic]) {
    let log = DiagnosticLog()
    let reader = JSONReader(node: node, path: "", file: file, log: log)
    let schema = SchemaReader(reader: reader).read()
    if let schema, let scenario, let problem = ScenarioReader.currencyProblem(scenario, schema) { reader.error(problem) }
    if let schema, let scenario, let problem = SpendReader.currencyProblem(scenario, schema.currencies) { reader.error(problem) }
    if let schema, let scenario { SchemaEventCheck.check(schema, against: scenario, root: reader) }
    return (try checked(schema, log: log, file: file, what: "schema"), log.sorted.filter { $0.severity == .warning })
  }

  /// Lints a schema file: every reading error, or, when it reads, every ``SchemaLint`` finding
  /// located in the file. Events are checked against `declaredEvents` when given; `behaviour`,
  /// when given, adds findings about the schema as read (from a later layer: they need runs).
  ///
  /// - Throws: ``ScenarioLoadError`` when the file cannot be read at all (missing, a folder, not
  ///   UTF-8), which is no finding about its content.
  public static func lintSchema(
    path: String, declaredEvents: Set<String>? = nil, behaviour: ((ConversionSchema) -> [SchemaFinding])? = nil
  ) throws(ScenarioLoadError) -> [ScenarioDiagnostic] {
    let node: JSONNode
    do {
      node = try document(path, kind: "schema")
    } catch {
      if error.unreadable != nil { throw error }
      return error.diagnostics
    }
    let log = DiagnosticLog()
    guard let schema = SchemaReader(reader: JSONReader(node: node, path: "", file: path, log: log)).read(), !log.hasErrors
    else { return log.sorted }
    // Behaviour is only asked about a schema without errors: a broken rule makes its runs moot.
    var findings = SchemaLint(schema, declaredEvents: declaredEvents).findings
    if let behaviour, !findings.contains(where: { $0.severity == .error }) { findings += behaviour(schema) }
    for finding in findings {
      log.add(
        ScenarioDiagnostic(
          severity: finding.severity, file: path, location: JSONPathLookup.node(at: finding.path, under: node)?.location,
          path: finding.path, message: finding.message))
    }
    return log.sorted
  }

  /// The document in the file at `path`, a `kind` named on the command line.
  /// Reads the calibration file at `path` for decoding with `schema` (and, when given, the
  /// postbacks of scenario `scenario`): a file made for another schema or scenario is refused.
  public static func loadCalibration(
    path: String, for schema: ConversionSchema, scenario: String? = nil
  ) throws(ScenarioLoadError) -> Calibration {
    let log = DiagnosticLog()
    let reader = JSONReader(node: try document(path, kind: "calibration"), path: "", file: path, log: log)
    return try checked(CalibrationReader(reader: reader).read(for: schema, scenario: scenario), log: log, file: path, what: "calibration")
  }

  static func document(_ path: String, kind: String) throws(ScenarioLoadError) -> JSONNode {
    try document(InputDocument.read(path, kind: kind), file: path, kind: kind)
  }

  static func document(_ result: Result<JSONNode, InputDocument.Problem>, file: String, kind: String)
    throws(ScenarioLoadError) -> JSONNode
  {
    switch result {
    case .success(let node):
      return node
    case .failure(.unreadable(let problem)):
      throw ScenarioLoadError(
        diagnostics: [ScenarioDiagnostic(file: file, location: nil, path: "", message: "\(problem.reason) (expected a \(kind) file)")],
        unreadable: problem)
    case .failure(.foreign(let message)):
      throw ScenarioLoadError(diagnostics: [ScenarioDiagnostic(file: file, location: nil, path: "", message: message)])
    case .failure(.syntax(let error)):
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(file: file, location: error.location, path: "", message: error.message)
      ])
    }
  }

  /// `value` when it was read without errors; otherwise every logged problem.
  static func checked<Value>(_ value: Value?, log: DiagnosticLog, file: String, what: String)
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
