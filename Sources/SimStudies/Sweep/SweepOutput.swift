import Foundation
import SimInput
import SimJSON
import SimModel
import SimOutput
import SimRecords
import SimRun

/// A sweep's files: `sweep.csv`, `sweep.svg` and `sweep.html`, whole or from shards' partial results.
public enum SweepOutput {
  /// `sweep.csv` for `rows`, which must be all of the sweep's rows in order.
  public static func csv(_ sweep: Sweep, rows: [SweepRow]) -> String {
    SweepRow.header(sweep.parameters) + "\n" + rows.map { $0.csvLine + "\n" }.joined()
  }

  /// The sweep's chart from its `sweep.csv`: each point's replicates averaged (x and y alike, as
  /// measured outcomes vary between replicates), one line per value of the series column.
  /// `outcome` charts another column against the same x and series.
  public static func chart(_ sweep: Sweep, csv: String, outcome: String? = nil) -> LineChart {
    let lines = csv.split(separator: "\n").map { CSVLine.cells(String($0)) }
    let header = lines.first ?? []
    var spec = sweep.chart
    if let outcome { spec.y = outcome }
    func column(_ name: String?) -> Int? { name.flatMap { header.firstIndex(of: $0) } }
    let (x, y, series) = (column(spec.x), column(spec.y), column(spec.series))
    var order: [String] = []
    var points: [String: [String: (x: Double, y: Double, count: Double)]] = [:]
    for cells in lines.dropFirst() {
      // A damaged row (from a hand-edited shard) is left out rather than read out of range.
      guard cells.count == header.count, let x, let y, let xValue = Double(cells[x]), let yValue = Double(cells[y])
      else { continue }
      let name = series.map { "\(spec.series!) = \(cells[$0])" } ?? spec.y
      if points[name] == nil { order.append(name) }
      let sum = points[name, default: [:]][cells[0]] ?? (0, 0, 0)
      points[name, default: [:]][cells[0]] = (sum.x + xValue, sum.y + yValue, sum.count + 1)
    }
    let share = spec.y.contains("Share")
    // Errors are relative, so they read as percentages too, but with no fixed range: they can pass ±100%.
    let percent = share || spec.y.hasSuffix("Error")
    return LineChart(
      title: label(spec.y), xLabel: label(spec.x), yLabel: label(spec.y) + (percent ? " (%)" : ""),
      caption: "Sweep \(sweep.name): each point is the mean of its \(sweep.replicates) replicate(s)"
        + (spec.series.map { "; one line per value of \($0)." } ?? "."),
      series: order.map { name in
        LineChart.Series(
          name: name,
          points: points[name]!.values.map { LineChart.Point(x: $0.x / $0.count, y: $0.y / $0.count) }
            .sorted { ($0.x, $0.y) < ($1.x, $1.y) })
      },
      yRange: share ? 0...1 : nil, xScale: spec.logarithmicX ? .logarithmic : .linear, yFormat: percent ? .percent : .number)
  }

  /// Words for an outcome column, or the column's own name.
  package static func label(_ column: String) -> String {
    if column == "installsPerCampaignPerDay" { return "Attributed installs per campaign per day" }
    if column == "revenueError" { return "Decoded revenue error" }
    if column == "campaignRevenueError" { return "Mean campaign revenue error" }
    if let window = column.last?.wholeNumberValue, column.dropLast().hasSuffix("Share") {
      let kind = column.dropLast().dropLast("Share".count)
      let words = ["null": "no value", "fine": "a fine value", "coarse": "a coarse value"][String(kind)] ?? String(kind)
      return "Postback \(window) with \(words)"
    }
    if column.hasPrefix("digits"), column.hasSuffix("Share") {
      return "First postbacks with \(column.dropFirst("digits".count).dropLast("Share".count))-digit source identifier"
    }
    if column.hasPrefix("tier"), column.hasSuffix("Share") {
      return "Conversions at tier \(column.dropFirst("tier".count).dropLast("Share".count))"
    }
    return column
  }

  /// Writes `sweep.csv`, `sweep.svg` and `sweep.html` into `folder`, each replaced atomically.
  public static func write(_ sweep: Sweep, csv: String, to folder: URL) throws(RunDirectoryWriter.WriteError) {
    try writeFiles(
      [("sweep.csv", csv), ("sweep.svg", chart(sweep, csv: csv).svg()), ("sweep.html", SweepReport(sweep, csv: csv).html)],
      to: folder)
  }

