import SimJSON
import SimModel

/// What the client SDK did in a run: the `sdk` object of `summary.json`.
public struct SDKCounts: Sendable, Equatable {
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

  /// The plain counts, by name: what shards write and merging adds up.
  package static var counts: [(name: String, path: WritableKeyPath<SDKCounts, Int>)] {
    [
      ("registrations", \.registrations), ("activities", \.activities), ("requests", \.requests),
      ("answersWithValue", \.answersWithValue), ("answersNothingNew", \.answersNothingNew), ("refused", \.refused),
      ("timeouts", \.timeouts), ("httpErrors", \.httpErrors), ("unreachable", \.unreachable),
      ("malformed", \.malformed), ("applied", \.applied), ("rejectedByValidation", \.rejectedByValidation),
      ("droppedNotHigher", \.droppedNotHigher), ("droppedWindowLocked", \.droppedWindowLocked),
      ("fineDroppedAfterFirstWindow", \.fineDroppedAfterFirstWindow), ("stopped", \.stopped),
    ] + SDKLintFinding.Kind.allCases.indices.map { index in
      (name: "lint.\(SDKLintFinding.Kind.allCases[index].rawValue)", path: \SDKCounts.lint[index])
    }
  }

  /// The `sdk` object of `summary.json`.
  package var json: JSONValue {
    func count(_ value: Int) -> JSONValue { .int(Int64(value)) }
    return .object([
      "registrations": count(registrations), "activities": count(activities),
      "requests": .object([
        "total": count(requests), "withValue": count(answersWithValue), "nothingNew": count(answersNothingNew),
        "refused": count(refused), "timeouts": count(timeouts), "httpErrors": count(httpErrors),
        "unreachable": count(unreachable), "malformed": count(malformed),
      ]),
      "values": .object([
        "applied": count(applied), "rejectedByValidation": count(rejectedByValidation),
        "droppedNotHigher": count(droppedNotHigher), "droppedWindowLocked": count(droppedWindowLocked),
        "fineDroppedAfterFirstWindow": count(fineDroppedAfterFirstWindow),
      ]),
      "stopped": count(stopped),
      "lint": .object(
        Dictionary(uniqueKeysWithValues: SDKLintFinding.Kind.allCases.map { ($0.rawValue, count(findings($0))) })
          .merging(["total": count(totalFindings)]) { first, _ in first }),
    ])
  }

  /// Each stored property as given; other targets of the package build it too.
  package init() {
  }
}
