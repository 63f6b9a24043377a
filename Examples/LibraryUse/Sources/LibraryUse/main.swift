import AttributionSim
import Foundation
import SimJSON

// Loads a scenario from Swift, runs it in memory and checks the postbacks Alice's device sends.
// Exits 1, naming each failed check, when the library's behaviour changes.

let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("one-click.json").path
let scenario: Scenario
do {
  scenario = try ScenarioLoader.load(path: path)
} catch {
  error.diagnostics.forEach { printError($0.description) }
  exit(1)
}
let (summary, outputs) = ScenarioRunner.collect(scenario)

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { failures.append(message()) }
}

let toNetwork = outputs.postbacks.filter { $0.user == "alice" && $0.recipient == .adNetwork }
// SKAdNetwork 4.0: one postback per conversion window, sequence indices 0, 1, 2.
check(toNetwork.map(\.sequenceIndex) == [0, 1, 2], "sequence indices \(toNetwork.map(\.sequenceIndex)), expected [0, 1, 2]")
check(toNetwork.allSatisfy(\.didWin), "every postback should be the winning network's")
// Payloads are SimJSON's JSONValue, which the SimJSON product lets a package name.
let firstPayload: JSONValue? = toNetwork.first?.payload
if case .object(let first)? = firstPayload {
  check(first["conversion-value"] == 9, "first window's conversion-value \(String(describing: first["conversion-value"])), expected 9")
  check(first["source-identifier"] == "5211", "source-identifier \(String(describing: first["source-identifier"])), expected \"5211\" at tier 3")
  check(first["ad-network-id"] == "alpha1234.skadnetwork", "ad-network-id \(String(describing: first["ad-network-id"]))")
  check(first["app-id"] == 1234567890, "app-id \(String(describing: first["app-id"]))")
  let coarse = toNetwork.dropFirst().compactMap { postback in
    if case .object(let fields) = postback.payload, case .string(let value)? = fields["coarse-conversion-value"] { return value }
    return nil
  }
  check(coarse == ["high", "low"], "later windows' coarse values \(coarse), expected [high, low]")
} else {
  failures.append("no postback to the ad network")
}
check(summary.attributedInstalls == 1, "attributed installs \(summary.attributedInstalls), expected 1")

// Same scenario and seed, byte-identical payloads.
let again = ScenarioRunner.collect(scenario).outputs.postbacks.map { $0.payload.serialized() }
check(again == outputs.postbacks.map { $0.payload.serialized() }, "a second run sent different payloads")

if failures.isEmpty {
  print("LibraryUse: \(toNetwork.count) postbacks to alpha1234.skadnetwork as expected")
} else {
  failures.forEach { printError("LibraryUse: \($0)") }
  exit(1)
}

/// Writes one line to standard error.
func printError(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