  /// Writes a shard's rows and `sweep-shard.json` for ``merge(folders:)``.
  public static func writeShard(
    _ sweep: Sweep, path: String, shard: Shard, rows: [SweepRow], to folder: URL
  ) throws(RunDirectoryWriter.WriteError) {
    let range = shard.range(of: sweep.rowCount)
    let manifest: JSONValue = .object([
      "format": .string(manifestFormat), "version": .int(1),
      "sweep": .string(URL(fileURLWithPath: path).standardizedFileURL.path),
      "sweepDigest": .string(PinnedInputs.digest(ofFileAt: path) ?? ""),
      "scenarioDigest": .string(PinnedInputs.digest(ofFileAt: sweep.scenarioPath) ?? ""),
      "shard": .string(shard.description), "rows": .array([.int(Int64(range.lowerBound)), .int(Int64(range.upperBound))]),
    ])
    try writeFiles(
      [("rows.csv", rows.map { $0.csvLine + "\n" }.joined()), ("sweep-shard.json", manifest.serialized(pretty: true) + "\n")],
      to: folder)
  }

  package static let manifestFormat = "attrsim-sweep-shard"

  /// Whether `folder` holds a sweep shard rather than a run shard.
  public static func isShard(_ folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep-shard.json").path)
  }

  /// Reads the shards of one sweep, checks they are complete and from unchanged files, and
  /// returns the sweep with the `sweep.csv` a single run would have written.
  public static func merge(folders: [URL]) throws(ShardSet.Failure) -> (sweep: Sweep, csv: String) {
    var parts: [(shard: Shard, rows: String, folder: URL)] = []
    var first: (path: String, digest: String, scenarioDigest: String)?
    for folder in folders {
      let url = folder.appendingPathComponent("sweep-shard.json")
      func fail(_ reason: String) -> ShardSet.Failure { ShardSet.Failure(description: "\(url.path): \(reason)") }
      guard let text = try? String(contentsOf: url, encoding: .utf8), let node = try? JSONParser.parse(text),
        case .object(let object) = JSONValue(node), object["format"] == .string(manifestFormat)
      else { throw fail("cannot read a sweep shard manifest") }
      guard object["version"] == .int(1) else { throw fail("unsupported version; expected 1") }
      guard case .string(let path) = object["sweep"], case .string(let digest) = object["sweepDigest"],
        case .string(let scenarioDigest) = object["scenarioDigest"], case .string(let shardText) = object["shard"],
        let shard = Shard(shardText), case .array(let bounds) = object["rows"], bounds.count == 2,
        case .int(let low) = bounds[0], case .int(let high) = bounds[1]
      else { throw fail("expected sweep, sweepDigest, scenarioDigest, shard and rows") }
      if let first, first != (path, digest, scenarioDigest) {
        throw fail("not a shard of the same sweep as \(folders[0].path)")
      }
      first = (path, digest, scenarioDigest)
      guard let rows = try? String(contentsOf: folder.appendingPathComponent("rows.csv"), encoding: .utf8) else {
        throw fail("rows.csv beside it cannot be read")
      }
      guard rows.split(separator: "\n").count == Int(high - low) else {
        throw fail("rows.csv should hold \(high - low) rows")
      }
      let columns = SweepRow.reservedNames.count + SweepMetrics.names.count
      if let bad = rows.split(separator: "\n").firstIndex(where: { CSVLine.cells(String($0)).count < columns }) {
        throw fail("rows.csv line \(bad + 1) has too few columns")
      }
      parts.append((shard, rows, folder))
    }
    if let problem = Shard.problem(with: parts.map(\.shard)) { throw ShardSet.Failure(description: problem) }
    guard let first else { throw ShardSet.Failure(description: "no shard folders given") }
    guard PinnedInputs.digest(ofFileAt: first.path) == first.digest else {
      throw ShardSet.Failure(description: "\(first.path): the sweep changed after the shards ran; run them again")
    }
    let sweep: Sweep
    // The shards ran this sweep within whatever limits they were given; merging only reads rows.
    do { sweep = try ScenarioLoader.loadSweep(path: first.path, limits: .large) } catch { throw ShardSet.Failure(description: error.description) }
    guard PinnedInputs.digest(ofFileAt: sweep.scenarioPath) == first.scenarioDigest else {
      throw ShardSet.Failure(description: "\(sweep.scenarioPath): the scenario changed after the shards ran; run them again")
    }
    let body = parts.sorted { $0.shard.index < $1.shard.index }.map(\.rows).joined()
    return (sweep, SweepRow.header(sweep.parameters) + "\n" + body)
  }

  private static func writeFiles(_ files: [(String, String)], to folder: URL) throws(RunDirectoryWriter.WriteError) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot create output folder '\(folder.path)': \(FileProblem.reason(writing: folder.path, error))")
    }
    var written: [BufferedFile] = []
    do {
      for (name, text) in files {
        written.append(try BufferedFile(final: folder.appendingPathComponent(name)))
        try written[written.count - 1].append(text)
      }
      for index in written.indices { try written[index].moveIntoPlace() }
    } catch {
      for index in written.indices { written[index].discard() }
      throw error
    }
  }
}
