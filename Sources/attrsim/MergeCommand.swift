import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim merge FOLDER… [--out DIR] [--trace]`: finishes a sharded run.
struct MergeCommand: Command {
  static let folders = Argument(
    name: "folders", help: "The shard folders.", isRepeating: true, completion: .directory, parsing: .inputPath)
  static let out = Option(
    name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
    defaultDescription: "Reports/<scenario-name>", parsing: .outputPath)
  static let trace = Flag(name: "trace", help: "Also write trace.jsonl.")

  static let configuration = CommandSpec(
    name: "merge", abstract: "Combine the shards of a run or sweep into the outputs a whole one gives.",
    discussion: """
      Takes the folders written by 'attrsim run SCENARIO --shard I/N' for every I from 0 to \
      N-1, checks they come from one run of an unchanged scenario, counts every shard's \
      installs into the crowds before deciding any tier, and writes the same files as \
      'attrsim run' would have, byte for byte, reports included. Folders written by \
      'attrsim sweep --shard' merge into the sweep's sweep.csv, sweep.svg and sweep.html.
      """,
    arguments: [folders.spec],
    options: [out.spec, ProgressLine.option.spec],
    flags: [trace.spec])

  /// One or more: the parser refuses a merge of none.
  let folders: [URL]
  let out: String?
  let trace: Bool
  let progress: ProgressLine.Mode

  init(_ values: inout CommandValues) throws(UsageError) {
    folders = try values.readAll(Self.folders).map { URL(fileURLWithPath: $0) }
    out = try values.read(Self.out)
    trace = values.read(Self.trace)
    progress = try ProgressLine.read(&values)
  }

  func run() -> ExitStatus {
    ProgressLine.chosen = progress
    if folders.contains(where: SweepOutput.isShard) { return Self.mergeSweep(folders, out: out) }
    do {
      let shards = try ShardSet(folders: folders)
      let scenario = shards.scenario
      let directory = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)")
      var sink = TeeSink(
        try RunDirectoryWriter(directory: directory, scenario: scenario, trace: trace),
        ReportCollector(scenario: scenario))
      do {
        // The schema's estimator with the default calibration, as a whole run without options.
        let progress = ProgressLine(what: "MB of drafts merged", unit: "MB")
        let summary = try shards.merge(into: &sink, decoding: Calibrator.decoding(for: scenario)) { read, total in
          progress.update(done: read >> 20, total: total >> 20, users: read >> 20)
        }
        progress.clear()
        let report = RunReport(scenario: scenario, summary: summary, collector: sink.second)
        try sink.first.commit(summary, scenario: scenario, report: report)
        RunCommand.announce(summary, scenario: scenario, directory: directory, trace: trace)
        return .success
      } catch {
        sink.first.discard()
        throw error
      }
    } catch {
      return Self.failed(error)
    }
  }

  private static func mergeSweep(_ folders: [URL], out: String?) -> ExitStatus {
    do {
      let (sweep, tables) = try SweepOutput.merge(folders: folders)
      let folder = URL(fileURLWithPath: out ?? "Reports/\(sweep.name)")
      try SweepOutput.write(sweep, tables: tables, to: folder)
      Console.out("\(sweep.name): merged \(folders.count) shard(s), \(sweep.rowCount) rows")
      Console.out("wrote \(folder.relativePath)/{\(SweepOutput.fileNames.joined(separator: ","))}")
      return .success
    } catch {
      return failed(error)
    }
  }

  /// Shards that do not fit together are bad input (65); anything else failed to write (74).
  private static func failed(_ error: any Error) -> ExitStatus {
    Console.error("error: \(error)")
    return error is ShardSet.Failure ? .dataError : .ioError
  }
}
