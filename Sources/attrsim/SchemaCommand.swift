import AttributionSim
import CommandLineKit

/// `attrsim schema lint SCHEMA… [--scenario S]…` and `attrsim schema explain SCHEMA…`.
enum SchemaCommand {
  static func execute(_ command: ParsedCommand) -> ExitStatus {
    let files = command.arguments(named: "schemas")
    switch command.name {
    case "lint": return lint(files, scenarios: command.values(of: "scenario"))
    default: return explain(files)
    }
  }

  private static func lint(_ files: [String], scenarios: [String]) -> ExitStatus {
    var declared: Set<String>?
    for path in scenarios {
      do {
        declared = (declared ?? []).union(try ScenarioLoader.load(path: path).declaredEvents)
      } catch {
        RunCommand.report(error, file: path)
        return .loading(error)
      }
    }
    var errors = 0
    var warnings = 0
    var unreadable: ExitStatus?
    for path in files {
      let diagnostics: [ScenarioDiagnostic]
      do {
        diagnostics = try ScenarioLoader.lintSchema(path: path, declaredEvents: declared)
      } catch {
        RunCommand.report(error, file: path)
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
    if declared == nil {
      Console.out("note: events were not checked; name the scenarios that use the schema with --scenario")
    }
    Console.out("\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")")
    // A file that could not be read at all outranks findings in the others (66 before 65).
    return unreadable ?? (errors > 0 ? .dataError : .success)
  }

  private static func explain(_ files: [String]) -> ExitStatus {
    for path in files {
      let schema: ConversionSchema
      do {
        schema = try ScenarioLoader.loadSchema(path: path)
      } catch {
        RunCommand.report(error, file: path)
        return .loading(error)
      }
      let explanation = SchemaExplanation(schema)
      Console.out("\(path)" + (schema.summary.isEmpty ? "" : ": \(schema.summary)"))
      Console.out("\nFine value (SKAdNetwork 2.x/3.0; window 1 from 4.0), revenue in \(schema.currencies.base):")
      if explanation.fine.isEmpty {
        Console.out("  (none: the value stays at registration's 0)")
      } else {
        Console.out(TextTable.render([["value", "means"]] + explanation.fine.map { [$0.value, $0.meaning] }, indent: 2))
        Console.out("  \(64 - explanation.unusedFineValues) of 64 values used")
      }
      let windows = explanation.coarseShared ? [0] : [0, 1, 2]
      for window in windows {
        let title = explanation.coarseShared ? "every window" : "window \(window + 1)"
        Console.out("\nCoarse value, \(title):")
        let entries = explanation.coarse[window]
        Console.out(
          entries.isEmpty
            ? "  (none)" : TextTable.render([["value", "means"]] + entries.map { [$0.value, $0.meaning] }, indent: 2))
      }
      Console.out("\nLocks:")
      Console.out(explanation.locks.isEmpty ? "  (none)" : explanation.locks.map { "  " + $0 }.joined(separator: "\n"))
      if path != files.last { Console.out("") }
    }
    return .success
  }
}
