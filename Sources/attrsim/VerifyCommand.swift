import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim verify PATH… [--jobs N] [--filter PATTERN]… [--junit FILE] [--keep-failed DIR]
/// [--format text|json] [--update-golden] [--verbose]`.
enum VerifyCommand {
  /// The values `--format` takes.
  static let formats = ["text", "json"]

  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let paths = command.arguments(named: "paths")
    let junit = try command.path("junit")
    let keepFailed = try command.path("keep-failed")
    let jobs = try command.integer("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
    let format = command.value(of: "format") ?? "text"
    guard formats.contains(format) else {
      throw command.usageError("The value '\(format)' is invalid for '--format': expected text or json")
    }
    let filter = ScenarioFilter(command.values(of: "filter"))
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
    let selected = found.scenarios.filter(filter.matches)
    guard !selected.isEmpty else {
      Console.error(
        "error: \(filter.options) matches none of the \(found.scenarios.count) scenario file(s) under "
          + paths.joined(separator: ", "))
      return .failure
    }
    // Every scenario is checked before the first runs: a folder from elsewhere may hold one
    // that starts a program, and nothing of the folder should run until that is allowed.
    let permissions = Permissions(command)
    var allowed = true
    for file in selected {
      guard let scenario = try? ScenarioLoader.load(path: file) else { continue }
      allowed = permissions.allow(scenario.requiredPermissions, file: file) && allowed
    }
    guard allowed else { return .usage }
    let verbose = command.flag("verbose")
    let text = format == "text"
    let verifier = ScenarioVerifier(
      updateGolden: command.flag("update-golden"), limits: LargeWork.limits(command), keepFailed: keepFailed)
    // Each report is printed as soon as it and those before it are done, in the order found.
    let results = verifier.verify(paths: found.scenarios, jobs: jobs, filter: filter) { result in
      guard text, result.skipped == nil || verbose else { return }
      Console.out(result.report(verbose: verbose))
    }
    if verbose && text {
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
    let verified = results.filter { $0.skipped == nil }
    let failed = verified.filter { !$0.passed }.count
    if text {
      let skipped = results.count - verified.count
      let updated = results.reduce(0) { $0 + $1.goldenUpdated.count }
      Console.out(
        "\(verified.count - failed) passed, \(failed) failed"
          + (skipped > 0 ? ", \(skipped) skipped (--filter)" : "")
          + (verifier.updateGolden ? "; \(updated) golden file\(updated == 1 ? "" : "s") updated" : ""))
    } else {
      Console.out(VerificationSummary.json(results).serialized(pretty: true))
    }
    return failed == 0 ? .success : .failure
  }
}
