import Foundation
import SimInput
import SimJSON
import SimModel
import SimOutput
import SimRecords
import SimRun

/// Runs scenarios and checks their outputs against their `expect` blocks and golden copies:
/// what `attrsim verify` does, callable from any Swift test.
public struct ScenarioVerifier: Sendable {
  /// Whether golden copies are rewritten from the outputs instead of compared.
  public var updateGolden: Bool
  /// How many users a scenario may have.
  public var limits: WorkLimits
  /// The folder a failed scenario's outputs are kept in, one subfolder per scenario
  /// (``FailedOutputs``); nil keeps nothing.
  public var keepFailed: String?

  /// A verifier that compares (or, with `updateGolden`, rewrites) golden copies.
  public init(updateGolden: Bool = false, limits: WorkLimits = .standard, keepFailed: String? = nil) {
    self.updateGolden = updateGolden
    self.limits = limits
    self.keepFailed = keepFailed
  }

  /// The folder of golden copies kept beside a scenario: `quickstart.json` → `quickstart.golden`.
  public static func goldenDirectory(for path: String) -> String {
    let name = (path as NSString).lastPathComponent
    let stem = name.hasSuffix(".json5") ? name.dropLast(6) : name.hasSuffix(".json") ? name.dropLast(5) : Substring(name)
    return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(stem + ".golden")
  }

  /// Loads, runs and checks the scenario at `path`, timing the whole; a scenario that does not
  /// load fails with its diagnostics.
  public func verify(path: String) -> VerificationResult {
    let measured = Stopwatch.measure {
      load(path: path).map { verify($0, file: path, goldenDirectory: Self.goldenDirectory(for: path)) }
    }
    var result: VerificationResult
    switch measured.value {
    case .success(let verified): result = verified
    case .failure(let error):
      result = VerificationResult(
        file: path, checks: [CheckResult(name: "the scenario loads", problems: error.diagnostics.map(\.description))])
    }
    result.seconds = measured.seconds
    return result
  }

  private func load(path: String) -> Result<Scenario, ScenarioLoadError> {
    do {
      return .success(try ScenarioLoader.load(path: path, limits: limits))
    } catch {
      return .failure(error)
    }
  }

  /// Verifies the scenarios at `paths` with `jobs` at once and returns their results in the
  /// order of `paths`; `onResult` gets each one in that order too, as soon as it and all before
  /// it are done. Paths that `filter` does not match are skipped, not run.
  public func verify(
    paths: [String], jobs: Int, filter: ScenarioFilter = ScenarioFilter(),
    onResult: (@Sendable (VerificationResult) -> Void)? = nil
  ) -> [VerificationResult] {
    InOrderWork.run(count: paths.count, jobs: jobs, report: onResult) { index in
      let path = paths[index]
      guard filter.matches(path) else { return VerificationResult(file: path, skipped: filter.skipReason) }
      return verify(path: path)
    }
  }

  /// Runs `scenario` and checks its expectations and, when `goldenDirectory` is given, its
  /// golden copies there, timing both. `file` names the scenario in the result.
  public func verify(_ scenario: Scenario, file: String, goldenDirectory: String? = nil) -> VerificationResult {
    let measured = Stopwatch.measure { runAndCheck(scenario, file: file, goldenDirectory: goldenDirectory) }
    var result = measured.value
    result.seconds = measured.seconds
    return result
  }

