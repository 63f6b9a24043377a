import AttributionSim
import CommandLineKit

/// The steps the scenario-reading commands (run, calibrate, compare, schema optimize) share
/// before their work: load, grant, announce, reseed, replace the schema.
enum ScenarioPreparation {
  /// The scenario at `path` ready to run: loaded within `limits`, its permissions granted, the
  /// work announced when large, `seed` applied; or the exit status of what stopped it, reported.
  static func prepare(
    _ path: String, limits: WorkLimits, permissions: Permissions, seed: Int?
  ) -> Result<Scenario, Stopped> {
    var scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(path: path, limits: limits)
    } catch {
      ProblemPrinter.report(error, file: path)
      return .failure(Stopped(exitStatus: .loading(error)))
    }
    Console.warnings(scenario.warnings)
    guard permissions.allow(scenario.requiredPermissions, file: path) else { return .failure(Stopped(exitStatus: .usage)) }
    LargeWork.announce(WorkEstimate(scenario: scenario))
    if let seed { scenario.seed = UInt64(seed) }
    return .success(scenario)
  }

  /// Why a command stopped before its work, as the exit status it ends with.
  struct Stopped: Error {
    var exitStatus: ExitStatus
  }

  /// Reads the schema at `path` into `scenario` in place of its own (`--schema`, `--from`),
  /// printing its warnings; the exit status to stop with when it cannot be read.
  static func replaceSchema(of scenario: inout Scenario, with path: String) -> ExitStatus? {
    let known = scenario.warnings.count
    do {
      try ScenarioLoader.loadSchema(path: path, into: &scenario)
    } catch {
      ProblemPrinter.report(error, file: path)
      return .loading(error)
    }
    Console.warnings(scenario.warnings[known...])
    return nil
  }
}
