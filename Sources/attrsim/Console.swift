import AttributionSim
import Foundation

/// The only place the tool prints: standard output for results, standard error for problems.
enum Console {
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Each of `warnings` once, compiler-style, on standard error (sweep points share theirs).
  static func warnings(_ warnings: some Sequence<ScenarioDiagnostic>) {
    var printed = Set<ScenarioDiagnostic>()
    for warning in warnings where printed.insert(warning).inserted { error(warning.description) }
  }
}
