@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Sweeps: reading, common random numbers, ordered parallel results and shards.
@Suite("Sweeps")
struct SweepTests {
  /// Writes the base scenario and `sweep` into a scratch folder and loads the sweep.
  private func withSweep<T>(_ sweep: String = TestScenarios.sweep, _ body: (Sweep, String, URL) throws -> T) throws -> T {
    let folder = try TemporaryFolder.create("attrsim-sweep")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestScenarios.sweepBase.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("sweep.json").path
    try sweep.write(toFile: path, atomically: true, encoding: .utf8)
    return try body(try ScenarioLoader.loadSweep(path: path), path, folder)
  }

  private func diagnostics(of sweep: String) throws -> [String] {
    do {
      return try withSweep(sweep) { _, _, _ in [] }
    } catch let error as ScenarioLoadError {
      return error.diagnostics.map(\.description)
    }
  }

  @Test("a grid crosses every value of each parameter, first parameter slowest, replicates together")
  func gridPoints() throws {
    try withSweep { sweep, _, _ in
      #expect(sweep.points.count == 6 && sweep.rowCount == 12)
      #expect(sweep.points.map(\.settings) == [[1, 150], [1, 300], [2, 150], [2, 300], [4, 150], [4, 300]])
      #expect(sweep.points[4].scenario.privacy.thresholds == [4, 4, 8])
      #expect(sweep.points[4].scenario.cohorts[0].count == 150)
    }
  }

  @Test("common random numbers: at two threshold settings the same users install at the same times from the same campaigns")
  func commonRandomNumbers() throws {
    try withSweep { sweep, _, _ in
      func behaviour(_ point: Int) -> [String] {
        ScenarioRunner.collect(sweep.points[point].scenario).outputs.conversions.map { record in
          guard case .object(var object) = record.json else { return "" }
          // What thresholds decide is left out; everything the users did stays.
          for key in ["tier", "sourceIdentifierDigits", "windows", "runnerUps"] { object[key] = nil }
          return JSONValue.object(object).serialized()
        }
      }
      let loose = behaviour(1), strict = behaviour(5)
      #expect(!loose.isEmpty)
      #expect(loose == strict)
      let rows = SweepRunner.run(sweep, jobs: 2)
      // Tiers differ between the settings, so the comparison above is not vacuous.
      #expect(rows[2].metrics.values[3] != rows[10].metrics.values[3])
      #expect(rows[2].metrics.values[1] == rows[10].metrics.values[1], "attributed installs")
    }
  }

  @Test("rows come back in point order whatever the number of jobs; replicate r's seed hashes (seed, r), as run replicates' do")
  func orderedAndReproducible() throws {
    try withSweep { sweep, _, _ in
      let serial = SweepRunner.run(sweep, jobs: 1)
      let parallel = SweepRunner.run(sweep, jobs: 3)
      #expect(serial == parallel)
      #expect(serial.map(\.point) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
      // Replicate 0 keeps the scenario's seed; replicate 1 is ReplicateSeeds' hash, not 11 + 1.
      let second = ReplicateSeeds.seed(base: 11, replicate: 1)
      #expect(second != 12)
      #expect(serial.map(\.seed) == Array(repeating: [11, second], count: 6).flatMap { $0 })
    }
  }

  @Test("shards of a sweep merge into the single run's sweep.csv byte for byte")
  func shardsMerge() throws {
    try withSweep { sweep, path, folder in
      let tables = SweepOutput.tables(sweep, rows: SweepRunner.run(sweep))
      let whole = tables.csv
      var folders: [URL] = []
      for index in 0..<4 {
        let shard = Shard(index: index, count: 4)!
        folders.append(folder.appendingPathComponent("s\(index)"))
        let rows = SweepRunner.run(sweep, rows: shard.range(of: sweep.rowCount))
        try SweepOutput.writeShard(sweep, path: path, shard: shard, rows: rows, to: folders[index])
      }
      let merged = try SweepOutput.merge(folders: folders.shuffled())
      #expect(merged.tables == tables)
      #expect(throws: ShardSet.Failure.self) { try SweepOutput.merge(folders: Array(folders.dropLast())) }
      #expect(whole.split(separator: "\n").count == 13)
      #expect(whole.hasPrefix("point,replicate,seed,tier1,cohorts[0].count,users,attributedInstalls,"))
    }
  }

