@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// The two-phase tier stage: shards write crowd counts (phase 1), a reduce adds them up in a
/// tree, each shard decides its own tiers from the sum (phase 2), and the merge only
/// interleaves the shards' final files; the outputs equal a whole run's byte for byte.
@Suite("Two-phase tiers")
struct TwoPhaseTierTests {
  /// The quickstart at a tenth of its users, schema paths made absolute.
  private func scenarioText() throws -> String {
    var text = try String(contentsOfFile: TestPaths.scenarios + "/quickstart.json", encoding: .utf8)
    for (old, new) in try #require(ShardingTests.sampleEdits["quickstart.json"]) { text = text.replacing(required: old, with: new) }
    return text
  }

  private static let files = ["postbacks.jsonl", "conversions.jsonl", "summary.json", "keys.json", "decoded.csv", "trace.jsonl"]

  /// Runs `count` shards of the scenario at `path` into `folder/NAME-i`.
  private func shards(_ path: String, count: Int, seed: UInt64? = nil, in folder: URL, name: String) throws -> [URL] {
    var scenario = try ScenarioLoader.load(path: path)
    if let seed { scenario.seed = seed }
    return try (0..<count).map { index in
      let shardFolder = folder.appendingPathComponent("\(name)-\(index)")
      _ = try ShardSet.run(scenario, path: path, shard: Shard(index: index, count: count)!, folder: shardFolder)
      return shardFolder
    }
  }

  /// Sums `folders` pairwise, then the sums pairwise, until one is left: a tree of reduces.
  private func treeReduce(_ folders: [URL], in folder: URL, level: Int = 0) throws -> URL {
    guard folders.count > 1 else {
      let only = folder.appendingPathComponent("sum-single")
      try ShardSet.reduceCounts(folders, into: only)
      return only
    }
    var sums: [URL] = []
    for start in stride(from: 0, to: folders.count, by: 2) {
      let sum = folder.appendingPathComponent("sum-\(level)-\(start)")
      try ShardSet.reduceCounts(Array(folders[start..<min(start + 2, folders.count)]), into: sum)
      sums.append(sum)
    }
    return sums.count == 1 ? sums[0] : try treeReduce(sums, in: folder, level: level + 1)
  }

  @Test("phase 1 counts, a tree of reduces, phase 2 per shard and the interleaving merge equal the whole run byte for byte (1, 2, 8, 16 shards)")
  func twoPhaseEqualsWhole() throws {
    let folder = try TemporaryFolder.create("attrsim-two-phase")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try scenarioText().write(toFile: path, atomically: true, encoding: .utf8)
    let scenario = try ScenarioLoader.load(path: path)
    let whole = folder.appendingPathComponent("whole")
    var writer = try RunDirectoryWriter(directory: whole, scenario: scenario, trace: true)
    try writer.commit(ScenarioRunner.run(scenario, sink: &writer), scenario: scenario)
    for count in [1, 2, 8, 16] {
      let parts = try shards(path, count: count, in: folder, name: "s\(count)")
      let sum = try treeReduce(parts.shuffled(), in: folder.appendingPathComponent("sums\(count)"))
      for part in parts { try ShardSet.finalise(shard: part, counts: sum) }
      let set = try ShardSet(folders: parts.reversed())
      #expect(set.isFinalised)
      let merged = folder.appendingPathComponent("merged\(count)")
      var out = try RunDirectoryWriter(directory: merged, scenario: scenario, trace: true)
      try out.commit(try set.merge(into: &out), scenario: scenario)
      for file in Self.files {
        let expected = try Data(contentsOf: whole.appendingPathComponent(file))
        let got = try Data(contentsOf: merged.appendingPathComponent(file))
        #expect(got == expected, "\(count) shard(s): \(file) differs")
      }
    }
  }

  /// The whole run of `path` and its two-phase merges from `counts` shards, each decoded with
  /// `decoding`; returns the files that differ, by shard count.
  private func twoPhaseDifferences(
    _ path: String, counts: [Int], decoding: CalibratedDecoding?, in folder: URL, name: String
  ) throws -> [String] {
    let scenario = try ScenarioLoader.load(path: path)
    let whole = folder.appendingPathComponent("\(name)-whole")
    var writer = try RunDirectoryWriter(directory: whole, scenario: scenario, trace: true)
    try writer.commit(ScenarioRunner.run(scenario, sink: &writer, decoding: decoding), scenario: scenario)
    var differences: [String] = []
    for count in counts {
      let parts = try shards(path, count: count, in: folder, name: "\(name)\(count)")
      let sum = folder.appendingPathComponent("\(name)\(count)-sum")
      try ShardSet.reduceCounts(parts, into: sum)
      for part in parts { try ShardSet.finalise(shard: part, counts: sum) }
      let merged = folder.appendingPathComponent("\(name)\(count)-merged")
      var out = try RunDirectoryWriter(directory: merged, scenario: scenario, trace: true)
      try out.commit(try ShardSet(folders: parts).merge(into: &out, decoding: decoding), scenario: scenario)
      for file in Self.files
      where try Data(contentsOf: whole.appendingPathComponent(file)) != Data(contentsOf: merged.appendingPathComponent(file)) {
        differences.append("\(count) shard(s): \(file)")
      }
    }
    return differences
  }

