import AttributionSim
import CommandLineKit
import Foundation
import SimJSON
import SimOutput

/// `attrsim privacy fit SCENARIO --postbacks FILE… [--out DIR] [--runs N] [--replicates N]
/// [--seed N] [--jobs N]`: fits the crowd model's thresholds and crowd period to postbacks a
/// network received, with the scenario run in the loop (issue 39).
struct PrivacyFitCommand: DeclaredCommand {
  @Argument(
    name: "scenario", help: "The scenario the fitter knows: campaigns, publishers, countries, volumes (JSON or JSON5).",
    parsing: .inputPath)
  var path: String
  @Option(
    name: "postbacks", valueName: "file",
    help: "Postbacks received: a run's postbacks.jsonl, JSON lines, a JSON array or one body (repeat for more files).",
    parsing: .inputPath)
  var postbackPaths: [String]
  @Option(
    name: "observations", valueName: "file",
    help: "Aggregate evidence: a CSV table of installsPerDay and the shares of postbacks showing no value (null), a coarse or fine value or the publisher, with optional postbacks counts.",
    parsing: .inputPath)
  var observationsPath: String?
  @Option(
    name: "volumes", valueName: "file",
    help: "The fitter's own installs per day: a CSV table of date, network, campaign and installs; cells are then judged at their campaign's installs the day before.",
    parsing: .inputPath)
  var volumesPath: String?
  @Option(
    name: "periods", valueName: "days",
    help: "Crowd periods to try, in whole days, comma-separated (one fixes the period). (default: 1,2,3,4,5,7)",
    parsing: .dayList)
  var periods: [Int]?
  @Option(
    name: "out", short: "o", valueName: "dir", help: "The folder to write fit.json, privacy.json5 and tiers.svg into.",
    defaultDescription: "Reports/<scenario-name>-privacy-fit", parsing: .outputPath)
  var out: String?
  @Option(name: "runs", valueName: "n", help: "Simulated runs, each sizing every crowd period tried. (default: 10, fewer above 200,000 postbacks, at least 3)", parsing: .integer(in: 1...100))
  var runs: Int?
  @Option(
    name: "replicates", valueName: "n", help: "Bootstrap replicates for the intervals. (default: 200)",
    parsing: .integer(in: 20...100_000))
  var replicates: Int?
  @Option(
    name: "seed", valueName: "n", help: "Seed the runs and the bootstrap. (default: 39)", parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Threads each run simulates on; the result is the same whatever the number.",
    parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "fit", abstract: "Fit the crowd-anonymity thresholds and crowd period to received postbacks.",
    discussion: """
      Reads the winning first postbacks in the --postbacks files (SKAdNetwork 2.2 to 4.0 bodies, \
      AdAttributionKit JWS bodies), what each shows of its tier (a publisher, a fine or a \
      coarse value), and groups them by network, campaign (two digits of the source \
      identifier, or the campaign id) and day of receipt (when the file gives times, as \
      postbacks.jsonl does). Then runs the scenario --runs times for each crowd period tried \
      (--periods, by default 1, 2, 3, 4, 5 and 7 days), keeping each simulated postback's crowd sizes, and finds the \
      thresholds under which the simulated postbacks show what the received ones did. Writes \
      fit.json (each threshold and the crowd period with a 95 % cluster-bootstrap interval, or \
      why the evidence cannot tell, and the goodness of fit), privacy.json5 (a 'privacy' \
      block to paste into the scenario) and tiers.svg (observed against fitted tier shares by \
      cell size). --observations adds aggregate figures: shares of postbacks by installs per \
      day. Docs/privacy-fit.md explains the method.
      """)

