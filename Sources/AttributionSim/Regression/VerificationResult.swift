/// What verifying one scenario file found: each check with its differences.
public struct VerificationResult: Sendable {
  /// The scenario file, as named.
  public var file: String
  /// Every check made, in order: expectations, figures, golden files.
  public var checks: [CheckResult]
  /// Golden files written because they were new or differed (with `updateGolden`).
  public var goldenUpdated: [String]
  /// Remarks that are not failures, e.g. that a scenario has nothing to check.
  public var notes: [String]

  /// A result with every part given.
  public init(file: String, checks: [CheckResult] = [], goldenUpdated: [String] = [], notes: [String] = []) {
    self.file = file
    self.checks = checks
    self.goldenUpdated = goldenUpdated
    self.notes = notes
  }

  /// Whether every check passed.
  public var passed: Bool { checks.allSatisfy(\.passed) }

  /// The readable report: one line for a pass, every difference for a failure.
  public func report(verbose: Bool = false) -> String {
    let failed = checks.filter { !$0.passed }
    var lines = ["\(passed ? "PASS" : "FAIL") \(file)  (\(checks.count - failed.count) of \(checks.count) checks passed)"]
    for check in checks where verbose || !check.passed { lines.append(check.report(indent: "  ")) }
    lines += goldenUpdated.map { "  updated golden \($0)" }
    lines += notes.map { "  note: \($0)" }
    return lines.joined(separator: "\n")
  }
}
