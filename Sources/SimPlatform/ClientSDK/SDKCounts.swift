import SimJSON
import SimModel

/// What the client SDK did in a run: the `sdk` object of `summary.json`.
public struct SDKCounts: Sendable, Equatable, CounterGroup {
  /// Installs whose SDK registered, and the activities it saw.
  public var registrations = 0, activities = 0
  /// Requests to the conversion model, and how they were answered.
  public var requests = 0, answersWithValue = 0, answersNothingNew = 0, refused = 0
  /// Requests with no usable answer, by cause.
  public var timeouts = 0, httpErrors = 0, unreachable = 0, malformed = 0
  /// Values the SDK passed to the platform, and those it kept back: out of range by its own
  /// validation, not higher (before 4.0), its window locked, fine values after its window 1.
  public var applied = 0, rejectedByValidation = 0, droppedNotHigher = 0, droppedWindowLocked = 0
  public var fineDroppedAfterFirstWindow = 0
  /// SDKs that stopped measuring: past their last window, or their value timer (before 4.0).
  public var stopped = 0
  /// Lint findings by kind, in ``SDKLintFinding/Kind`` order.
  public var lint = Array(repeating: 0, count: SDKLintFinding.Kind.allCases.count)

  /// The count of findings of `kind`.
  public func findings(_ kind: SDKLintFinding.Kind) -> Int { lint[SDKLintFinding.Kind.allCases.firstIndex(of: kind)!] }

  /// Counts a finding.
  package mutating func count(_ kind: SDKLintFinding.Kind) { lint[SDKLintFinding.Kind.allCases.firstIndex(of: kind)!] += 1 }

  /// All findings.
  public var totalFindings: Int { lint.reduce(0, +) }

  /// Every count: its name in shard files, its place in the `sdk` object, where it is stored.
  public static var counters: [Counter<SDKCounts>] {
    [
      Counter("registrations", json: "registrations", at: \.registrations),
      Counter("activities", json: "activities", at: \.activities),
      Counter("requests", json: "requests", "total", at: \.requests),
      Counter("answersWithValue", json: "requests", "withValue", at: \.answersWithValue),
      Counter("answersNothingNew", json: "requests", "nothingNew", at: \.answersNothingNew),
      Counter("refused", json: "requests", "refused", at: \.refused),
      Counter("timeouts", json: "requests", "timeouts", at: \.timeouts),
      Counter("httpErrors", json: "requests", "httpErrors", at: \.httpErrors),
      Counter("unreachable", json: "requests", "unreachable", at: \.unreachable),
      Counter("malformed", json: "requests", "malformed", at: \.malformed),
      Counter("applied", json: "values", "applied", at: \.applied),
      Counter("rejectedByValidation", json: "values", "rejectedByValidation", at: \.rejectedByValidation),
      Counter("droppedNotHigher", json: "values", "droppedNotHigher", at: \.droppedNotHigher),
      Counter("droppedWindowLocked", json: "values", "droppedWindowLocked", at: \.droppedWindowLocked),
      Counter("fineDroppedAfterFirstWindow", json: "values", "fineDroppedAfterFirstWindow", at: \.fineDroppedAfterFirstWindow),
      Counter("stopped", json: "stopped", at: \.stopped),
    ] + SDKLintFinding.Kind.allCases.indices.map { index in
      let kind = SDKLintFinding.Kind.allCases[index].rawValue
      return Counter("lint.\(kind)", json: "lint", kind, at: \SDKCounts.lint[index])
    }
  }

  /// The `sdk` object of `summary.json`.
  package var json: JSONValue {
    var object = countersJSON
    object.insert(.int(Int64(totalFindings)), at: ["lint", "total"])
    return object
  }

  /// Each stored property as given; other targets of the package build it too.
  package init() {
  }
}