  private func runAndCheck(_ scenario: Scenario, file: String, goldenDirectory: String?) -> VerificationResult {
    var result = VerificationResult(file: file)
    let settings = scenario.expectations.golden
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("attrsim-verify-\(ProcessInfo.processInfo.globallyUniqueString)")
    // Registered, so that an interruption removes it with whatever the run wrote so far.
    if let error = TemporaryFiles.shared.createFolder(scratch) {
      result.checks.append(
        CheckResult(name: "the scenario runs", problems: ["cannot create the scratch folder '\(scratch.path)': \(error.reason)"]))
      return result
    }
    defer { TemporaryFiles.shared.removeFolder(scratch) }
    var sink: TeeSink<RunDirectoryWriter, ExpectationSink>
    do {
      let writer = try RunDirectoryWriter(
        directory: scratch, scenario: scenario, trace: settings.files.contains("trace.jsonl"))
      sink = TeeSink(writer, ExpectationSink(users: scenario.expectations.users))
    } catch {
      result.checks.append(CheckResult(name: "the scenario runs", problems: [error.description]))
      return result
    }
    let summary = ScenarioRunner.run(scenario, sink: &sink, decoding: Calibrator.decoding(for: scenario))
    do {
      try sink.first.commit(summary, scenario: scenario)
    } catch {
      result.checks.append(CheckResult(name: "the scenario runs", problems: [error.description]))
      return result
    }
    let observed = sink.second
    var normalised: [String: String] = [:]
    result.checks += ExpectationChecker(scenario: scenario).check(
      postbacks: observed.postbacks, trace: observed.trace, summary: summary.json(scenario: scenario.name, seed: scenario.seed),
      adServices: observed.adServices, sdk: observed.sdk)
    if let goldenDirectory {
      compareGolden(
        settings, epoch: scenario.epoch, outputs: scratch, golden: goldenDirectory, senders: observed.postbackSenders,
        into: &result, normalised: &normalised)
    }
    if result.checks.isEmpty {
      result.notes.append("nothing to check: no 'expect' block and no golden copies; the scenario only had to run")
    }
    if let keepFailed, !result.passed {
      FailedOutputs(folder: keepFailed, scenario: file).keep(outputs: scratch, normalised: normalised, into: &result)
    }
    return result
  }

  private func compareGolden(
    _ settings: GoldenSettings, epoch: Epoch, outputs: URL, golden folder: String, senders: [String],
    into result: inout VerificationResult, normalised: inout [String: String]
  ) {
    let golden = URL(fileURLWithPath: folder)
    let exists = FileManager.default.fileExists(atPath: folder)
    guard exists || updateGolden else { return }
    var normaliser = OutputNormaliser(normalisation: settings.normalisation, epoch: epoch)
    // Files that share identifiers are normalised in a fixed order, whatever order they are listed in.
    let order = GoldenSettings.comparableFiles.filter(settings.files.contains)
    for name in order {
      // Paths as the user named them, not absolute: results read the same on every machine.
      let shown = "\(folder)/\(name)"
      var check = CheckResult(name: "golden \(name)", origin: shown)
      let clock = ContinuousClock(), started = clock.now
      defer {
        check.seconds = Stopwatch.seconds(clock.now - started)
        result.checks.append(check)
      }
      guard let raw = try? String(contentsOf: outputs.appendingPathComponent(name), encoding: .utf8) else {
        check.problems.append("the run wrote no \(name)\(name == "decoded.csv" ? " (the scenario has no schema to decode with)" : "")")
        continue
      }
      let produced: String
      switch normaliser.normalise(raw, name: name) {
      case .success(let text):
        produced = text
        normalised[name] = text
      case .failure(let error):
        check.problems.append(error.reason)
        continue
      }
      let target = golden.appendingPathComponent(name)
      let existing = try? String(contentsOf: target, encoding: .utf8)
      if updateGolden {
        guard existing != produced else { continue }
        do {
          // Never half-written: through a temporary file and a rename.
          try BufferedFile.write(produced, to: target)
          result.goldenUpdated.append(shown)
        } catch {
          result.goldenUnwritten.append(error)
        }
        continue
      }
      guard let existing else {
        check.problems.append("no golden copy at \(shown); run `attrsim verify --update-golden` to create it")
        continue
      }
      check.problems = GoldenComparison(name: name, postbackSenders: senders).differences(golden: existing, produced: produced)
      if !check.passed {
        check.context.append("if the change is intended, run `attrsim verify --update-golden` and review the diff")
      }
    }
  }
}
