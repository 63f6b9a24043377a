import AttributionSim
import Foundation

// Benchmark: the quickstart world scaled to a million users through the full SKAdNetwork 4
// lifecycle (impressions, installs, launches, updates, three windows, postbacks).
// Build and run in release mode:
//   swift run -c release attrsim-bench [--users N] [--scenario PATH] [--write DIR]
//     [--impression-check cryptographic|flag] [--no-receive]
// Wall-clock time is read here, in the benchmark, never in simulation code.

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("attrsim-bench: \(message)\n".utf8))
  exit(64)
}

var users = 1_000_000
var scenarioPath = "Scenarios/quickstart.json"
var writeDirectory: String?
var impressionCheck: SigningSettings.ImpressionCheck?
var receive = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--users":
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail("--users needs a positive number") }
    users = value
  case "--scenario":
    guard let value = arguments.popFirst() else { fail("--scenario needs a path") }
    scenarioPath = value
  case "--write":
    guard let value = arguments.popFirst() else { fail("--write needs a folder") }
    writeDirectory = value
  case "--impression-check":
    guard let value = arguments.popFirst().flatMap(SigningSettings.ImpressionCheck.init) else {
      fail("--impression-check needs 'cryptographic' or 'flag'")
    }
    impressionCheck = value
  case "--no-receive":
    receive = false
  case "-h", "--help":
    print("usage: attrsim-bench [--users N] [--scenario PATH] [--write DIR] [--impression-check cryptographic|flag] [--no-receive]")
    exit(0)
  default:
    fail("unknown argument '\(argument)'")
}
}

var scenario: Scenario
do {
  scenario = try ScenarioLoader.load(path: scenarioPath)
} catch {
  fail(error.description)
}
// Scale every cohort in proportion so the world keeps its shape.
let cohortTotal = scenario.cohorts.reduce(0) { $0 + $1.count }
guard cohortTotal > 0 else { fail("the scenario has no cohort users to scale") }
var assigned = 0
for index in scenario.cohorts.indices {
  let share = index == scenario.cohorts.count - 1
    ? users - assigned : users * scenario.cohorts[index].count / cohortTotal
  scenario.cohorts[index].count = share
  assigned += share
}

if let impressionCheck { scenario.signing.impressionCheck = impressionCheck }

let clock = ContinuousClock()
let start = clock.now
let summary: RunSummary
if let writeDirectory {
  var writer = try RunDirectoryWriter(directory: URL(fileURLWithPath: writeDirectory), scenario: scenario)
  summary = ScenarioRunner.run(scenario, sink: &writer, receive: receive)
  try writer.commit(summary, scenario: scenario)
} else {
  var sink = DiscardingSink()
  summary = ScenarioRunner.run(scenario, sink: &sink, receive: receive)
}
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let peakMiB = Double(usage.ru_maxrss) / 1024  // Linux reports kilobytes

let postbacks = summary.postbacks.joined().reduce(0, +)
func rate(_ count: Int) -> String { String(format: "%.2f M/s", Double(count) / seconds / 1e6) }
print("scenario:          \(scenario.name) scaled to \(summary.users) users (\(writeDirectory == nil ? "outputs discarded" : "outputs written"))")
print("installs:          \(summary.installs) (\(summary.attributedInstalls) attributed), \(postbacks) postbacks")
print("impressions:       \(summary.views + summary.clicks) recorded, \(summary.impressionsBadSignature) bad signatures (check: \(scenario.signing.impressionCheck.rawValue)); receivers: \(receive ? "on" : "off")")
if summary.hasAppleAds {
  let appleAds = summary.appleAds
  print("AdServices:        \(appleAds.tokensRequested) tokens, \(appleAds.calls) calls, \(appleAds.records) records")
}
print("events processed:  \(summary.eventsProcessed)")
print(String(format: "wall time:         %.3f s", seconds))
print("events per second: \(rate(summary.eventsProcessed))")
print("users per second:  \(rate(summary.users))")
print(String(format: "peak memory:       %.1f MiB", peakMiB))
