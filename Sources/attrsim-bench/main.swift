import AttributionSim
import Foundation

// Benchmark: a sample scenario (the quickstart by default) scaled to a million users through
// its whole lifecycle, timed with the wall clock and the process's CPU time (read here, in the
// benchmark, never in simulation code). Build and run in release mode:
//   swift run -c release attrsim-bench --help

let usage = """
  usage: attrsim-bench [--users N] [--scenario NAME|PATH] [--write DIR] [--jobs N]
                       [--impression-check tampered-only|cryptographic|flag] [--no-receive]
                       [--compare [--simpy PATH]] [--crypto] [--all] [--list]
         attrsim-bench --make-event-log N FILE | --event-log FILE [--digest]
         attrsim-bench --privacy-coverage [--seeds N] [--simulations N] [--runs N] [--replicates N] [--only TEXT] [--jobs N]

    --users N            cohort users, the scenario's cohorts scaled in proportion (default 1,000,000)
    --scenario NAME      a sample in Scenarios/ by name (see --list), or a scenario file's path
    --write DIR          write the outputs into DIR (otherwise they are discarded)
    --jobs N             threads simulating users side by side (default 1)
    --impression-check   how devices check ad signatures (default: the scenario's)
    --no-receive         skip the receivers (verifying, deduplicating, decoding postbacks)
    --compare            also measure the heap floor for the same event count and the SimPy
                         reference (python3 SIMPY 30000), and print the ratios
    --simpy PATH         the SimPy reference (default ../shared/bench/simpy_skan4.py)
    --crypto             microseconds per ECDSA operation as runs use them, against openssl speed
    --all                run every sample in Scenarios/ in turn, each in its own process
    --list               print the sample names --scenario takes
    --make-event-log N FILE  write a synthetic GA4 BigQuery export of N events (seed 38) to FILE
    --event-log FILE     load a GA4 export into users; print rows per second and peak memory
                         (--digest: and a digest of the users and report, to compare builds)
    --privacy-coverage   the privacy fit's recovery study: each setting's thresholds and crowd period
                         fitted from N seeds' postbacks (--seeds, default 20) against each world
                         simulated N times (--simulations, default 4; --runs and --replicates as
                         attrsim privacy fit's, default 8 and 200); prints a Markdown table of
                         coverage and widths, exits 1 when a coverage is under 90 % or widths do not
                         narrow as data grows; --only TEXT: just the settings whose name holds TEXT
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("attrsim-bench: \(message)\n".utf8))
  exit(64)
}

/// The sample scenarios: every `Scenarios/*.json`, by name.
func samples() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: "Scenarios")) ?? []
  return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}

var users = 1_000_000
var usersGiven = false
var scenarioPath = "Scenarios/quickstart.json"
var writeDirectory: String?
var impressionCheck: SigningSettings.ImpressionCheck?
var receive = true
var jobs = 1
var compare = false
var simPyScript = "../shared/bench/simpy_skan4.py"
var crypto = false
var all = false
var privacyCoverage = false
var seeds = 20
var simulations: Int?
var fitRuns: Int?
var onlySettings: String?
var fitReplicates: Int?
var arguments = CommandLine.arguments.dropFirst()

/// `text`, the word after `option`, as a positive number.
func positiveNumber(_ text: String?, for option: String) -> Int {
  guard let value = text.flatMap(Int.init), value > 0 else { fail("\(option) needs a positive number") }
  return value
}

while let argument = arguments.popFirst() {
  switch argument {
  case "--users":
    users = positiveNumber(arguments.popFirst(), for: "--users")
    usersGiven = true
  case "--scenario":
    guard let value = arguments.popFirst() else { fail("--scenario needs a sample name or a path") }
    scenarioPath = value.hasSuffix(".json") || value.contains("/") ? value : "Scenarios/\(value).json"
    guard FileManager.default.fileExists(atPath: scenarioPath) else {
      fail("no scenario '\(value)': give a path, or one of \(samples().joined(separator: ", ")) (run from the package's folder)")
    }
  case "--write":
    guard let value = arguments.popFirst() else { fail("--write needs a folder") }
    writeDirectory = value
  case "--jobs":
    jobs = positiveNumber(arguments.popFirst(), for: "--jobs")
  case "--impression-check":
    guard let value = arguments.popFirst().flatMap(SigningSettings.ImpressionCheck.init) else {
      let modes = SigningSettings.ImpressionCheck.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      fail("--impression-check needs one of \(modes)")
    }
    impressionCheck = value
  case "--no-receive":
    receive = false
  case "--compare":
    compare = true
  case "--simpy":
    guard let value = arguments.popFirst() else { fail("--simpy needs the path of simpy_skan4.py") }
    simPyScript = value
  case "--crypto":
    crypto = true
  case "--all":
    all = true
  case "--list":
    print(samples().joined(separator: "\n"))
    exit(0)
  case "--make-event-log":
    guard let count = arguments.popFirst().flatMap(Int.init), count > 0, let path = arguments.popFirst() else {
      fail("--make-event-log needs a positive number of events and a file")
    }
    do { try EventLogBench.make(events: count, path: path) } catch { fail("cannot write \(path): \(error)") }
    exit(0)
  case "--event-log":
    guard let path = arguments.popFirst() else { fail("--event-log needs a GA4 export file") }
    EventLogBench.load(path: path, digest: arguments.first == "--digest")
    exit(0)
  case "--privacy-coverage":
    privacyCoverage = true
  case "--seeds":
    seeds = positiveNumber(arguments.popFirst(), for: "--seeds")
  case "--simulations":
    simulations = positiveNumber(arguments.popFirst(), for: "--simulations")
  case "--only":
    guard let value = arguments.popFirst() else { fail("--only needs text a setting's name holds") }
    onlySettings = value
  case "--runs":
    fitRuns = positiveNumber(arguments.popFirst(), for: "--runs")
  case "--replicates":
    guard let value = arguments.popFirst().flatMap(Int.init), value >= 20 else { fail("--replicates needs a number of 20 or more") }
    fitReplicates = value
  case "-h", "--help":
    print(usage)
    exit(0)
  default:
    fail("unknown argument '\(argument)'\n\(usage)")
  }
}

if privacyCoverage {
  exit(PrivacyCoverageBench.run(seeds: seeds, simulations: simulations, jobs: jobs, runs: fitRuns, replicates: fitReplicates, only: onlySettings) ? 0 : 1)
}

if all {
  // Each sample in a process of its own, so each peak memory is its own.
  var passed = CommandLine.arguments.dropFirst().filter { $0 != "--all" }
  if let index = passed.firstIndex(of: "--scenario") { passed.removeSubrange(index...index + 1) }
  if !usersGiven { passed += ["--users", "100000"] }
  for name in samples() {
    print("== \(name)")
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--scenario", name] + passed
    do {
      try child.run()
      child.waitUntilExit()
    } catch {
      fail("cannot run \(CommandLine.arguments[0]): \(error)")
    }
    print("")
  }
  exit(0)
}

var scenario: Scenario
do {
  scenario = try ScenarioLoader.load(path: scenarioPath, limits: .large)
} catch {
  fail(error.description)
}
// Scale every cohort in proportion so the world keeps its shape.
let cohortTotal = scenario.cohorts.reduce(0) { $0 + $1.count }
guard cohortTotal > 0 else { fail("\(scenarioPath) has no cohort users to scale") }
var assigned = 0
for index in scenario.cohorts.indices {
  let share = index == scenario.cohorts.count - 1
    ? users - assigned : users * scenario.cohorts[index].count / cohortTotal
  scenario.cohorts[index].count = share
  assigned += share
}
if let impressionCheck { scenario.signing.impressionCheck = impressionCheck }

if crypto {
  let count = 4_000
  let ours = CryptoCost.measure(scenario: scenario, count: count)
  print(String(format: "ECDSA P-256, this build (CPU µs per operation, %d each):", count))
  print(String(format: "  postback signature (seeded signer)        %6.1f µs", ours.sign))
  print(String(format: "  verification                              %6.1f µs", ours.verify))
  print(String(format: "  impression signed and checked (4.0 ad)    %6.1f µs", ours.impression))
  switch ComparisonRuns.opensslSpeed() {
  case .success(let raw):
    print(String(format: "openssl speed ecdsap256: sign %.1f µs, verify %.1f µs", raw.sign, raw.verify))
    print(
      String(
        format: "ratios to openssl: sign %.2f×, verify %.2f×, impression %.2f× (against sign + verify)",
        ours.sign / raw.sign, ours.verify / raw.verify, ours.impression / (raw.sign + raw.verify)))
  case .failure(let failure):
    print("openssl speed: not measured (\(failure))")
  }
  exit(0)
}

let measured = timed { () -> RunSummary in
  if let writeDirectory {
    do {
      var writer = try RunDirectoryWriter(directory: URL(fileURLWithPath: writeDirectory), scenario: scenario)
      let summary = ScenarioRunner.run(scenario, sink: &writer, receive: receive, jobs: jobs)
      try writer.commit(summary, scenario: scenario)
      return summary
    } catch {
      fail("cannot write \(writeDirectory): \(error)")
    }
  }
  var sink = DiscardingSink()
  return ScenarioRunner.run(scenario, sink: &sink, receive: receive, jobs: jobs)
}
let summary = measured.result
let peakMiB = Double(ProcessCost.now().peakBytes) / 1_048_576

let postbacks = summary.postbacks.joined().reduce(0, +)
func perSecond(_ count: Int, _ seconds: Double) -> String { grouped(Int((Double(count) / seconds).rounded())) }
let lanes = LaneRun.lanes(for: scenario, jobs: jobs)
print(
  "scenario:          \(scenario.name) scaled to \(grouped(summary.users)) users "
    + "(\(writeDirectory == nil ? "outputs discarded" : "outputs written"); \(lanes) job\(lanes == 1 ? "" : "s"))")
print("installs:          \(grouped(summary.installs)) (\(grouped(summary.attributedInstalls)) attributed), \(grouped(postbacks)) postbacks")
print(
  "impressions:       \(grouped(summary.views + summary.clicks)) recorded, \(grouped(summary.impressionsBadSignature)) bad signatures "
    + "(check: \(scenario.signing.impressionCheck.rawValue)); receivers: \(receive ? "on" : "off")")
if summary.hasAppleAds {
  let appleAds = summary.appleAds
  print("AdServices:        \(grouped(appleAds.tokensRequested)) tokens, \(grouped(appleAds.calls)) calls, \(grouped(appleAds.records)) records")
}
print("events processed:  \(grouped(summary.eventsProcessed))")
print(String(format: "wall time:         %.3f s", measured.wall))
print(String(format: "CPU time:          %.3f s (user + system, all threads; %.2f cores busy)", measured.cpu, measured.cpu / measured.wall))
print("events per second: \(perSecond(summary.eventsProcessed, measured.wall)) (wall), \(perSecond(summary.eventsProcessed, measured.cpu)) per CPU second")
print("users per second:  \(perSecond(summary.users, measured.wall)) (wall), \(perSecond(summary.users, measured.cpu)) per CPU second")
print(String(format: "peak memory:       %.1f MiB", peakMiB))

if compare {
  let floor = timed { HeapFloor.run(events: summary.eventsProcessed) }
  print(
    String(
      format: "heap floor:        %@ events pushed and popped by a bare binary heap in %.3f s CPU; this run's CPU time is %.1f× that",
      grouped(summary.eventsProcessed), floor.cpu, measured.cpu / floor.cpu))
  let simPyUsers = 30_000
  switch ComparisonRuns.simPy(script: simPyScript, users: simPyUsers) {
  case .success(let reference):
    let rate = Double(reference.users) / reference.seconds
    let ours = Double(summary.users) / measured.wall
    print(
      String(
        format: "SimPy reference:   %@ users in %.2f s, %@ users/s; this run %.1f× that (wall)",
        grouped(reference.users), reference.seconds, grouped(Int(rate.rounded())), ours / rate))
  case .failure(let failure):
    print("SimPy reference:   not measured (\(failure))")
  }
}
