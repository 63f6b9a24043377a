import AttributionTestSupport
import Foundation
import Testing

/// `attrsim run --event-log` at the command line: `events.csv` beside the other outputs, the
/// same bytes whatever `--jobs`, with `--replicates` and from merged shards, the other files
/// unchanged by it.
@Suite("attrsim run --event-log")
struct EventLogCommandTests {
  private func attrsim(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    return try ChildProcess.run(binary, arguments, in: folder)
  }

  private func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test("events.csv is the same on 1 or 2 threads and with --replicates, and the other outputs are those of a run without it")
  func sameBytes() throws {
    let folder = try TemporaryFolder.create("event-log-command")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = try TestScenarios.smallQuickstart(in: folder)
    let runs = [
      ("one", ["--event-log", "-j", "1"]), ("two", ["--event-log", "-j", "2"]),
      ("replicated", ["--event-log", "--replicates", "2", "-j", "2"]), ("plain", ["-j", "2"]),
    ]
    for (name, options) in runs {
      let result = try attrsim(["run", scenario, "-o", name] + options, in: folder)
      #expect(result.status == 0, "\(result.output)")
      #expect(result.output.contains("events.csv") == options.contains("--event-log"), "\(result.output)")
    }
    let events = try ["one", "two", "replicated"].map { try Data(contentsOf: folder.appendingPathComponent("\($0)/events.csv")) }
    #expect(events[0] == events[1] && events[0] == events[2])
    #expect(String(decoding: events[0].prefix(64), as: UTF8.self).hasPrefix("user,time,event,kind,revenue,currency,country,network,campaign\n"))
    let plain = folder.appendingPathComponent("plain")
    #expect(contents(folder.appendingPathComponent("one")) == (contents(plain) + ["events.csv"]).sorted())
    for file in contents(plain) {
      let with = try Data(contentsOf: folder.appendingPathComponent("one/\(file)"))
      #expect(with == (try Data(contentsOf: plain.appendingPathComponent(file))), "\(file) differs with --event-log")
    }
  }

  @Test("Two shards run with --event-log merge into the whole run's events.csv, in one step or two; shards without it are refused")
  func shards() throws {
    let folder = try TemporaryFolder.create("event-log-shards")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = try TestScenarios.smallQuickstart(in: folder)
    for arguments in [
      ["run", scenario, "--event-log", "-o", "whole"], ["run", scenario, "--event-log", "--shard", "0/2", "-o", "s0"],
      ["run", scenario, "--event-log", "--shard", "1/2", "-o", "s1"], ["merge", "s0", "s1", "--event-log", "-o", "merged"],
      ["merge", "--reduce", "s0", "s1", "-o", "sum"], ["merge", "--finalise", "sum", "s0", "s1"],
      ["merge", "s0", "s1", "--event-log", "-o", "finalised"], ["run", scenario, "--shard", "0/2", "-o", "p0"],
      ["run", scenario, "--shard", "1/2", "-o", "p1"],
    ] {
      let result = try attrsim(arguments, in: folder)
      #expect(result.status == 0, "\(arguments): \(result.output)")
    }
    let whole = try Data(contentsOf: folder.appendingPathComponent("whole/events.csv"))
    for merged in ["merged", "finalised"] {
      #expect(try Data(contentsOf: folder.appendingPathComponent("\(merged)/events.csv")) == whole, "\(merged)")
    }
    let refused = try attrsim(["merge", "p0", "p1", "--event-log", "-o", "refused"], in: folder)
    #expect(refused.status == 65, "\(refused.output)")
    #expect(refused.output.contains("p0: error: shard run without --event-log"), "\(refused.output)")
    #expect(!contents(folder).contains("refused"))
  }
}
