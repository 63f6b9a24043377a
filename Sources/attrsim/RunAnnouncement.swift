import AttributionSim
import Foundation

/// What `run` and the last `merge` print once a whole run's outputs are written.
enum RunAnnouncement {
  /// Prints what a finished run (whole or merged) did and wrote.
  static func announce(_ summary: RunSummary, scenario: Scenario, directory: URL, trace: Bool, eventLog: Bool = false, replicated: Bool = false
  ) {
    let winning = summary.postbacks.joined().reduce(0, +)
    let nonWinning = summary.nonWinningPostbacks > 0 ? " + \(summary.nonWinningPostbacks) non-winning" : ""
    Console.out(
      "\(scenario.name): \(summary.users) users, \(summary.installs) installs, "
        + "\(summary.attributedInstalls) attributed, \(winning) postbacks\(nonWinning) (seed \(scenario.seed))")
    if let received = summary.received, received.accepted != received.total {
      Console.error(
        "warning: receivers accepted \(received.accepted) of \(received.total) postbacks; see 'received' in summary.json")
    }
    let unanswered = summary.sdk.timeouts + summary.sdk.unreachable
    if summary.hasSDK, unanswered > 0 {
      // A dead model would otherwise pass unnoticed: the run goes on without its values.
      Console.error(
        "warning: \(unanswered) of \(summary.sdk.requests) requests to the SDK's conversion model got no answer "
          + "(\(summary.sdk.timeouts) timeouts, \(summary.sdk.unreachable) unreachable) and made no update; "
          + "see sdk-trace.jsonl")
    }
    let files = ["postbacks.jsonl", "conversions.jsonl", "summary.json", "keys.json"]
      + (summary.decoding != nil ? ["decoded.csv"] : []) + ["report.html", "report.md"] + (trace ? ["trace.jsonl"] : [])
      + (scenario.appleAds != nil ? ["adservices.jsonl"] : []) + (scenario.app.sdk != nil ? ["sdk-trace.jsonl"] : []) + (replicated ? ["replicates.json"] : [])
      + (eventLog ? ["events.csv"] : [])
    Console.out("wrote \(directory.relativePath)/{\(files.joined(separator: ","))}")
  }
}
