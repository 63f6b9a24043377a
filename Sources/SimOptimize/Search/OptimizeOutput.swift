import Foundation
import SimModel
import SimOutput
import SimRecords
import SimStudies

/// The files a search writes: the best schema (commented), `optimize.csv` with every score,
/// `optimize.html` with the comparison and charts, and with `--tradeoff` one schema per point
/// of the Pareto front.
public struct OptimizeOutput: Sendable {
  public let result: OptimizeResult

  /// The outputs of `result`.
  public init(_ result: OptimizeResult) { self.result = result }

  /// File name → content, in writing order.
  public var files: [(name: String, text: String)] {
    var files = [(result.bestFileName, schemaText(result.best)), ("optimize.csv", csv), ("optimize.html", html)]
    for (place, candidate) in result.front.enumerated() {
      files.append(("pareto-\(place + 1).json", schemaText(candidate)))
    }
    return files
  }

  // MARK: - The schema

  /// Candidate `index` as a schema file whose opening comment says how it was found and how it scored.
  public func schemaText(_ index: Int) -> String {
    let objective = result.objective
    let kept = index == result.startCopy
    var header = [
      (kept
        ? "The starting schema (\(result.startName)), written out by `attrsim schema optimize` for scenario "
        : "Conversion schema found by `attrsim schema optimize` for scenario ")
        + "'\(result.scenario)' (\(DigitGrouping.text(result.users)) users), search seed \(result.seed)"
        + (kept && index == result.best
          ? result.race == nil
            ? ": no candidate beat it on the search seeds."
            : ": no finalist beat it on the race's search runs with a paired 95 % interval below zero."
          : "."),
      "",
      "Objective: \(objective.label) (\(objective.name)), with calibrated decoding.",
    ]
    let rows = result.rows.filter { $0.candidate == index }
    if let last = rows.last, let score = last.score {
      header.append(
        "In the search: \(figure(score)) over \(last.runs) runs at \(share(last.scale)) of the users (\(last.rung < result.rungs.count ? "rung \(last.rung + 1)" : "the race")); "
          + "time to first signal \(last.hours.map { String(format: "%.1f h", $0) } ?? "–").")
    }
    if index == result.best {
      let final = result.final
      let intervals = final.intervals
      header.append(
        "On \(final.seeds.count) seeds the search never used, at full size: \(interval(intervals[1])) against "
          + "\(interval(intervals[0])) for \(result.startName)"
          + (final.reduction.map {
            $0 >= 0 ? String(format: " (%.0f %% lower)", 100 * $0) : String(format: " (%.0f %% higher)", -100 * $0)
          } ?? "") + ".")
      if !kept && !result.bestShownBetter {
        header.append(
          "NOT SHOWN BETTER than the start: the paired 95 % interval of best − start, "
            + "\(interval(final.difference, signed: true)), does not lie wholly below zero. Keep the starting schema; "
            + "this one is written for a look, not for use.")
      }
    }
    header += [
      "",
      "Check it with: attrsim schema lint THIS-FILE --scenario SCENARIO",
      "Each part's comment says why it was chosen; the numbers come from pilot runs of the scenario.",
    ]
    return result.candidates[index].text(
      currency: result.profile.currency, exchangeRates: result.profile.exchangeRates, header: header.flatMap { line in
        line.isEmpty ? [""] : SchemaCandidate.wrap(line, width: 97)
      })
  }

  // MARK: - optimize.csv

