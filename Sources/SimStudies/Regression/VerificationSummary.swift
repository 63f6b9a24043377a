import Foundation
import SimJSON

/// The machine-readable summary `attrsim verify --format json` prints for other tools.
public enum VerificationSummary {
  /// One JSON object: counts of scenarios passed, failed and skipped, and one entry per scenario
  /// with its file, status, seconds, number of checks and the failed checks with their problems.
  public static func json(_ results: [VerificationResult]) -> JSONValue {
    let verified = results.filter { $0.skipped == nil }
    let failed = verified.filter { !$0.passed }.count
    return .object([
      "passed": .int(Int64(verified.count - failed)),
      "failed": .int(Int64(failed)),
      "skipped": .int(Int64(results.count - verified.count)),
      "seconds": seconds(results.reduce(0) { $0 + $1.seconds }),
      "scenarios": .array(results.map(scenario)),
    ])
  }

  private static func scenario(_ result: VerificationResult) -> JSONValue {
    var entry: [String: JSONValue] = [
      "file": .string(result.file),
      "status": .string(result.skipped != nil ? "skipped" : result.passed ? "passed" : "failed"),
      "passed": .bool(result.skipped == nil && result.passed),
      "seconds": seconds(result.seconds),
      "checks": .int(Int64(result.checks.count)),
      "failedChecks": .array(
        result.checks.filter { !$0.passed }.map { check in
          var failure: [String: JSONValue] = [
            "name": .string(check.name), "problems": .array(check.problems.map(JSONValue.string)),
            "seconds": seconds(check.seconds),
          ]
          if let origin = check.origin { failure["origin"] = .string(origin) }
          return .object(failure)
        }),
    ]
    if let reason = result.skipped { entry["skipReason"] = .string(reason) }
    if let kept = result.keptOutputs { entry["keptOutputs"] = .string(kept) }
    if !result.notes.isEmpty { entry["notes"] = .array(result.notes.map(JSONValue.string)) }
    if !result.goldenUpdated.isEmpty { entry["goldenUpdated"] = .array(result.goldenUpdated.map(JSONValue.string)) }
    return .object(entry)
  }

  /// Seconds rounded to the millisecond, as in the JUnit report.
  private static func seconds(_ value: Double) -> JSONValue { .double((value * 1000).rounded() / 1000) }
}
