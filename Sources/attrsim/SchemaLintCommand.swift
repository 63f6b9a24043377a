import AttributionSim
import CommandLineKit

/// `attrsim schema lint SCHEMA… [--scenario S]…`.
struct SchemaLintCommand: DeclaredCommand {
  @Argument(
    name: "schemas", help: "Schema files (JSON or JSON5).", parsing: .inputPath)
  var files: [String]
  @Option(
    name: "scenario", valueName: "file", help: "Check the schema against this scenario's events and its users' behaviour (repeatable).",
    parsing: .inputPath)
  var scenarios: [String]
  @Option(
    name: "for", valueName: "format",
    help: "Also report everything that keeps the schema from being written as ga4 or google-ads (attrsim schema export).",
    parsing: .oneOf)
  var format: GoogleSchemaFormat?

  static let configuration = spec(
    name: "lint", abstract: "Report reading errors and rules that cannot work as meant.",
    discussion: """
      Reports every reading error and every rule that never applies, fine values that \
      overlap, coarse mappings that never say 'high', locks outside their window and, with \
      --scenario, events no scenario performs (errors, with a suggestion) and what the \
      scenario's users do with the schema, learned from its calibration cohort: values whose \
      calibrated revenue falls outside the range the schema claims, fine values the cohort \
      never or hardly ever (under 0.1 % of installs) ends window 1 with, and events mapped to \
      fine values that mostly happen after window 1 (warnings); with --for, every reason \
      attrsim schema export would refuse the schema in that format (errors); exit status 65 \
      when any error is found (warnings alone exit 0).
      """)

  func run() -> ExitStatus {
    var declared: Set<String>?
    var loaded: [Scenario] = []
    for path in scenarios {
      do {
        let scenario = try ScenarioLoader.load(path: path)
        loaded.append(scenario)
        declared = (declared ?? []).union(scenario.declaredEvents)
      } catch {
        ProblemPrinter.report(error, file: path)
        return .loading(error)
      }
    }
    var errors = 0
    var warnings = 0
    var unreadable: ExitStatus?
    for path in files {
      var diagnostics: [ScenarioDiagnostic]
      do {
        diagnostics = try ScenarioLoader.lintSchema(path: path, declaredEvents: declared) { schema in
          Self.behaviourFindings(schema, scenarios: loaded)
        }
        if let format, !diagnostics.contains(where: { $0.severity == .error }) {
          // The App Store ID is export's to ask for, not a property of the schema.
          do { _ = try ScenarioLoader.exportSchema(path: path, to: format, appId: "") } catch { diagnostics += error.diagnostics }
        }
      } catch {
        ProblemPrinter.report(error, file: path)
        unreadable = unreadable ?? .loading(error)
        errors += 1
        continue
      }
      for diagnostic in diagnostics { Console.out(diagnostic.description) }
      let fileErrors = diagnostics.filter { $0.severity == .error }.count
      errors += fileErrors
      warnings += diagnostics.count - fileErrors
      if diagnostics.isEmpty { Console.out("\(path): ok") }
    }
    for scenario in loaded {
      if let obstacle = BehaviourLint.obstacle(scenario) {
        Console.out("note: behaviour was not checked against '\(scenario.name)': \(obstacle)")
      }
    }
    if declared == nil {
      Console.out("note: events were not checked; name the scenarios that use the schema with --scenario")
    }
    Console.out("\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")")
    // A file that could not be read at all outranks findings in the others (66 before 65).
    return unreadable ?? (errors > 0 ? .dataError : .success)
  }

  /// What each scenario's calibration cohort says about `schema`, its messages naming the scenario.
  private static func behaviourFindings(_ schema: ConversionSchema, scenarios: [Scenario]) -> [SchemaFinding] {
    scenarios.filter { BehaviourLint.obstacle($0) == nil }.flatMap { scenario in
      BehaviourLint(
        schema: schema, scenarioName: scenario.name, windowCount: scenario.attributionFramework.windowCount,
        facts: BehaviourLint.gather(scenario, schema: schema)
      ).findings
    }
  }
}
