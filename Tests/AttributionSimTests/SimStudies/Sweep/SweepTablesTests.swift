@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// The sweep's tables: parameters one column per leaf, the long format, per-point intervals,
/// and shards pinned to the inputs they read.
@Suite("Sweep tables")
struct SweepTablesTests {
  /// Writes the base scenario (with `schema` as its schema) and `sweep` into a scratch folder.
  private func withSweep<T>(
    _ sweep: String = TestScenarios.sweep, schemaFile: String? = nil, _ body: (Sweep, String, URL) throws -> T
  ) throws -> T {
    let folder = try TemporaryFolder.create("attrsim-sweep-tables")
    defer { try? FileManager.default.removeItem(at: folder) }
    var base = TestScenarios.sweepBase
    if let schemaFile {
      try schemaFile.write(to: folder.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
      base = base.replacing(
        required: "schema: { version: 1, fineValue: { revenueBuckets: [1, 5, 20] }, coarseValue: [{ value: \"high\", revenueAtLeast: 5 }, { value: \"low\" }] },",
        with: "schema: \"schema.json\",")
    }
    try base.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("sweep.json").path
    try sweep.write(toFile: path, atomically: true, encoding: .utf8)
    return try body(try ScenarioLoader.loadSweep(path: path), path, folder)
  }

  private static let schema =
    "{ version: 1, fineValue: { revenueBuckets: [1, 5, 20] }, coarseValue: [{ value: \"high\", revenueAtLeast: 5 }, { value: \"low\" }] }"

  @Test("an object-valued parameter spreads over one column per leaf, never JSON text; missing leaves are empty")
  func flattenedParameters() {
    let columns = SweepParameterColumns([
      SweepParameter(
        name: "thresholds", path: "privacy.thresholds",
        values: [.object(["tier2": .int(25), "tier1": .int(5)]), .object(["tier1": .int(10), "tier3": .int(200)])]),
      SweepParameter(name: "period", path: "privacy.crowdPeriod", values: [.string("1d"), .string("2d")]),
      SweepParameter(name: "ids", path: "x", values: [.array([.int(7), .object(["a": .bool(true)])])]),
    ])
    #expect(columns.names == ["thresholds.tier1", "thresholds.tier2", "thresholds.tier3", "period", "ids[0]", "ids[1].a"])
    #expect(
      columns.cells([.object(["tier1": .int(10), "tier3": .int(200)]), .string("2d"), .array([.int(7)])]).map { "\($0.column)=\($0.cell.text)" }
        == ["thresholds.tier1=10", "thresholds.tier2=", "thresholds.tier3=200", "period=2d", "ids[0]=7", "ids[1].a="])
    #expect(columns.columns(of: "thresholds") == [0, 1, 2])
    #expect(columns.columns(of: "ids") == [4, 5])
  }

  @Test("sweep.csv and the chart read a thresholds object as its leaves")
  func flattenedInOutputs() throws {
    let sweep = TestScenarios.sweep.replacing(
      required: "{ name: \"tier1\", path: \"privacy.thresholds.tier1\", values: [1, 2, 4] },",
      with: "{ name: \"thresholds\", path: \"privacy.thresholds\", values: [{ tier1: 1, tier2: 4, tier3: 8 }, { tier1: 2, tier2: 4, tier3: 8 }] },"
    ).replacing(required: "series: \"tier1\"", with: "series: \"thresholds\"").replacing(
      required: "replicates: 2", with: "replicates: 1")
    try withSweep(sweep) { sweep, _, _ in
      let table = SweepOutput.table(sweep, rows: SweepRunner.run(sweep, jobs: 2))
      let csv = table.csv
      let lines = csv.split(separator: "\n").map { CSVLine.cells(String($0)) }
      #expect(Array(lines[0].prefix(7)) == ["point", "replicate", "seed", "thresholds.tier1", "thresholds.tier2", "thresholds.tier3", "cohorts[0].count"])
      #expect(Array(lines[1][3...6]) == ["1", "4", "8", "150"])
      #expect(!csv.contains("{"))
      let chart = SweepOutput.chart(sweep, table: table)
      #expect(chart.series.map(\.name) == ["tier1 = 1, tier2 = 4, tier3 = 8", "tier1 = 2, tier2 = 4, tier3 = 8"])
      // One replicate: no interval to draw.
      #expect(chart.series.flatMap(\.points).allSatisfy { $0.interval == nil })
    }
  }