  @Test("phase 2 receives per shard and the last merge decodes: a calibration's estimates and AdAttributionKit's JWS postbacks merge to the whole run's bytes (1, 3, 8 shards)")
  func receiversPerShard() throws {
    let folder = try TemporaryFolder.create("attrsim-two-phase")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try scenarioText().write(toFile: path, atomically: true, encoding: .utf8)
    let scenario = try ScenarioLoader.load(path: path)
    let settings = CalibrationSettings(installs: 200, minimumRuns: 1, maximumRuns: 2, minimumCellInstalls: 5)
    let calibrated = Calibrator.decoding(
      for: scenario, estimator: .calibrated, calibration: Calibrator.calibrate(scenario, settings: settings))
    #expect(try twoPhaseDifferences(path, counts: [1, 3, 8], decoding: calibrated, in: folder, name: "cal") == [])
    // The figures the shards worked out per user are in it: conversions with a first signal and a median.
    let summary = try JSONValue(JSONParser.parse(String(contentsOf: folder.appendingPathComponent("cal8-merged/summary.json"), encoding: .utf8)))
    guard case .object(let top) = summary, case .object(let decoding)? = top["decoding"], case .object(let first)? = decoding["firstSignal"],
      case .int(let conversions)? = first["conversions"], case .double? = first["medianHours"], case .object? = decoding["estimator"]
    else {
      Issue.record("summary.json has no calibrated decoding with first signals")
      return
    }
    #expect(conversions > 0)

    var text = try String(contentsOfFile: TestPaths.scenarios + "/adattributionkit.json", encoding: .utf8)
    for (old, new) in try #require(ShardingTests.sampleEdits["adattributionkit.json"]) { text = text.replacing(required: old, with: new) }
    let aak = folder.appendingPathComponent("aak.json").path
    try text.write(toFile: aak, atomically: true, encoding: .utf8)
    #expect(try twoPhaseDifferences(aak, counts: [1, 3, 8], decoding: nil, in: folder, name: "aak") == [])
  }

  @Test("the last merge refuses a finalised shard whose lines lack the receivers' answers, or whose first-signal delays are damaged, naming the file")
  func receiversAnswersRequired() throws {
    let folder = try TemporaryFolder.create("attrsim-two-phase")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try scenarioText().write(toFile: path, atomically: true, encoding: .utf8)
    let scenario = try ScenarioLoader.load(path: path)
    let parts = try shards(path, count: 2, in: folder, name: "s")
    let sum = folder.appendingPathComponent("sum")
    try ShardSet.reduceCounts(parts, into: sum)
    for part in parts { try ShardSet.finalise(shard: part, counts: sum) }
    func refusal() throws -> String {
      var out = try RunDirectoryWriter(directory: folder.appendingPathComponent("merged"), scenario: scenario)
      do throws(ShardSet.Failure) {
        _ = try ShardSet(folders: parts).merge(into: &out)
        out.discard()
        return ""
      } catch {
        out.discard()
        return error.description
      }
    }
    let lines = parts[1].appendingPathComponent("final.jsonl")
    let original = try String(contentsOf: lines, encoding: .utf8)
    // A winning postback to the network without its receipt.
    let receipt = try #require(original.range(of: #""accepted":true,"#))
    var stripped = original
    stripped.replaceSubrange(receipt, with: "")
    try stripped.write(to: lines, atomically: true, encoding: .utf8)
    let unreceived = try refusal()
    #expect(unreceived.contains(lines.path) && unreceived.contains("finalise the shard again"), "\(unreceived)")
    try original.write(to: lines, atomically: true, encoding: .utf8)

    let signals = parts[0].appendingPathComponent("final-signals.txt")
    let delays = try String(contentsOf: signals, encoding: .utf8).split(separator: "\n")
    try #require(delays.count > 2)
    try (delays.reversed().joined(separator: "\n") + "\n").write(to: signals, atomically: true, encoding: .utf8)
    let unsorted = try refusal()
    #expect(unsorted.contains(signals.path) && unsorted.contains("not sorted"), "\(unsorted)")
    try (delays.dropLast().joined(separator: "\n") + "\n").write(to: signals, atomically: true, encoding: .utf8)
    let short = try refusal()
    #expect(short.contains(signals.path) && short.contains("holds \(delays.count - 1) delays where final.json beside it counts \(delays.count)"), "\(short)")
    try (delays.joined(separator: "\n") + "\n").write(to: signals, atomically: true, encoding: .utf8)
    #expect(try refusal() == "")
  }