  @Test("the chart draws one line per series value, averaging each point's replicates")
  func chartFromCSV() throws {
    try withSweep { sweep, _, _ in
      let chart = SweepOutput.chart(sweep, table: SweepOutput.table(sweep, rows: SweepRunner.run(sweep)))
      #expect(chart.series.map(\.name) == ["tier1 = 1", "tier1 = 2", "tier1 = 4"])
      #expect(chart.series.allSatisfy { $0.points.count == 2 })
      #expect(chart.yRange == 0...1 && chart.xScale == .logarithmic && chart.yFormat == .percent)
    }
  }

  @Test("bad sweeps are reported in full: unknown keys, paths not in the scenario, unequal lists, bad values located in the sweep file")
  func badSweeps() throws {
    let unknown = try diagnostics(of: TestScenarios.sweep.replacing(required: "replicates: 2", with: "replicate: 2"))
    #expect(unknown.contains { $0.contains("unknown key 'replicate'; did you mean 'replicates'?") })
    let path = try diagnostics(of: TestScenarios.sweep.replacing(required: "privacy.thresholds.tier1", with: "privcy.thresholds.tier1"))
    #expect(path.contains { $0.contains("'privcy' is not in the scenario; did you mean 'privacy'?") })
    let beyond = try diagnostics(of: TestScenarios.sweep.replacing(required: "cohorts[0].count", with: "cohorts[3].count"))
    #expect(beyond.contains { $0.contains("'cohorts[3]' is beyond the scenario's 1 element(s)") })
    let list = try diagnostics(of: TestScenarios.sweep.replacing(required: "replicates: 2", with: "replicates: 2, combine: 'list'"))
    #expect(list.contains { $0.contains("the lists have 3, 2 values") })
    let value = try diagnostics(of: TestScenarios.sweep.replacing(required: "values: [150, 300]", with: "values: [150, -3]"))
    #expect(value.count == 1)
    #expect(value.first?.contains("sweep.json:5:") == true, "located at the value in the sweep file: \(value)")
    #expect(value.first?.contains("with tier1 = 1, cohorts[0].count = -3") == true)
    let chart = try diagnostics(of: TestScenarios.sweep.replacing(required: "y: \"nullShare1\"", with: "y: \"nullShare\""))
    #expect(chart.contains { $0.contains("'nullShare' is neither a parameter nor an outcome column; did you mean") })
  }

  @Test("sweep paths: keys and plain indices only; overlapping parameters and reserved names are refused")
  func pathsAndNames() throws {
    #expect(SweepPath("cohorts[0].count")?.components == [.key("cohorts"), .index(0), .key("count")])
    #expect(SweepPath("a.b[12][3]")?.components == [.key("a"), .key("b"), .index(12), .index(3)])
    for bad in ["cohorts[0]count", "cohorts[00].count", "cohorts[-1]", "a..b", "a.", ".a", "a[1].", "a[]", "a.[0]"] {
      #expect(SweepPath(bad) == nil, "\(bad)")
    }
    #expect(SweepPath("cohorts[1]")!.contains(diagnosticPath: "cohorts[1].count"))
    #expect(!SweepPath("cohorts[1]")!.contains(diagnosticPath: "cohorts[10].count"))
    let overlap = try diagnostics(
      of: TestScenarios.sweep.replacing(required: "replicates: 2,", with: "replicates: 2,").replacing(
        required: "{ path: \"cohorts[0].count\", values: [150, 300] },",
        with: "{ path: \"privacy\", values: [{ crowdPeriod: '1d' }] },"))
    #expect(overlap.contains { $0.contains("'privacy' overlaps parameter 'privacy.thresholds.tier1'") })
    let reserved = try diagnostics(
      of: TestScenarios.sweep.replacing(required: "{ path: \"cohorts[0].count\", values: [150, 300] },", with: "{ path: \"seed\", values: [1, 2] },"))
    #expect(reserved.contains { $0.contains("the column name 'seed' is taken") })
  }

  @Test("CSV cells split back exactly as they were quoted: commas, quotes and JSON objects")
  func csvRoundTrip() {
    let cells = ["1", "{\"tier1\":5,\"tier2\":25}", "say \"hi\"", "", "a,b", "plain"]
    #expect(CSVLine.cells(cells.map(CSVField.text).joined(separator: ",")) == cells)
    #expect(CSVField.decimal(0.25, places: 6) == "0.250000")
    #expect(CSVField.decimal(-1.0000004, places: 6) == "-1.000000")
    #expect(CSVField.decimal(12.3456789, places: 2) == "12.35")
  }
}