  @Test("sweep-points.csv: mean, sample sd and mean ± t(0.975, n−1)·sd/√n per point and figure, worked by hand")
  func intervalsByHand() throws {
    try withSweep { sweep, _, _ in
      let long = """
        point,replicate,campaign,window,metric,value
        0,0,,,users,1
        0,1,,,users,2
        0,2,,,users,4
        0,0,alpha/a,1,fineShare,0.500000
        0,1,alpha/a,1,fineShare,
        0,2,alpha/a,1,fineShare,0.250000
        1,0,,,users,3

        """
      var table = SweepTable(columns: SweepFigure.longColumns)
      for line in long.split(separator: "\n").dropFirst() { table.append(read: CSVLine.cells(String(line))) }
      let lines = SweepIntervals.table(sweep, long: table).csv.split(separator: "\n").map { CSVLine.cells(String($0)) }
      #expect(lines[0] == ["point", "tier1", "cohorts[0].count", "campaign", "window", "metric", "replicates", "mean", "sd", "lower", "upper"])
      // 1, 2, 4: mean 7/3; sd √((16/9 + 1/9 + 25/9) / 2) = √(7/3) = 1.527525; t(0.975, 2) = 4.302653,
      // half width 4.302653 × 1.527525 / √3 = 3.794583: −1.461250 cut at 0 (users are never
      // negative) to 6.127916.
      #expect(lines[1] == ["0", "1", "150", "", "", "users", "3", "2.333333", "1.527525", "0.000000", "6.127916"])
      // 0.5 and 0.25 (the empty replicate has no value): mean 0.375, sd 0.25/√2 = 0.176777; two
      // values are too few for an interval (t(0.975, 1) = 12.7 would give −1.21 to 1.96).
      #expect(lines[2] == ["0", "1", "150", "alpha/a", "1", "fineShare", "2", "0.375000", "0.176777", "", ""])
      // One replicate: a mean, and no spread or interval.
      #expect(lines[3] == ["1", "1", "300", "", "", "users", "1", "3.000000", "", "", ""])
      #expect(lines.count == 4)
    }
  }

  @Test("sweep-long.csv reads back through a CSV reader under its documented columns and agrees with sweep.csv")
  func longRoundTrip() throws {
    try withSweep { sweep, _, _ in
      let rows = SweepRunner.run(sweep, jobs: 2)
      let tables = SweepOutput.tables(sweep, rows: rows)
      let long = tables.long.split(separator: "\n").map { CSVLine.cells(String($0)) }
      #expect(long[0] == ["point", "replicate", "campaign", "window", "metric", "value"])
      #expect(long.dropFirst().allSatisfy { $0.count == 6 })
      #expect(Set(long.dropFirst().map { $0[3] }) == ["", "1", "2", "3"], "windows numbered 1 to 3")
      // Run-wide and per-campaign figures; postbacks whose 2-digit source identifier (07) both
      // campaigns (1207, 3307) end in are the decoding report's "?07".
      #expect(Set(long.dropFirst().map { $0[2] }) == ["", "alpha/a", "alpha/b", "alpha/?07"])
      // Every run-wide figure equals its sweep.csv cell, the window's digit back on the name.
      let wide = tables.csv.split(separator: "\n").map { CSVLine.cells(String($0)) }
      for line in long.dropFirst() where line[2].isEmpty {
        let row = wide.first { $0[0] == line[0] && $0[1] == line[1] }!
        #expect(row[wide[0].firstIndex(of: line[4] + line[3])!] == line[5], "\(line)")
      }
      // A campaign's windows hold its revenue: their true revenue adds up to the campaign's.
      let campaign = long.filter { $0[0] == "0" && $0[1] == "0" && $0[2] == "alpha/a" && $0[4] == "trueRevenue" }
      let whole = Double(campaign.first { $0[3].isEmpty }![5])!
      let windows = campaign.filter { !$0[3].isEmpty }.map { Double($0[5])! }
      #expect(windows.count == 3)
      #expect(abs(windows.reduce(0, +) - whole) < 0.015)
      #expect(whole > 0)
    }
  }

  @Test("the chart's points carry the 95 % interval of the replicates' mean as error bars, cut at 0 for counts")
  func chartIntervals() throws {
    try withSweep(TestScenarios.sweep.replacing(required: "replicates: 2,", with: "replicates: 3,")) { sweep, _, _ in
      let table = SweepOutput.table(sweep, rows: SweepRunner.run(sweep, jobs: 2))
      let csv = table.csv
      let chart = SweepOutput.chart(sweep, table: table, outcome: "attributedInstalls")
      let lines = csv.split(separator: "\n").map { CSVLine.cells(String($0)) }
      let column = lines[0].firstIndex(of: "attributedInstalls")!
      // Point 0 (tier1 = 1, 150 users): its two replicates' installs.
      let values = lines.dropFirst().filter { $0[0] == "0" }.map { Double($0[column])! }
      #expect(values.count == 3)
      let expected = ConfidenceInterval(values, range: .nonNegative)!
      let point = chart.series[0].points.first { $0.y == expected.mean }
      #expect(point?.interval == expected.lower! ... expected.upper!)
      #expect(chart.caption.contains("95 % Student t interval"))
      #expect(chart.svg().contains("<line"))
    }
  }