  @Test("phase 1 writes only crowd counts: one line per instant and crowd facts, adding up to the attributed installs")
  func countsAreSmall() throws {
    let folder = try TemporaryFolder.create("attrsim-two-phase")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try scenarioText().write(toFile: path, atomically: true, encoding: .utf8)
    let parts = try shards(path, count: 2, in: folder, name: "s")
    let sum = folder.appendingPathComponent("sum")
    try ShardSet.reduceCounts(parts, into: sum)
    let lines = try String(contentsOf: sum.appendingPathComponent("counts.jsonl"), encoding: .utf8).split(separator: "\n")
    let total = lines.reduce(0) { total, line in
      guard case .object(let object) = try? JSONValue(JSONParser.parse(String(line))), case .int(let count)? = object["count"]
      else { return total }
      return total + Int(count)
    }
    let whole = ScenarioRunner.collect(try ScenarioLoader.load(path: path)).summary
    #expect(total == whole.attributedInstalls)
    #expect(lines.count <= total && !lines.isEmpty)
    let manifest = try CrowdCountSet(folder: sum)
    #expect(manifest.covers == [0, 1] && manifest.shardCount == 2 && manifest.isComplete)
    // A cut-off sum says where its JSON breaks, not that it is some other kind of file.
    let countsJSON = sum.appendingPathComponent("counts.json")
    try "{ \"format\": ".write(to: countsJSON, atomically: true, encoding: .utf8)
    do throws(ShardFailure) {
      _ = try CrowdCountSet(folder: sum)
      Issue.record("a cut-off counts.json was read")
    } catch {
      #expect(error.description.hasPrefix("\(countsJSON.path):1:"), "\(error.description)")
      #expect(!error.description.contains("not a sum of crowd counts"), "\(error.description)")
    }
  }

  @Test("a reduce refuses counts of another seed, another scenario or a shard counted twice, naming the folders and writing nothing; phase 2 refuses incomplete counts")
  func badReduces() throws {
    let folder = try TemporaryFolder.create("attrsim-two-phase")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try scenarioText().write(toFile: path, atomically: true, encoding: .utf8)
    let parts = try shards(path, count: 2, in: folder, name: "s")
    let reseeded = try shards(path, count: 2, seed: 99, in: folder, name: "seed99")
    func refusal(_ folders: [URL], into name: String) -> String {
      let output = folder.appendingPathComponent(name)
      do throws(ShardSet.Failure) {
        try ShardSet.reduceCounts(folders, into: output)
        return ""
      } catch {
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("counts.json").path), "\(name): nothing written")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("counts.jsonl").path), "\(name): nothing written")
        return error.description
      }
    }
    let seed = refusal([parts[0], reseeded[1]], into: "bad-seed")
    #expect(seed.contains(reseeded[1].path) && seed.contains(parts[0].path) && seed.contains("seed 99"), "\(seed)")
    let twice = refusal([parts[0], parts[1], parts[1]], into: "twice")
    #expect(twice.contains("shard 1/2") && twice.contains("counted twice"), "\(twice)")
    // Another scenario: the file changed before shard 1 ran.
    try scenarioText().replacing(required: "count: 600", with: "count: 601").write(toFile: path, atomically: true, encoding: .utf8)
    let changed = try shards(path, count: 2, in: folder, name: "changed")
    let scenario = refusal([parts[0], changed[1]], into: "bad-scenario")
    #expect(scenario.contains("with other contents") && scenario.contains("do not add up"), "\(scenario)")
    // Another scenario file altogether: both names are given, in a sentence that reads.
    let otherPath = folder.appendingPathComponent("other.json").path
    try scenarioText().write(toFile: otherPath, atomically: true, encoding: .utf8)
    let other = try shards(otherPath, count: 2, in: folder, name: "other")
    let foreign = refusal([parts[0], other[1]], into: "foreign")
    #expect(foreign.hasPrefix("\(other[1].path) ran '") && foreign.contains("other.json', the other '"), "\(foreign)")
    #expect(foreign.contains("scenario.json' (against"), "\(foreign)")
    #expect(foreign.contains("(against \(parts[0].path))") && foreign.contains("do not add up"), "\(foreign)")

    let half = folder.appendingPathComponent("half")
    try ShardSet.reduceCounts([parts[0]], into: half)
    do throws(ShardSet.Failure) {
      try ShardSet.finalise(shard: parts[0], counts: half)
      Issue.record("phase 2 ran on the counts of one shard of two")
    } catch {
      #expect(error.description.contains("does not count shard(s) 1/2"), "\(error.description)")
    }
    #expect(!FileManager.default.fileExists(atPath: parts[0].appendingPathComponent("final.json").path))

    // A shard's counts out of order (two lines swapped) would give wrong tiers: refused at the line.
    let countsURL = parts[1].appendingPathComponent("counts.jsonl")
    var lines = try String(contentsOf: countsURL, encoding: .utf8).split(separator: "\n").map(String.init)
    try #require(lines.count >= 2)
    lines.swapAt(0, 1)
    try (lines.joined(separator: "\n") + "\n").write(to: countsURL, atomically: true, encoding: .utf8)
    let unsorted = refusal([parts[0], parts[1]], into: "unsorted")
    #expect(unsorted.contains("\(countsURL.path):2: expected lines in time and key order"), "\(unsorted)")
  }
}
