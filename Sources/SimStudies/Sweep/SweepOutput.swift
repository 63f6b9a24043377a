import Foundation
import SimInput
import SimJSON
import SimModel
import SimOutput
import SimRecords
import SimRun

/// A sweep's files: `sweep.csv`, `sweep-long.csv`, `sweep-points.csv`, `sweep.svg` and
/// `sweep.html`, whole or from shards' partial results.
public enum SweepOutput {
  /// The two tables every other file is made from: `sweep.csv` (one row per point and
  /// replicate) and `sweep-long.csv` (one row per figure of each run).
  public struct Tables: Sendable, Equatable {
    /// `sweep.csv`'s rows, typed.
    package var wide: SweepTable
    /// `sweep-long.csv`'s rows, typed.
    package var longTable: SweepTable
    /// `sweep.csv`.
    public var csv: String { wide.csv }
    /// `sweep-long.csv`.
    public var long: String { longTable.csv }

    /// Tables are alike when they write the same files: a merged sweep's cells, read from its
    /// shards' files, are text where a whole sweep's are numbers.
    public static func == (a: Tables, b: Tables) -> Bool { a.csv == b.csv && a.long == b.long }
  }

  /// The tables for `rows`, which must be all of the sweep's rows in order.
  public static func tables(_ sweep: Sweep, rows: [SweepRow]) -> Tables {
    var long = SweepTable(columns: SweepFigure.longColumns)
    for row in rows { row.longCells.forEach { long.append($0) } }
    return Tables(wide: table(sweep, rows: rows), longTable: long)
  }

  /// `sweep.csv`'s table for `rows`, which must be all of the sweep's rows in order.
  package static func table(_ sweep: Sweep, rows: [SweepRow]) -> SweepTable {
    let columns = SweepParameterColumns(sweep.parameters)
    var table = SweepTable(columns: SweepRow.columns(columns))
    for row in rows { table.append(row.cells(columns)) }
    return table
  }

  /// `sweep.csv` for `rows`, which must be all of the sweep's rows in order.
  public static func csv(_ sweep: Sweep, rows: [SweepRow]) -> String { table(sweep, rows: rows).csv }

  /// `sweep-points.csv` from the tables: each figure's mean, standard deviation and 95 %
  /// interval over each point's replicates.
  public static func points(_ sweep: Sweep, tables: Tables) -> String { SweepIntervals.table(sweep, long: tables.longTable).csv }