  @Test("a sweep decodes at midpoints unless given an estimator, which changes its decoded figures and nothing else")
  func estimatorReachesTheRuns() throws {
    try withSweep { sweep, _, _ in
      let midpoint = SweepRunner.run(sweep, jobs: 2)
      let lower = SweepRunner.run(sweep, jobs: 2, estimator: .lowerBound)
      // The early estimates are decoded revenue too.
      let decoded: Set<String> = Set(["decodedRevenue", "revenueError", "campaignRevenueError"]
        + (1...3).flatMap { ["earlyError\($0)", "earlyOrderedShare\($0)"] })
      var moved = false
      for (a, b) in zip(midpoint, lower) {
        #expect(a.metrics.outcomes.map(\.name) == b.metrics.outcomes.map(\.name))
        for (x, y) in zip(a.metrics.outcomes, b.metrics.outcomes) {
          if decoded.contains(x.name) { moved = moved || x.value != y.value } else { #expect(x.value == y.value, "\(x.name)") }
        }
      }
      #expect(moved, "lower bounds decode less than midpoints somewhere")
      #expect(SweepRunner.run(sweep, jobs: 2, estimator: .midpoint).map(\.metrics) == midpoint.map(\.metrics))
    }
  }

  @Test("shards run with different estimators are refused at merge, naming both; the same one merges")
  func shardsKeepTheirEstimator() throws {
    try withSweep { sweep, path, folder in
      func shard(_ index: Int, _ estimator: DecodingSettings.Estimate?, into name: String) throws -> URL {
        let shard = Shard(index: index, count: 2)!
        let rows = SweepRunner.run(sweep, rows: shard.range(of: sweep.rowCount), jobs: 2, estimator: estimator)
        let target = folder.appendingPathComponent(name)
        try SweepOutput.writeShard(sweep, path: path, shard: shard, rows: rows, to: target, estimator: estimator)
        return target
      }
      let lower = [try shard(0, .lowerBound, into: "a0"), try shard(1, .lowerBound, into: "a1")]
      let merged = try SweepOutput.merge(folders: lower)
      #expect(merged.tables == SweepOutput.tables(sweep, rows: SweepRunner.run(sweep, jobs: 2, estimator: .lowerBound)))
      let mixed = [lower[0], try shard(1, nil, into: "b1")]
      do {
        _ = try SweepOutput.merge(folders: mixed)
        Issue.record("shards decoded apart were merged")
      } catch {
        #expect("\(error)".contains("decoded with no --estimator, those of \(lower[0].path) with --estimator lower"), "\(error)")
      }
    }
  }

  @Test("sweep shards pin their inputs: merged from moved folders after the files changed, refused when the shards read different schemas")
  func pinnedShards() throws {
    try withSweep(schemaFile: Self.schema) { sweep, path, folder in
      #expect(sweep.inputFiles.map { URL(fileURLWithPath: $0).lastPathComponent } == ["sweep.json", "base.json", "schema.json"])
      let tables = SweepOutput.tables(sweep, rows: SweepRunner.run(sweep, jobs: 2))
      var folders: [URL] = []
      for index in 0..<2 {
        let shard = Shard(index: index, count: 2)!
        folders.append(folder.appendingPathComponent("shards/s\(index)"))
        try SweepOutput.writeShard(
          sweep, path: path, shard: shard, rows: SweepRunner.run(sweep, rows: shard.range(of: sweep.rowCount)),
          to: folders[index])
      }
      // Moved, and the originals changed: the merge reads the copies.
      let moved = folder.appendingPathComponent("elsewhere")
      try FileManager.default.moveItem(at: folder.appendingPathComponent("shards"), to: moved)
      try "{ broken".write(to: folder.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
      let movedFolders = [moved.appendingPathComponent("s1"), moved.appendingPathComponent("s0")]
      #expect(try SweepOutput.merge(folders: movedFolders).tables == tables)

      // Shard 1 run again after the schema changed: refused, naming both folders and the file.
      try Self.schema.replacing(required: "[1, 5, 20]", with: "[1, 5, 30]")
        .write(to: folder.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
      let changed = try ScenarioLoader.loadSweep(path: path)
      let shard = Shard(index: 1, count: 2)!
      try SweepOutput.writeShard(
        changed, path: path, shard: shard, rows: SweepRunner.run(changed, rows: shard.range(of: changed.rowCount)),
        to: movedFolders[0])
      do throws(ShardSet.Failure) {
        _ = try SweepOutput.merge(folders: movedFolders)
        Issue.record("shards that read different schemas merged")
      } catch {
        #expect(error.description.contains(movedFolders[0].path) && error.description.contains(movedFolders[1].path))
        #expect(error.description.contains("read 'schema.json' with other contents"))
      }
    }
  }
}