  /// One row per candidate (and the starting schema) per rung it reached, by generation, then rung, then as
  /// ranked at the rung before (the first rung in draw order; the race last).
  public var csv: String {
    // lowerCamelCase like every other output's columns (Docs/outputs.md): `roas-error` is `roasError`.
    let objectiveWords = result.objective.name.split(separator: "-")
    let objective = (objectiveWords.first.map(String.init) ?? "") + objectiveWords.dropFirst().map(\.capitalized).joined()
    let header = [
      "candidate", "generation", "rung", "userShare", "runs", objective, "runsScored", "signalHours", "postbacksKeptShare", "advanced",
      "chosen", "pareto",
      "revenueBounds", "revenueBits", "headroom", "counter", "eventBits", "coarse", "lock", "summary",
    ]
    var lines = [header.joined(separator: ",")]
    for row in result.rows {
      let candidate = row.candidate.map { result.candidates[$0] }
      let cells: [String] = [
        row.name, String(row.generation + 1), String(row.rung + 1), CSVField.decimal(row.scale, places: 4), String(row.runs),
        row.score.map { CSVField.decimal($0, places: 4) } ?? "",
        row.scores.map { $0.map { CSVField.decimal($0, places: 4) } ?? "" }.joined(separator: ";"),
        row.hours.map { CSVField.decimal($0, places: 1) } ?? "", row.kept.map { CSVField.decimal($0, places: 4) } ?? "",
        row.advanced ? "yes" : "no",
        row.candidate == result.best && row.rung == result.choiceRung ? "yes" : "no",
        row.candidate.map { result.front.contains($0) } == true && row.rung == result.rungs.count - 1 ? "yes" : "no",
        candidate.map { $0.revenueBounds.map(SchemaCandidate.amount).joined(separator: ";") } ?? "",
        candidate.map { String($0.revenueBits) } ?? "", candidate.map { String($0.headroom) } ?? "",
        candidate?.counter.map { "\($0.measure):\($0.bits)" } ?? "",
        candidate?.eventBits.joined(separator: ";") ?? "",
        candidate.map { $0.coarse.map(\.bounds).joined(separator: ";") } ?? "",
        candidate.map { lockText($0.lock) } ?? "",
        candidate?.summary ?? result.startName,
      ]
      lines.append(cells.map(CSVField.text).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func lockText(_ lock: SchemaCandidate.Lock?) -> String {
    switch lock {
    case .revenue(let window, let amount)?: "window \(window + 1) revenue >= \(SchemaCandidate.amount(amount))"
    case .hours(let window, let hours)?: "window \(window + 1) after \(hours) h"
    case .event(let window, let name)?: "window \(window + 1) at \(name)"
    case nil: ""
    }
  }

  // MARK: - optimize.html

  /// The page: the comparison on the final seeds, LTV curves, value grids, the Pareto front,
  /// and every candidate's scores.
  public var html: String { document.html }

  var document: ReportDocument {
    let final = result.final
    let names = [result.startName, "best (\(result.bestName))"]
    var sections: [ReportSection] = []
    let objective = result.objective
    let intervals = final.intervals
    let hours = final.signalIntervals
    let difference = final.difference
    let hasFloor = objective.floor != nil
    let floors = final.floorIntervals
    var table = [
      ["schema", "\(objective.label), mean [95 % interval]"]
        + (hasFloor ? ["floor: exact values, same postbacks [95 % interval]"] : [])
        + ["time to first signal, median hours [95 % interval]"]
    ]
    for index in 0..<2 {
      table.append(
        [names[index], interval(intervals[index])] + (hasFloor ? [interval(floors[index])] : [])
          + [hoursInterval(hours[index])])
    }
    table.append(["best − start, paired", interval(difference, signed: true)] + (hasFloor ? ["–"] : []) + ["–"])
    let postbacks = final.postbackMeans
    var postbackTable: [[String]] = []
    // Three windows (SKAdNetwork 4.0 and AdAttributionKit); before 4.0 there is one postback.
    if postbacks.count == 2, postbacks[0].count == 3 {
      postbackTable = [["schema", "winning postbacks a run: window 1", "window 2", "window 3"]]
        + (0..<2).map { index in [names[index]] + postbacks[index].map { String(format: "%.0f", $0) } }
    }
    sections.append(
      ReportSection(
        title: "The starting schema against the best, on seeds the search never used",
        caption:
          "\(final.seeds.count) replicates at the scenario's full size (seeds \(final.seeds.map(String.init).joined(separator: ", "))); "
          + "each schema decoded with its own calibration from \(final.calibrationRuns) runs under the calibration seeds. "
          + ReplicateStudy.method.prefix(1).uppercased() + ReplicateStudy.method.dropFirst() + ". "
          + (final.reduction.map {
            $0 >= 0
              ? String(format: "The best schema's mean is %.0f %% lower", 100 * $0)
              : String(format: "The best schema's mean is %.0f %% higher", -100 * $0)
          } ?? "No reduction to state")
          + (final.intervalsSeparate == true ? "; the intervals do not overlap." : final.intervalsSeparate == false ? "; the intervals overlap." : ".")
          + (final.removable.map {
            " The floor is the score had every postback that carried a value carried its installs' exact revenue "
              + "(the same crowd tiers, nulls, missing postbacks and windows; value granularity removed from the error): "
              + String(format: "no schema can remove more than %.0f %% of the starting schema's error.", 100 * max(0, $0))
          } ?? ""),
        chart: BarChart(
          title: "\(objective.label.prefix(1).uppercased())\(objective.label.dropFirst()), final seeds",
          xLabel: "replicate", yLabel: objective.label,
          caption: "Each final replicate's score under both schemas (the same users in each); lower is better.",
          categories: final.seeds.indices.map { "\($0 + 1)" },
          series: [0, 1].map { index in BarChart.Series(name: names[index], values: final.scores[index].map { $0 ?? 0 }) },
          layout: .grouped, yRange: nil, yFormat: objective.kind == .share ? .percent : .number),
        table: table))
    if !postbackTable.isEmpty {
      sections.append(
        ReportSection(
          title: "Postbacks the networks receive",
          caption: "Winning postbacks to ad networks per run, the mean over the final replicates. A schema whose lowest coarse "
            + "threshold is a revenue leaves installs below it without a value in windows 2 and 3, so they send no postback "
            + "there (the decoder imputes those windows as missing): fewer postbacks for the networks to read, which the "
            + "objective does not weigh.",
          chart: nil, table: postbackTable))
    }
    let windowsTable = [["day"] + ["true", names[0] + " decoded", names[1] + " decoded"]]
      + final.ltv[0].indices.map { window in
        [SchemaCandidate.amount(final.ltv[0][window].day), money(final.ltv[0][window].truth),
         money(final.ltv[0][window].decoded), money(final.ltv[1][window].decoded)]
      }
    sections.append(
      ReportSection(
        title: "Revenue per attributed install by day: true and decoded",
        caption: "Cumulative revenue per attributed install at each postback window's end, the mean over the final replicates: "
          + "the truth, and what each schema's postbacks decode to.",
        chart: LineChart(
          title: "Revenue per attributed install by day", xLabel: "days after install",
          yLabel: "revenue per install (\(result.profile.currency))",
          caption: "Mean over the final replicates; the closer a decoded line to the truth, the better.",
          series: [
            LineChart.Series(name: "true", points: final.ltv[0].map { LineChart.Point(x: $0.day, y: $0.truth) }),
            LineChart.Series(name: names[0], points: final.ltv[0].map { LineChart.Point(x: $0.day, y: $0.decoded) }),
            LineChart.Series(name: names[1], points: final.ltv[1].map { LineChart.Point(x: $0.day, y: $0.decoded) }),
          ]),
        table: windowsTable))
    for index in 0..<2 {
      let counts = final.fineValues[index]
      let used = counts.filter { $0 > 0 }.count
      let title = "Fine values in first postbacks: \(names[index])"
      let caption = "Over the final replicates; \(used) of 64 values used. Darker is more often; dashed was never carried."
      sections.append(
        ReportSection(
          title: title, caption: caption, chart: ValueGrid(title: title, caption: caption, counts: counts),
          table: [["values"] + (0..<8).map { "+\($0)" }]
            + (0..<8).map { row in ["\(row * 8)–\(row * 8 + 7)"] + (0..<8).map { String(counts[row * 8 + $0]) } }))
    }
    if result.tradeoff {
      let axis = result.tradeoffAxis
      let last = result.rows.filter { $0.rung == result.rungs.count - 1 }
      let points = result.front.compactMap { candidate in last.first { $0.candidate == candidate } }
      func point(_ row: OptimizeResult.Row) -> LineChart.Point? {
        axis.value(row).flatMap { x in row.score.map { LineChart.Point(x: x, y: $0) } }
      }
      func shown(_ row: OptimizeResult.Row) -> String {
        guard let value = axis.value(row) else { return "–" }
        return axis == .timeToSignal ? String(format: "%.1f", value) : String(format: "%.1f%%", value * 100)
      }
      // Where the starting schema lies, scored on the same runs of the last rung.
      let start = last.first { $0.candidate == nil }
      let (title, caption, better) =
        axis == .timeToSignal
        ? ("Pareto front: accuracy against time to first signal",
          "The last rung's candidates no other beats on both; faster signals (locks) cost accuracy. "
            + "Each point's schema is pareto-N.json, fastest first.", "lower and further left is better")
        : ("Pareto front: accuracy against postbacks 2 and 3 kept",
          "The last rung's candidates no other beats on both: accuracy bought by silencing windows 2 and 3 for low-value "
            + "installs costs the postbacks networks' bidding reads. The end keeping the most is what --keep-postbacks "
            + "searches. Each point's schema is pareto-N.json, most postbacks kept first.", "lower and further right is better")
      var series = [
        LineChart.Series(name: "front", points: points.compactMap(point)),
        LineChart.Series(
          name: "all of the last rung", points: last.filter { $0.candidate != nil }.sorted { axis.cost($0) < axis.cost($1) }.compactMap(point)),
      ]
      if let start, let at = point(start) { series.append(LineChart.Series(name: "start", points: [at])) }
      let startRow = start.map { [["start", "start", shown($0), $0.score.map(figure) ?? "–"]] } ?? []
      sections.append(
        ReportSection(
          title: title, caption: caption,
          chart: LineChart(
            title: "Pareto front", xLabel: axis.label, yLabel: objective.label,
            caption: "Search runs of the last rung; \(better).", series: series,
            yFormat: objective.kind == .share ? .percent : .number),
          table: [["point", "candidate", axis == .timeToSignal ? "signal hours" : "postbacks 2–3 kept", objective.name]]
            + points.enumerated().map { place, row in
              ["pareto-\(place + 1)", row.name, shown(row), row.score.map(figure) ?? "–"]
            } + startRow))
    }
    sections.append(
      ReportSection(
        title: "Every candidate, rung by rung",
        caption: "Successive halving: every candidate and the starting schema scored on the same search runs (common random numbers) "
          + "at each rung; the best \(result.rungs.count > 1 ? "third" : "one") advance. Rungs: "
          + result.rungs.enumerated().map { "\($0 + 1): \(share($1.scale)) of the users, \($1.calibrationRuns) calibration + \($1.runs) search runs" }
          .joined(separator: "; ")
          + " (a candidate calibrated at one rung keeps that calibration at later rungs and in the race of the same size)"
          + (result.generations > 1
            ? "; \(result.generations) generations, each after the first made of local moves from the best \(SchemaSearch.parentsPerGeneration) "
              + "of the last rung so far and scored on the same runs (the start with the first only)"
            : "")
          + (result.race.map {
            "; race (rung \(result.rungs.count + 1)): the last rung's best \(result.raceDifferences.count) and the start on "
              + "\(share($0.scale)) of the users, \($0.calibrationRuns) calibration + \($0.runs) further search runs, a finalist "
              + "chosen only when its paired difference from the start has a 95 % interval below zero"
          } ?? "") + ". As in optimize.csv.",
        table: [["candidate", "generation", "rung", objective.name, "signal hours", "advanced", "schema"]]
          + result.rows.map { row in
            [row.name, String(row.generation + 1), String(row.rung + 1), row.score.map(figure) ?? "–", row.hours.map { String(format: "%.1f", $0) } ?? "–",
             row.advanced ? "yes" : "no", row.candidate.map { result.candidates[$0].summary } ?? result.startName]
          }))
    let seeds = result.seeds
    return ReportDocument(
      title: "Schema optimisation: \(result.scenario)",
      subtitle: "\(objective.label); search seed \(result.seed); \(result.candidates.count) candidates; "
        + "calibration seeds \(seeds.calibration.count), search seeds \(seeds.search.count), final seeds \(seeds.final.count), "
        + "disjoint: \(seeds.areDisjoint ? "yes" : "no")",
      headline: [
        ("start, final seeds", interval(intervals[0])), ("best, final seeds", interval(intervals[1])),
        result.bestShownBetter
          ? ("reduction, shown by the paired interval", final.reduction.map { String(format: "%.0f%%", 100 * $0) } ?? "–")
          : ("verdict", result.bestIsStart ? "keep the start: no candidate beat it" : "keep the start: the best is not shown better"),
        ("most any schema could remove", final.removable.map { String(format: "%.0f%%", 100 * max(0, $0)) } ?? "–"),
        ("candidates", String(result.candidates.count)),
        ("search cost (runs of the scenario)", String(format: "%.1f", result.spent)),
      ],
      sections: sections)
  }

  // MARK: - Formatting

  private var figureKind: HeadlineFigure { HeadlineFigure(name: "", label: "", kind: result.objective.kind) { _ in nil } }
  private func figure(_ value: Double) -> String { figureKind.text(value) }
  private func interval(_ value: ConfidenceInterval?, signed: Bool = false) -> String {
    figureKind.text(value, difference: signed)
  }
  private func hoursInterval(_ value: ConfidenceInterval?) -> String {
    HeadlineFigure(name: "", label: "", kind: .hours) { _ in nil }.text(value)
  }
  private func money(_ value: Double) -> String { String(format: "%.4f", value) }
  private func share(_ scale: Double) -> String { scale >= 1 ? "all" : String(format: "%.1f%%", 100 * scale) }
}

extension OptimizeOutput {
  /// Writes every file into `folder` (created if needed): all are staged first and moved into
  /// place together, so a failure leaves none half-written.
  public func write(to folder: URL) throws(RunDirectoryWriter.WriteError) {
    let files = files
    try BufferedFile.write(files, into: folder)
    // A front from an earlier search in this folder, longer than this one, would be read as
    // this search's: its extra points go.
    let written = Set(files.map(\.name))
    let earlier = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    // So is an earlier best: schema.json must never be left beside a best not shown better.
    let bests: Set<String> = ["schema.json", OptimizeResult.notShownBetterFileName]
    for name in earlier where (Self.isParetoFile(name) || bests.contains(name)) && !written.contains(name) {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  /// Whether `name` is one of the files a front's points are written to (`pareto-N.json`).
  static func isParetoFile(_ name: String) -> Bool {
    name.hasPrefix("pareto-") && name.hasSuffix(".json") && Int(name.dropFirst(7).dropLast(5)) != nil
  }
}
