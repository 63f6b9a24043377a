import Foundation
import SimJSON

/// Loads scenario files: reads, parses (JSON or JSON5), checks shape and meaning.
public enum ScenarioLoader {
  /// Loads the scenario at `path`; a schema named by a relative path is read from beside it.
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem found, never just the first.
  public static func load(path: String) throws(ScenarioLoadError) -> Scenario {
    let text: String
    do {
      text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    } catch {
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(file: path, location: nil, path: "", message: "cannot read file: \(FileText.reason(error))")
      ])
    }
    let directory = (path as NSString).deletingLastPathComponent
    return try parse(text, file: path, baseDirectory: directory)
  }

  /// Parses scenario text; `file` names it in diagnostics and `baseDirectory` resolves relative
  /// schema paths.
  public static func parse(_ text: String, file: String, baseDirectory: String = "") throws(ScenarioLoadError)
    -> Scenario
  {
    let node: JSONNode
    do {
      node = try JSONParser.parse(text)
    } catch {
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(file: file, location: error.location, path: "", message: error.message)
      ])
    }
    let log = DiagnosticLog()
    let reader = ScenarioReader(
      root: JSONReader(node: node, path: "", file: file, log: log), baseDirectory: baseDirectory, log: log)
    let scenario = reader.read()
    guard let scenario, !log.hasErrors else {
      var diagnostics = log.sorted
      if diagnostics.isEmpty {
        diagnostics = [ScenarioDiagnostic(file: file, location: nil, path: "", message: "the scenario is not valid")]
      }
      throw ScenarioLoadError(diagnostics: diagnostics)
    }
    return scenario
  }
}