  /// The sweep's chart from its `sweep.csv` table: at each point the mean of its replicates (x and y
  /// alike, as measured outcomes vary between replicates) with the 95 % Student t interval of
  /// y's mean as error bars, one line per value of the series parameter. `outcome` charts
  /// another column against the same x and series.
  package static func chart(_ sweep: Sweep, table: SweepTable, outcome: String? = nil) -> LineChart {
    let header = table.columns
    var spec = sweep.chart
    if let outcome { spec.y = outcome }
    func column(_ name: String?) -> Int? { name.flatMap { header.firstIndex(of: $0) } }
    let (x, y) = (column(spec.x), column(spec.y))
    // A parameter whose values are objects spreads over several columns; its lines are named
    // after all of them.
    let series: [(column: Int, leaf: String)] = spec.series.map { name in
      header.indices.compactMap { index in
        let cell = header[index]
        if cell == name { return (index, name) }
        guard cell.hasPrefix(name), let next = cell.dropFirst(name.count).first, next == "." || next == "[" else { return nil }
        return (index, String(cell.dropFirst(name.count + (next == "." ? 1 : 0))))
      }
    } ?? []
    var order: [String] = []
    var points: [String: [String: (x: [Double], y: [Double])]] = [:]
    var pointOrder: [String: [String]] = [:]
    for cells in table.rows {
      guard let x, let y, let xValue = cells[x].number, let yValue = cells[y].number else { continue }
      let name = series.isEmpty ? spec.y : series.map { "\($0.leaf) = \(cells[$0.column].text)" }.joined(separator: ", ")
      let point = cells[0].text
      if points[name] == nil { order.append(name) }
      if points[name, default: [:]][point] == nil { pointOrder[name, default: []].append(point) }
      points[name, default: [:]][point, default: ([], [])].x.append(xValue)
      points[name, default: [:]][point, default: ([], [])].y.append(yValue)
    }
    let share = spec.y.contains("Share")
    // Errors are relative, so they read as percentages too, but with no fixed range: they can pass ±100%.
    let percent = share || spec.y.hasSuffix("Error")
    let bars =
      switch sweep.replicates {
      case ConfidenceInterval.minimumReplicates...:
        ", with the 95 % Student t interval of the mean, cut to the figure's range, as error bars"
      case 2: " (no error bars: an interval needs \(ConfidenceInterval.minimumReplicates) replicates)"
      default: ""
      }
    return LineChart(
      title: label(spec.y), xLabel: label(spec.x), yLabel: label(spec.y) + (percent ? " (%)" : ""),
      caption: "Sweep \(sweep.name): each point is the mean of its \(sweep.replicates) replicate(s)" + bars
        + (spec.series.map { "; one line per value of \($0)." } ?? "."),
      series: order.map { name in
        LineChart.Series(
          name: name,
          points: pointOrder[name]!.map { point in
            let values = points[name]![point]!
            let interval = ConfidenceInterval(values.y, range: SweepFigure.range(ofMetric: spec.y))!
            return LineChart.Point(
              x: values.x.reduce(0, +) / Double(values.x.count), y: interval.mean,
              interval: interval.lower.flatMap { lower in interval.upper.map { lower...$0 } })
          }
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

  /// The files `write(_:tables:to:)` writes.
  public static let fileNames = ["sweep.csv", "sweep-long.csv", "sweep-points.csv", "sweep.svg", "sweep.html"]

  /// Writes `sweep.csv`, `sweep-long.csv`, `sweep-points.csv`, `sweep.svg` and `sweep.html`
  /// into `folder`, each replaced atomically.
  public static func write(_ sweep: Sweep, tables: Tables, to folder: URL) throws(RunDirectoryWriter.WriteError) {
    let files: [(name: String, text: String)] = [
      ("sweep.csv", tables.csv), ("sweep-long.csv", tables.long), ("sweep-points.csv", points(sweep, tables: tables)),
      ("sweep.svg", chart(sweep, table: tables.wide).svg()), ("sweep.html", SweepReport(sweep, tables: tables).html),
    ]
    precondition(files.map(\.name) == fileNames, "fileNames names what write writes")
    try BufferedFile.write(files, into: folder)
  }

  /// The shard manifest's format; version 2 pins every input file (version 1 recorded the
  /// sweep's and scenario's paths and digests only); version 3 notes each copy's original, so
  /// that a reference by absolute path finds the copy; version 4's rows have the postbacks-per-
  /// install columns.
  package static let manifestFormat = "attrsim-sweep-shard", manifestVersion: Int64 = 4

  /// Writes a shard's rows (`rows.csv`, `long.csv`), copies of every file the sweep read
  /// (`inputs/`) and `sweep-shard.json` for ``merge(folders:)``.
  public static func writeShard(
    _ sweep: Sweep, path: String, shard: Shard, rows: [SweepRow], to folder: URL,
    estimator: DecodingSettings.Estimate? = nil
  ) throws(ShardSet.Failure) {
    let range = shard.range(of: sweep.rowCount)
    // The manifest goes first and comes back last (BufferedFile.write renames in order): a folder
    // without it is a shard that did not finish.
    let manifestURL = folder.appendingPathComponent("sweep-shard.json")
    try? FileManager.default.removeItem(at: manifestURL)
    func removeInputs() { try? FileManager.default.removeItem(at: folder.appendingPathComponent(PinnedInputs.folderName)) }
    let inputs: PinnedInputs
    do { inputs = try PinnedInputs.pin(files: sweep.inputFiles, what: "sweep", into: folder) } catch {
      removeInputs()
      throw error
    }
    var members: [String: JSONValue] = [
      "format": .string(manifestFormat), "version": .int(manifestVersion), "sweep": .string(path),
      "inputs": inputs.json, "shard": .string(shard.description),
      "rows": .array([.int(Int64(range.lowerBound)), .int(Int64(range.upperBound))]),
    ]
    // The decoding the rows were valued with, so that merge can refuse shards valued apart;
    // absent for the default, as shards from before the option wrote it.
    if let estimator { members["estimator"] = .string(estimator.rawValue) }
    let manifest: JSONValue = .object(members)
    let tables = tables(sweep, rows: rows)
    do {
      try BufferedFile.write(
        [
          ("rows.csv", tables.wide.body), ("long.csv", tables.longTable.body),
          ("sweep-shard.json", manifest.serialized(pretty: true) + "\n"),
        ],
        into: folder)
    } catch {
      removeInputs()
      throw ShardSet.Failure(description: error.description, kind: .cannotWrite)
    }
  }

  /// Whether `folder` holds a sweep shard rather than a run shard.
  public static func isShard(_ folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep-shard.json").path)
  }

  /// Reads the shards of one sweep, checks they are complete and read the same inputs, and
  /// returns the sweep (loaded from the inputs pinned beside the first shard, so the folders may
  /// have moved and the originals changed) with the tables a single run would have written.
  public static func merge(folders: [URL]) throws(ShardSet.Failure) -> (sweep: Sweep, tables: Tables) {
    var parts: [(shard: Shard, rows: String, long: String, folder: URL, inputs: PinnedInputs, path: String, estimator: JSONValue?)] = []
    for folder in folders {
      let url = folder.appendingPathComponent("sweep-shard.json")
      func fail(_ reason: String) -> ShardSet.Failure { ShardSet.Failure(description: "\(url.path): \(reason)") }
      let object = try ManifestFile.members(
        at: url, what: "a sweep shard's manifest", format: manifestFormat, version: manifestVersion,
        notKind: "not a sweep shard", otherVersion: "written by another version of attrsim; run the shards again")
      guard case .string(let path) = object["sweep"] else { throw fail("$.sweep: expected the sweep's path") }
      let inputs: PinnedInputs
      do { inputs = try PinnedInputs(json: object["inputs"]) } catch { throw fail(error.description) }
      guard case .string(let shardText) = object["shard"], let shard = Shard(shardText) else {
        throw fail("$.shard: expected \"I/N\" with I below N, found \(object["shard"].map { $0.serialized() } ?? "nothing")")
      }
      guard case .array(let bounds) = object["rows"], bounds.count == 2, case .int(let low) = bounds[0],
        case .int(let high) = bounds[1], low >= 0, low <= high
      else {
        throw fail("$.rows: expected [first, end] row numbers, found \(object["rows"].map { $0.serialized() } ?? "nothing")")
      }
      if let first = parts.first {
        if let difference = first.inputs.difference(from: inputs) {
          throw ShardSet.Failure(
            description: "\(folder.path) (shard \(shard)) \(difference) (against \(first.folder.path), shard \(first.shard)): "
              + "the inputs changed between the shards; run them again")
        }
        guard shard.count == first.shard.count else {
          throw fail(
            "$.shard: expected one of \(first.shard.count) shards, as \(first.folder.path) (shard \(first.shard)), found \(shard)")
        }
        guard object["estimator"] == first.estimator else {
          func name(_ value: JSONValue?) -> String {
            guard case .string(let estimator)? = value else { return "no --estimator" }
            return "--estimator \(estimator)"
          }
          throw fail(
            "its rows were decoded with \(name(object["estimator"])), those of \(first.folder.path) with \(name(first.estimator)); "
              + "run every shard with the same")
        }
      }
      let rowsURL = folder.appendingPathComponent("rows.csv"), longURL = folder.appendingPathComponent("long.csv")
      let rows = try ShardFile.text(rowsURL, what: "the rows of sweep shard \(shard)")
      let long = try ShardFile.text(longURL, what: "the long rows of sweep shard \(shard)")
      let rowCount = rows.split(separator: "\n").count
      guard rowCount == Int(high - low) else {
        throw ShardSet.Failure(
          description: "\(rowsURL.path): expected \(high - low) rows (rows \(low)–\(high - 1), as sweep-shard.json beside it says), "
            + "found \(rowCount): the shard is damaged; run it again")
      }
      if let bad = long.split(separator: "\n").firstIndex(where: {
        CSVLine.cells(String($0)).count != SweepFigure.longColumns.count
      }) {
        throw ShardSet.Failure(
          description: "\(longURL.path):\(bad + 1): expected the \(SweepFigure.longColumns.count) columns "
            + "\(SweepFigure.longColumns.joined(separator: ", ")), found \(CSVLine.cells(String(long.split(separator: "\n")[bad])).count)")
      }
      parts.append((shard, rows, long, folder, inputs, path, object["estimator"]))
    }
    if let problem = Shard.problem(with: parts.map(\.shard), folders: parts.map(\.folder.path)) { throw ShardSet.Failure(description: problem) }
    guard let first = parts.first else { throw ShardSet.Failure(description: "no shard folders given") }
    // Every shard's copies, not only the first's: a shard whose copy changed ran something else.
    var copies: [InputCopies] = []
    for part in parts { copies.append(try part.inputs.verified(in: part.folder, shard: "sweep shard \(part.shard)")) }
    let sweep: Sweep
    // The shards ran these very files (the digests say so), within whatever limits they were given.
    do { sweep = try ScenarioLoader.loadSweep(pinned: copies[0], original: first.inputs.source, limits: .large) } catch {
      throw ShardSet.Failure(description: error.description)
    }
    let columns = SweepParameterColumns(sweep.parameters)
    for part in parts {
      let width = SweepRow.reservedNames.count + columns.names.count + SweepMetrics.names.count
      if let bad = part.rows.split(separator: "\n").firstIndex(where: { CSVLine.cells(String($0)).count != width }) {
        throw ShardSet.Failure(
          description: "\(part.folder.appendingPathComponent("rows.csv").path):\(bad + 1): expected the sweep's \(width) columns, "
            + "found \(CSVLine.cells(String(part.rows.split(separator: "\n")[bad])).count)")
      }
    }
    // The shards' files, read once into the tables a single run would have made.
    var wide = SweepTable(columns: SweepRow.columns(columns)), long = SweepTable(columns: SweepFigure.longColumns)
    for part in parts.sorted(by: { $0.shard.index < $1.shard.index }) {
      for line in part.rows.split(separator: "\n") { wide.append(read: CSVLine.cells(String(line))) }
      for line in part.long.split(separator: "\n") { long.append(read: CSVLine.cells(String(line))) }
    }
    return (sweep, Tables(wide: wide, longTable: long))
  }
}
