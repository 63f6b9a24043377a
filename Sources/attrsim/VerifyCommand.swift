import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim verify PATH… [--jobs N] [--filter PATTERN]… [--junit FILE] [--keep-failed DIR]
/// [--format text|json] [--update-golden] [--verbose]`.
struct VerifyCommand: DeclaredCommand {
  /// What `--format` prints.
  enum Format: String, CaseIterable {
    case text
    case json
  }

  @Argument(name: "paths", help: "Scenario files or folders.", parsing: .inputPath)
  var paths: [String]
  @Option(
    name: "junit", valueName: "file",
    help: "Also write the results as JUnit XML (times in seconds, skipped scenarios, failures with their differences; - for standard output).",
    parsing: .outputPath)
  var junit: String?
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Scenarios verified at once.", defaultDescription: "all cores",
    parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  @Option(
    name: "filter", valueName: "pattern",
    help: "Verify only the scenarios whose path contains PATTERN or matches it as a glob (repeatable: any).",
    parsing: .text)
  var patterns: [String]
  @Option(
    name: "keep-failed", valueName: "dir",
    help: "Keep each failed scenario's outputs in DIR/<scenario path without .json>/ for inspection.",
    parsing: .outputPath)
  var keepFailed: String?
  @Option(
    name: "format", valueName: "text|json", help: "Print readable reports, or one JSON summary for other tools.",
    defaultDescription: "text", parsing: ValueParser<Format>.oneOf)
  var format: Format = .text
  @Flag(
    name: "update-golden",
    help: "Rewrite golden copies from the outputs (creating them when missing) and list those that changed.")
  var updateGolden: Bool
  @Flag(name: "verbose", short: "v", help: "List every check, passed or not, and the files skipped.")
  var verbose: Bool
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "verify", abstract: "Replay scenarios and check their expectations and golden copies.",
    discussion: """
      Runs every scenario under the paths (files, or folders searched for scenarios; schemas \
      and sweeps are skipped), checks its 'expect' block (postbacks of scripted users, figures \
      of summary.json) and compares its outputs with the golden copies in the folder beside \
      it (quickstart.json → quickstart.golden/), when there is one. Each difference is shown: \
      the postback or file, the field, expected and got, the user and the rules that produced \
      it. Ends with 'N passed, N failed'; exit status 0 only when all pass. Scenarios run \
      --jobs at once and are reported in the order found. --filter keeps the scenarios whose \
      path contains the pattern, or, with * ? or [ in it, whose path or file name matches it \
      as a glob; the others are skipped.
      """)

  // The order attrsim has always reported mistakes in, which is not the help's.
  static var readingOrder: [ReadingStep<Self>] {
    [.value("--junit"), .value("--keep-failed"), .value("--jobs"), .value("--format")]
  }

  var filter: ScenarioFilter { ScenarioFilter(patterns) }
  var limits: WorkLimits { largeWork.limits }

  func run() -> ExitStatus {
    // The scenario files under the paths, and the files skipped.
    let found = ScenarioFiles(paths: paths)
    // A path that is not there is missing input (66), as for every command that reads files.
    guard found.missing.isEmpty else {
      for path in found.missing { Console.error("\(path): error: no such file or folder (expected a scenario or a folder of them)") }
      return .noInput
    }
    // Refused before any scenario runs: a report that cannot be written would waste the runs.
    if let junit, let obstacle = OutputFile(junit).obstacle() {
      Console.error("error: \(obstacle.description); nothing was verified")
      return .writing(obstacle)
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
    var allowed = true
    for file in selected {
      guard let scenario = try? ScenarioLoader.load(path: file) else { continue }
      Console.warnings(scenario.warnings)
      allowed = permissions.allow(scenario.requiredPermissions, file: file) && allowed
    }
    guard allowed else { return .usage }
    let text = format == .text
    let verifier = ScenarioVerifier(
      updateGolden: updateGolden, limits: limits, keepFailed: keepFailed)
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
        try JUnitReport.write(results, to: OutputFile(junit))
      } catch {
        Console.error("error: \(error.description)")
        return .writing(error)
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
    // Golden copies that could not be written are the machine's problem, not a failed check.
    let unwritten = results.flatMap(\.goldenUnwritten)
    var said = Set<String>()
    // Once each: a golden folder that cannot be created fails every file of it alike.
    for error in unwritten where said.insert(error.description).inserted {
      Console.error("error: cannot update a golden copy: \(error.description)")
    }
    if !unwritten.isEmpty { return unwritten.allSatisfy(\.cannotCreate) ? .cannotCreate : .ioError }
    return failed == 0 ? .success : .failure
  }
}
