import DidYouMean
import Foundation
import SimJSON
import SimModel

/// Reads a sweep file and builds every point's scenario, reporting every problem it finds.
package struct SweepReader {
  /// `$schema` names the JSON Schema an editor checks the file with (Docs/schemas).
  package static let keys = ["$schema", "version", "name", "description", "scenario", "parameters", "combine", "replicates", "chart"]
  /// Format version this build reads.
  package static let formatVersion: Int64 = 1

  package let reader: JSONReader
  /// The folder the sweep file is in: the base scenario's path is relative to it.
  package let baseDirectory: String
  /// How many runs and users the sweep may ask for.
  package var limits = WorkLimits.standard
  /// Set when the sweep is read from copies pinned beside a shard: the copies, and the folder
  /// (absolute) its original was in, against which its base scenario's path resolves.
  package var pinned: (copies: InputCopies, folder: String)?

  package func read() -> Sweep? {
    let log = reader.log
    guard let object = reader.object(keys: Self.keys) else { return nil }
    guard let versionReader = object.required("version", "the sweep format version, 1"), let version = versionReader.integer()
    else { return nil }
    guard version == Self.formatVersion else {
      versionReader.error("unsupported sweep format version \(version); this build reads version \(Self.formatVersion)")
      return nil
    }
    _ = object.optional("$schema")?.string()
    let name = object.required("name")?.folderName()
    let description = object.optional("description")?.string() ?? ""
    let combination = object.optional("combine").map { reader -> Sweep.Combination? in
      reader.oneOf(["grid", "list"]).flatMap(Sweep.Combination.init(rawValue:))
    } ?? .grid
    let replicates = object.optional("replicates").map { $0.integer(in: 1...10_000) } ?? 1
    guard let scenarioReader = object.required("scenario", "the base scenario file"),
      let scenarioPath = scenarioReader.nonEmptyString()
    else { return nil }
    let resolved: String
    // The folder the base scenario's original was in, against which the files it names resolve.
    var pinnedFolder: String?
    if let pinned {
      guard let copy = pinned.copies.copy(of: scenarioPath, from: pinned.folder) else {
        scenarioReader.error(
          "expected the scenario file '\(scenarioPath)' among the copies pinned beside the shard, found none: "
            + "the shard's manifest or inputs are damaged; run the shards again")
        return nil
      }
      resolved = copy
      let original = InputCopies.normalised(scenarioPath.hasPrefix("/") ? scenarioPath : "\(pinned.folder)/\(scenarioPath)")
      pinnedFolder = (original as NSString).deletingLastPathComponent
    } else {
      resolved = scenarioPath.hasPrefix("/") ? scenarioPath : (baseDirectory as NSString).appendingPathComponent(scenarioPath)
    }
    guard let base = InputDocument.node(at: resolved, kind: "scenario", referencedBy: scenarioReader) else { return nil }
    var parameters: [(parameter: SweepParameter, path: SweepPath, nodes: [JSONNode])] = []
    // Names of parameters refused below: the chart may name them without a second error.
    var refusedNames: Set<String> = []
    for element in object.required("parameters", "a list of { path, values }")?.array() ?? [] {
      guard let entry = element.object(keys: ["name", "path", "values"]),
        let pathReader = entry.required("path", "a JSON path into the scenario, e.g. privacy.thresholds.tier1"),
        let text = pathReader.nonEmptyString()
      else { continue }
      refusedNames.insert(entry.optional("name")?.string() ?? text)
      guard let path = SweepPath(text) else {
        pathReader.error("expected a JSON path such as 'privacy.thresholds.tier1' or 'cohorts[0].count', found \(Excerpt.quoted(text))")
        continue
      }
      guard let valuesReader = entry.required("values", "the values to sweep"), let values = valuesReader.array() else { continue }
      guard !values.isEmpty else {
        valuesReader.error("expected at least one value")
        continue
      }
      if case .failure(let error) = path.setting(values[0].node, in: base) {
        pathReader.error(error.reason)
        continue
      }
      if let other = parameters.first(where: { $0.path.overlaps(path) }) {
        pathReader.error("'\(text)' overlaps parameter '\(other.parameter.path)': one would overwrite the other")
        continue
      }
      let nameReader = entry.optional("name") ?? pathReader
      let name = entry.optional("name")?.nonEmptyString() ?? text
      if parameters.contains(where: { $0.parameter.name == name }) || SweepColumns.leading.contains(name)
        || SweepColumns.metrics.contains(name)
      {
        nameReader.error("the column name '\(name)' is taken by another parameter or an outcome; give the parameter another 'name'")
        continue
      }
      refusedNames.remove(name)
      parameters.append(
        (SweepParameter(name: name, path: text, values: values.map { JSONValue($0.node) }), path, values.map(\.node)))
    }
    if parameters.isEmpty, !log.hasErrors { object.required("parameters")?.error("expected at least one parameter") }
    if combination == .list, Set(parameters.map(\.nodes.count)).count > 1 {
      object.optional("combine")?.error(
        "'list' pairs the n-th values of every parameter, but the lists have \(parameters.map { String($0.nodes.count) }.joined(separator: ", ")) values")
    }
    let chart = readChart(object.optional("chart"), parameters: parameters.map(\.parameter), refused: refusedNames)
    guard let name, let replicates, let combination, let chart, !log.hasErrors else { return nil }
    // Counted before any point is built: a grid of a billion points must not be.
    let counts = parameters.map(\.nodes.count)
    guard checkRuns(counts: counts, combination: combination, replicates: Int(replicates), object.optional("parameters"))
    else { return nil }

    var points: [SweepPoint] = []
    let combinations = Self.combinations(counts: parameters.map(\.nodes.count), combination: combination)
    var reported = Set<String>()
    for (index, choice) in combinations.enumerated() {
      var node = base
      for (parameter, value) in zip(parameters, choice) {
        switch parameter.path.setting(parameter.nodes[value], in: node) {
        case .success(let updated): node = updated
        case .failure(let error): log.add(ScenarioDiagnostic(file: reader.file, location: parameter.nodes[value].location, path: "", message: error.reason))
        }
      }
      let pointLog = DiagnosticLog()
      var pointReader = ScenarioReader(
        root: JSONReader(node: node, path: "", file: resolved, log: pointLog),
        baseDirectory: (resolved as NSString).deletingLastPathComponent, log: pointLog, limits: limits)
      pointReader.pinned = pinned.map { ($0.copies, pinnedFolder!) }
      let scenario = pointReader.read()
      for diagnostic in pointLog.diagnostics {
        var moved = diagnostic
        // A problem inside a swept value is shown where the sweep file wrote that value.
        // So is a problem of an object holding a swept value (tiers that must not decrease): the
        // value the sweep wrote is what made it wrong.
        if let (number, parameter) = parameters.enumerated().first(where: {
          $0.element.path.contains(diagnosticPath: diagnostic.path)
        }) ?? parameters.enumerated().first(where: { $0.element.path.lies(under: diagnostic.path) }) {
          moved.file = reader.file
          moved.location = parameter.nodes[choice[number]].location
        }
        moved.message = "with \(Self.describe(choice, parameters.map(\.parameter))): \(diagnostic.message)"
        if reported.insert("\(moved.file)|\(moved.path)|\(diagnostic.message)").inserted { log.add(moved) }
      }
      guard var scenario, !pointLog.hasErrors else { continue }
      // Shards pin these: the base scenario and whatever files this point's settings name.
      scenario.inputFiles = [resolved] + pointLog.inputFiles.filter { $0 != resolved }
      points.append(
        SweepPoint(
          index: index, settings: zip(parameters, choice).map { $0.parameter.values[$1] }, scenario: scenario))
    }
    guard !log.hasErrors else { return nil }
    let users = points.reduce(0) { $0 + $1.scenario.userCount } * Int(replicates)
    if users > limits.sweepUsers {
      object.optional("parameters")?.error(
        "the sweep's \(DigitGrouping.text(points.count * Int(replicates))) runs simulate "
          + "\(DigitGrouping.text(users)) users, above \(limits.describe(\.sweepUsers, "users simulated in a sweep"))")
      return nil
    }
    return Sweep(
      name: name, description: description, scenarioPath: resolved, parameters: parameters.map(\.parameter),
      combination: combination, replicates: Int(replicates), chart: chart, points: points)
  }

  /// Logs, at `parameters`, a sweep of more runs than ``WorkLimits/sweepRuns``; false then.
  private func checkRuns(counts: [Int], combination: Sweep.Combination, replicates: Int, _ parameters: JSONReader?)
    -> Bool
  {
    var points = combination == .list ? counts.first ?? 0 : 1
    var overflow = false
    if combination == .grid {
      for count in counts where !overflow { (points, overflow) = points.multipliedReportingOverflow(by: count) }
    }
    let (runs, runsOverflow) = points.multipliedReportingOverflow(by: replicates)
    guard overflow || runsOverflow || runs > limits.sweepRuns else { return true }
    let grid = combination == .grid && counts.count > 1 ? counts.map(String.init).joined(separator: " × ") + " values make " : ""
    let pointText = overflow ? "more than \(DigitGrouping.text(Int.max)) points" : "\(DigitGrouping.text(points)) points"
    let runText = overflow || runsOverflow ? "" : replicates > 1 ? " × \(replicates) replicates = \(DigitGrouping.text(runs)) runs" : ""
    parameters?.error("\(grid)\(pointText)\(runText), above \(limits.describe(\.sweepRuns, "runs in a sweep"))")
    return false
  }

  /// Value indices per point: the grid's product with the first parameter slowest, or the lists
  /// side by side.
  package static func combinations(counts: [Int], combination: Sweep.Combination) -> [[Int]] {
    switch combination {
    case .list:
      return (0..<(counts.first ?? 0)).map { index in counts.map { _ in index } }
    case .grid:
      return counts.reduce([[]]) { partial, count in partial.flatMap { prefix in (0..<count).map { prefix + [$0] } } }
    }
  }

  private static func describe(_ choice: [Int], _ parameters: [SweepParameter]) -> String {
    zip(parameters, choice).map { "\($0.name) = \($0.values[$1].serialized())" }.joined(separator: ", ")
  }

  private func readChart(_ chartReader: JSONReader?, parameters: [SweepParameter], refused: Set<String>) -> SweepChart? {
    let columns = parameters.map(\.name) + SweepColumns.metrics
    // By default: null share of first postbacks against crowd size, a line per threshold setting.
    let thresholds = parameters.first { $0.path.contains("thresholds") } ?? parameters.first
    var chart = SweepChart(x: "installsPerCampaignPerDay", y: "nullShare1", series: thresholds?.name, logarithmicX: true)
    guard let chartReader else { return chart }
    guard let object = chartReader.object(keys: ["x", "y", "series", "xScale"]) else { return nil }
    func column(_ key: String) -> String?? {
      guard let reader = object.optional(key) else { return .some(nil) }
      guard let name = reader.nonEmptyString() else { return nil }
      guard columns.contains(name) else {
        // A parameter already refused above is named rightly here: its error is said once.
        guard !refused.contains(name) else { return nil }
        let hint = Suggestion.closest(to: name, among: columns).map { "; did you mean '\($0)'?" } ?? ""
        reader.error("'\(name)' is neither a parameter nor an outcome column\(hint)")
        return nil
      }
      return .some(name)
    }
    guard let x = column("x"), let y = column("y"), let series = column("series") else { return nil }
    if let x { chart.x = x }
    if let y { chart.y = y }
    if let series { chart.series = series }
    if let scale = object.optional("xScale") {
      guard let text = scale.oneOf(["linear", "log"]) else { return nil }
      chart.logarithmicX = text == "log"
    }
    return chart
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(reader: JSONReader, baseDirectory: String, limits: WorkLimits = WorkLimits.standard) {
    self.reader = reader
    self.baseDirectory = baseDirectory
    self.limits = limits
  }
}
