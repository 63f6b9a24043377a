import SimJSON
import SimPlatform

/// The crowd-anonymity decisions for one conversion: its own and each non-winning network's.
package struct ConversionTiers: Sendable {
  /// The winning network's decision.
  package var winner: TierDecision
  /// Each non-winning network's decision, best first.
  package var runnerUps: [TierDecision]

  /// `conversions.jsonl`'s object for the conversion with the decisions filled in: its tier and
  /// digits, each runner-up's tier, and no postback for a window its tier withholds (§6).
  package func applied(to record: JSONValue, truncatesSourceIdentifier: Bool) -> JSONValue {
    guard case .object(var object) = record else { return record }
    object["tier"] = .int(Int64(winner.tier))
    object["sourceIdentifierDigits"] = truncatesSourceIdentifier ? .int(Int64(winner.sourceIdentifierDigits)) : .null
    if case .array(let list) = object["runnerUps"] {
      object["runnerUps"] = .array(
        zip(list, runnerUps).map { entry, decision in
          guard case .object(var runnerUp) = entry else { return entry }
          runnerUp["tier"] = .int(Int64(decision.tier))
          return .object(runnerUp)
        })
    }
    if case .array(var windows) = object["windows"] {
      for index in windows.indices where !TierAllowance.sends(sequenceIndex: index, tier: winner) {
        guard case .object(var window) = windows[index] else { continue }
        window["postback"] = .null
        windows[index] = .object(window)
      }
      object["windows"] = .array(windows)
    }
    return .object(object)
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(winner: TierDecision, runnerUps: [TierDecision]) {
    self.winner = winner
    self.runnerUps = runnerUps
  }
}
