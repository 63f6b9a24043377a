import AttributionSim
import CommandLineKit
import Foundation
import SimJSON
import SimOutput

/// `attrsim fit SCENARIO [--cohort NAME] [--replicates N] [--seed N] [--out FILE]`: fits the
/// cohort behaviour model to a cohort's event log and writes the fitted cohorts as a scenario
/// fragment, with how well the fit reproduces the log.
struct FitCommand: DeclaredCommand {
  @Argument(name: "scenario", help: "The scenario file whose cohort has a 'log' (JSON or JSON5).", parsing: .inputPath)
  var path: String
  @Option(name: "cohort", valueName: "name", help: "The cohort whose log is fitted (needed when several have one).", parsing: .text)
  var cohortName: String?
  @Option(
    name: "replicates", valueName: "n", help: "Simulations of the fit, each of the log's users, that check it. (default: 20)",
    parsing: .integer(in: 2...1_000))
  var replicateCount: Int?
  @Option(
    name: "seed", valueName: "n", help: "Seed the check's simulations from this seed instead of the scenario's.",
    parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  @Option(
    name: "out", short: "o", valueName: "file",
    help: "Write the fragment to this file (JSON5) instead of standard output.", parsing: .outputPath)
  var outFile: String?
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "fit", abstract: "Fit the cohort behaviour model to a cohort's event log.",
    discussion: """
      Fits retention, sessions per active day, events per day with their counts and revenue, \
      and ad revenue per session to the users of the cohort's 'log', as a mixture of cohorts \
      by the day users first come back (each day of the horizon, or never). Writes them as a \
      scenario fragment: a 'cohorts' array to put in place of the logged cohort, each cohort \
      with the logged one's ad side. Then simulates the fit --replicates times, as many users \
      each as the log has, and prints the goodness of fit: retention by day, payer and \
      repeat-purchase shares and revenue per user by days 2, 7 and 35, observed with a 95 % \
      interval against the simulated 95 % range. Days no logged user was watched through are \
      extrapolated and marked.
      """)

