import SimOutput

/// What verifying one scenario file found: each check with its differences.
public struct VerificationResult: Sendable {
  /// The scenario file, as named.
  public var file: String
  /// Every check made, in order: expectations, figures, golden files.
  public var checks: [CheckResult]
  /// Golden files written because they were new or differed (with `updateGolden`).
  public var goldenUpdated: [String]
  /// Golden copies that could not be written (with `updateGolden`), each naming the file and why:
  /// not a difference in the outputs but a problem of the machine, which the command reports apart.
  public var goldenUnwritten: [RunDirectoryWriter.WriteError] = []
  /// Remarks that are not failures, e.g. that a scenario has nothing to check.
  public var notes: [String]
  /// Wall time of verifying the scenario (loading, running, writing and checking), in seconds.
  public var seconds: Double
  /// Why the scenario was not verified (e.g. not matched by a filter); nil when it was.
  public var skipped: String?
  /// The folder where a failed run's outputs were kept, when they were.
  public var keptOutputs: String?

  /// A result with every part given.
  public init(
    file: String, checks: [CheckResult] = [], goldenUpdated: [String] = [], notes: [String] = [], seconds: Double = 0,
    skipped: String? = nil
  ) {
    self.file = file
    self.checks = checks
    self.goldenUpdated = goldenUpdated
    self.notes = notes
    self.seconds = seconds
    self.skipped = skipped
  }

  /// Whether every check passed (a skipped scenario made none, so it did not fail).
  public var passed: Bool { checks.allSatisfy(\.passed) }

  /// The readable report: one line for a pass, every difference for a failure.
  public func report(verbose: Bool = false) -> String {
    if let skipped { return "SKIP \(file)  (\(skipped))" }
    let failed = checks.filter { !$0.passed }
    var lines = ["\(passed ? "PASS" : "FAIL") \(file)  (\(checks.count - failed.count) of \(checks.count) checks passed)"]
    for check in checks where verbose || !check.passed { lines.append(check.report(indent: "  ")) }
    lines += goldenUpdated.map { "  updated golden \($0)" }
    lines += notes.map { "  note: \($0)" }
    if let keptOutputs { lines.append("  outputs kept in \(keptOutputs)") }
    return lines.joined(separator: "\n")
  }
}
