import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim verify PATH… [--update-golden] [--junit FILE] [--verbose]`.
enum VerifyCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let paths = command.arguments(named: "paths")
    let junit = try command.path("junit")
    let found = ScenarioFiles(paths: paths)
    guard found.missing.isEmpty else {
      throw command.usageError("No such file or folder: \(found.missing.map { "'\($0)'" }.joined(separator: ", "))")
    }
    // A file named on the command line that is not a scenario is worth a word even when quiet.
    for (file, reason) in found.skipped where paths.contains(file) { Console.error("skipped \(file): \(reason)") }
    guard !found.scenarios.isEmpty else {
      Console.error("error: no scenario files under \(paths.joined(separator: ", "))")
      return .failure
    }
    // Every scenario is checked before the first runs: a folder from elsewhere may hold one
    // that starts a program, and nothing of the folder should run until that is allowed.
    let permissions = Permissions(command)
    var allowed = true
    for file in found.scenarios {
      guard let scenario = try? ScenarioLoader.load(path: file) else { continue }
      allowed = permissions.allow(scenario.requiredPermissions, file: file) && allowed
    }
    guard allowed else { return .usage }
    let verbose = command.flag("verbose")
    let verifier = ScenarioVerifier(updateGolden: command.flag("update-golden"), limits: LargeWork.limits(command))
    var results: [VerificationResult] = []
    for file in found.scenarios {
      let result = verifier.verify(path: file)
      Console.out(result.report(verbose: verbose))
      results.append(result)
    }
    if verbose {
      for (file, reason) in found.skipped where !paths.contains(file) { Console.out("skipped \(file): \(reason)") }
    }
    if let junit {
      do {
        try JUnitReport.write(results, to: URL(fileURLWithPath: junit))
      } catch {
        Console.error("error: \(error.description)")
        return .ioError
      }
    }
    let failed = results.filter { !$0.passed }.count
    let updated = results.reduce(0) { $0 + $1.goldenUpdated.count }
    Console.out(
      "\(results.count - failed) passed, \(failed) failed"
        + (verifier.updateGolden ? "; \(updated) golden file\(updated == 1 ? "" : "s") updated" : ""))
    return failed == 0 ? .success : .failure
  }
}