  func run() -> ExitStatus {
    guard !postbackPaths.isEmpty || observationsPath != nil else {
      Console.error("error: give the evidence to fit: postbacks with --postbacks FILE, or aggregate figures with --observations FILE")
      return .usage
    }
    let scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: largeWork.limits, permissions: permissions, seed: nil) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    // The fit takes minutes: an output folder that cannot be made is refused before it.
    let target = out ?? "Reports/\(scenario.name)-privacy-fit"
    if let obstacle = FileProblem.fileInTheWay(of: target) {
      Console.error("error: cannot create output folder '\(target)': \(obstacle); nothing was fitted")
      return .ioError
    }
    let folder = URL(fileURLWithPath: target)
    var failed = ExitStatus.success
    var readings: [(reading: TierReading, day: Int?)] = []
    var skipped = 0
    for file in postbackPaths {
      // A million postbacks take most of a minute to read: say so before.
      Console.error("privacy fit: reading \(file)")
      guard let entries = InputText.postbacks(file, failed: &failed) else { return failed }
      for entry in entries where entry.recipient != "developer" {
        let place = entry.place(in: file)
        let body: JSONValue
        switch entry.body {
        case .success(let value): body = value
        case .failure(let error):
          Console.error("\(place): error: not JSON (\(error.message)); expected a postback body")
          return .dataError
        }
        switch TierReading.read(body) {
        case .success(let reading):
          guard reading.appId == scenario.app.appId else {
            Console.error(
              "\(place): error: the postback is for app \(reading.appId), the scenario's app is \(scenario.app.appId): "
                + "fit postbacks of the app the scenario describes")
            return .dataError
          }
          let day = entry.time.flatMap(Epoch.init(iso8601:)).map { CrowdCell.day(ofUnixMilliseconds: $0.unixMilliseconds) }
          readings.append((reading, day))
        case .failure(.notWinningFirst): skipped += 1
        case .failure(.notPostback(let why)):
          Console.error("\(place): error: not a postback body: \(why)")
          return .dataError
        }
      }
    }
    if !postbackPaths.isEmpty, readings.isEmpty {
      Console.error("error: no winning first postback in \(postbackPaths.joined(separator: ", ")): nothing to fit")
      return .dataError
    }
    let tiered = scenario.platform.version >= .v4_0
    if let other = readings.first(where: { $0.reading.tiered != tiered }) {
      Console.error(
        "error: the postbacks include version \(other.reading.version), the scenario's framework is "
          + "\(tiered ? "4.0 or AdAttributionKit (with tiers)" : "SKAdNetwork \(scenario.platform.version.rawValue) (without tiers)")"
          + ": fit postbacks of the framework the scenario describes, versions with and without tiers apart")
      return .dataError
    }
    var observations: [TierObservation] = []
    if let observationsPath {
      guard let text = InputText.read(observationsPath, what: "observations", failed: &failed) else { return failed }
      do {
        observations = try TierObservationsReader.read(text, file: observationsPath, tiered: tiered)
      } catch {
        Console.error(error.description)
        return .dataError
      }
    }
    // Cells by day only when every postback has a time: a mix would split one campaign's crowd.
    let days = readings.allSatisfy { $0.day != nil }
    if !observations.isEmpty, !days {
      Console.error(
        "error: observations are by installs per day, and some postbacks have no time to put them on a day: "
          + "give postbacks.jsonl lines (with times) or fit the observations alone")
      return .dataError
    }
    var evidence = TierEvidence(tiered: tiered)
    for (reading, day) in readings {
      evidence.add(reading.signs, in: CrowdCell(network: reading.network, campaign: reading.campaign, day: days ? day : nil))
    }
    if let volumesPath {
      guard !readings.isEmpty else {
        Console.error("error: volumes size cells of postbacks, and there are none: give the postbacks with --postbacks FILE")
        return .usage
      }
      guard days else {
        Console.error(
          "error: volumes are by day, and some postbacks have no time to put them on a day: give postbacks.jsonl lines (with times)")
        return .dataError
      }
      guard let text = InputText.read(volumesPath, what: "volumes", failed: &failed) else { return failed }
      do {
        let volumes = try InstallVolumesReader.read(text, file: volumesPath)
        try evidence.judge(by: volumes, scenario: scenario, file: volumesPath)
      } catch {
        Console.error(error.description)
        return .dataError
      }
    }
    for (row, observation) in observations.enumerated() { evidence.add(observation, row: row) }
    Console.error(
      "privacy fit: \(readings.count) winning first postbacks (\(skipped) others left out)"
        + (observations.isEmpty ? "" : " and \(observations.count) rows of observations")
        + " in \(evidence.cells.count) cells" + (days ? " by day" : " (no times: one cell per campaign)"))
    var settings = PrivacyFitStudy.Settings()
    settings.runs = runs ?? PrivacyFitStudy.Settings.runs(forPostbacks: evidence.postbacks)
    if let replicates { settings.replicates = replicates }
    if let seed { settings.seed = UInt64(seed) }
    if let periods { settings.periods = periods.map { SimDuration.days(Int64($0)) } }
    settings.jobs = jobs
    let result = PrivacyFitStudy.fit(scenario, evidence: evidence, days: days, settings: settings) { Console.error("privacy fit: \($0)") }
    if result.cells == 0 {
      Console.error(
        "error: the scenario never sends a postback in the cells the evidence falls into (networks, campaigns, days, "
          + "installs per day): describe the campaigns, volumes and dates it came from")
      return .dataError
    }
    do {
      try BufferedFile.write(
        [("fit.json", result.json.serialized(pretty: true) + "\n"), ("privacy.json5", result.fragment), ("tiers.svg", result.chart.svg())],
        into: folder)
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
    Console.out(Self.summary(result))
    Console.out("wrote \(folder.path)/fit.json, privacy.json5 and tiers.svg")
    return .success
  }

  /// The estimates as a few lines.
  static func summary(_ result: PrivacyFitResult) -> String {
    var lines: [String] = []
    for threshold in result.thresholds {
      let interval = "\(threshold.lower.map(String.init) ?? "…")–\(threshold.upper.map(String.init) ?? "…")"
      if let estimate = threshold.estimate {
        lines.append("tier \(threshold.tier) threshold  \(estimate) installs (95 % \(interval))")
      } else {
        lines.append("tier \(threshold.tier) threshold  not identified: \(threshold.unidentified ?? "")" + (threshold.lower ?? threshold.upper != nil ? " (bound \(interval))" : ""))
      }
    }
    lines.append("crowd period      \(result.period.estimate) (95 % \(result.period.lower)–\(result.period.upper))")
    let fit = result.goodnessOfFit
    lines.append(
      String(format: "goodness of fit   chi-square %.1f on %d degrees of freedom", fit.chiSquare, fit.degreesOfFreedom)
        + (fit.dispersion.map { String(format: ", dispersion %.2f (shared crowds)", $0) } ?? "")
        + String(format: ", p = %.3f", fit.pValue))
    if fit.pValue < 0.01 {
      // Seen at a million postbacks: one day at half the thresholds chosen over the two-day truth.
      lines.append(
        "warning           the fitted model does not describe the evidence (p < 0.01); the crowd period is the usual "
          + "cause (a day at half the thresholds mimics two days): fit each period alone (--periods N) and prefer the "
          + "smaller chi-square")
    }
    if result.unmatchedPostbacks > 0 {
      lines.append("left out          \(result.unmatchedPostbacks) postbacks in cells the scenario never simulates")
    }
    return lines.joined(separator: "\n")
  }
}