  func run() -> ExitStatus {
    if let outFile, let obstacle = OutputFile(outFile).obstacle() {
      Console.error("error: \(obstacle.description); nothing was fitted")
      return .writing(obstacle)
    }
    let scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: largeWork.limits, permissions: permissions, seed: seed) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    let logged = scenario.cohorts.indices.filter { scenario.cohorts[$0].log != nil }
    let index: Int
    if let cohortName {
      guard let found = scenario.cohorts.firstIndex(where: { $0.name == cohortName }) else {
        Console.error("\(path): error: no cohort named '\(cohortName)' (cohorts: \(scenario.cohorts.map { "'\($0.name)'" }.joined(separator: ", ")))")
        return .dataError
      }
      guard scenario.cohorts[found].log != nil else {
        Console.error("\(path): error: cohort '\(cohortName)' has no 'log' to fit")
        return .dataError
      }
      index = found
    } else {
      guard logged.count == 1, let only = logged.first else {
        Console.error(
          logged.isEmpty
            ? "\(path): error: no cohort has a 'log' to fit (Docs/event-logs.md)"
            : "\(path): error: cohorts \(logged.map { "'\(scenario.cohorts[$0].name)'" }.joined(separator: ", ")) have logs: name one with --cohort")
        return .dataError
      }
      index = only
    }
    let replicates = replicateCount ?? 20
    let study = LogFitStudy(scenario: scenario, cohort: index, replicates: replicates, seed: scenario.seed)
    let text = fragment(study, scenario: scenario, index: index)
    let toFile = outFile.map { !OutputFile($0).isStandardOutput } ?? false
    if let outFile, toFile {
      do {
        try OutputFile(outFile).write(text)
      } catch {
        Console.error("error: \(error.description)")
        return .writing(error)
      }
    } else {
      Console.out(String(text.dropLast()))
    }
    let say = toFile ? Console.out : Console.error
    say(Self.table(study))
    if let outFile, toFile { Console.out("wrote \(outFile)") }
    return .success
  }

  /// The fitted cohorts as JSON5: the segments and the goodness of fit in comments, then `{ cohorts: [...] }`,
  /// each cohort the logged one's keys less `log`, with its segment's name, count and behaviour.
  private func fragment(_ study: LogFitStudy, scenario: Scenario, index: Int) -> String {
    let cohort = scenario.cohorts[index]
    var adSide: [String: JSONValue] = [:]
    if let text = try? String(contentsOfFile: path, encoding: .utf8), let node = try? JSONParser.parse(text),
      case .object(let members) = node.value, let cohorts = members.first(where: { $0.key == "cohorts" })?.value,
      case .array(let elements) = cohorts.value, elements.indices.contains(index), case .object(let keys) = elements[index].value
    {
      for member in keys where !["name", "count", "log"].contains(member.key) { adSide[member.key] = JSONValue(member.value) }
    }
    let counts = study.fit.cohorts(like: cohort, count: cohort.count).map(\.count)
    let cohorts = study.fit.segments.indices.map { segment -> JSONValue in
      var object = adSide
      object["name"] = .string("\(cohort.name)-\(study.fit.segments[segment].name)")
      object["count"] = .int(Int64(counts[segment]))
      for (key, value) in study.fit.behaviourKeys(segment: segment) { object[key] = value }
      return .object(object)
    }
    var lines = [
      "// attrsim fit: cohort '\(cohort.name)' of \(path), fitted to its log (\(study.fit.users) users, \(study.fit.horizonDays) days)",
      "// as \(study.fit.segments.count) cohorts by the day users first come back:",
    ]
    for segment in study.fit.segments {
      lines.append("//   \(cohort.name)-\(segment.name): \(Self.percent(segment.share)) of users")
    }
    if !study.fit.extrapolatedDays.isEmpty {
      lines.append("// Extrapolated (no logged user watched through them): days \(Self.days(study.fit.extrapolatedDays)).")
    }
    if study.fit.refundsLeftOut > 0 {
      lines.append("// \(study.fit.refundsLeftOut) refunds were left out: fitted events carry no negative revenue.")
    }
    lines.append("// How well they reproduce the log:")
    lines += Self.table(study).split(separator: "\n").map { "//   \($0)" }
    lines.append("// Put these cohorts in place of '\(cohort.name)'.")
    return lines.joined(separator: "\n") + "\n" + JSONValue.object(["cohorts": .array(cohorts)]).serialized(pretty: true) + "\n"
  }

  /// The goodness of fit as a text table.
  static func table(_ study: LogFitStudy) -> String {
    var rows = [["figure", "observed", "95 % interval", "fitted", "95 % range", ""]]
    for row in study.comparison.rows {
      let revenue = row.figure.hasPrefix("revenue")
      func show(_ value: Double) -> String { revenue ? SVGWriter.number(value, decimals: 2) : percent(value) }
      rows.append([
        row.figure, show(row.observed), "\(show(row.observedLow))–\(show(row.observedHigh))", show(row.simulated),
        "\(show(row.simulatedLow))–\(show(row.simulatedHigh))",
        row.extrapolated ? "extrapolated" : row.inside ? "inside" : "OUTSIDE",
      ])
    }
    let outside = study.comparison.rows.filter { !$0.inside && !$0.extrapolated }.count
    return TextTable.render(rows) + "\n"
      + "\(study.comparison.rows.count - outside) of \(study.comparison.rows.count) figures inside the fit's range "
      + "over \(study.comparison.replicates) replicates (\(FitComparison.method))"
  }

  private static func percent(_ value: Double) -> String { ReportFormat.percent(value) }

  private static func days(_ days: [Int]) -> String {
    var ranges: [String] = []
    var start = days.first ?? 0
    var previous = start
    for day in days.dropFirst() + [Int.max] {
      if day != previous + 1 {
        ranges.append(start == previous ? "\(start)" : "\(start)–\(previous)")
        start = day
      }
      previous = day
    }
    return ranges.joined(separator: ", ")
  }
}
