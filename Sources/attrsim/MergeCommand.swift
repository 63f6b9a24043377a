import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim merge FOLDER… [--out DIR] [--trace]`: finishes a sharded run.
enum MergeCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let folders = command.arguments(named: "folders").map { URL(fileURLWithPath: $0) }
    guard !folders.isEmpty else { throw command.usageError("Missing expected argument '<folders> ...'") }
    let out = try command.path("out")
    if folders.contains(where: SweepOutput.isShard) { return mergeSweep(folders, out: out) }
    do {
      let shards = try ShardSet(folders: folders)
      let scenario = shards.scenario
      let directory = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)")
      let trace = command.flag("trace")
      var sink = TeeSink(
        try RunDirectoryWriter(directory: directory, scenario: scenario, trace: trace),
        ReportCollector(scenario: scenario))
      do {
        let summary = try shards.merge(into: &sink)
        let report = RunReport(scenario: scenario, summary: summary, collector: sink.second)
        try sink.first.commit(summary, scenario: scenario, report: report)
        RunCommand.announce(summary, scenario: scenario, directory: directory, trace: trace)
        return .success
      } catch {
        sink.first.discard()
        throw error
      }
    } catch {
      return failed(error)
    }
  }

  private static func mergeSweep(_ folders: [URL], out: String?) -> ExitStatus {
    do {
      let (sweep, csv) = try SweepOutput.merge(folders: folders)
      let folder = URL(fileURLWithPath: out ?? "Reports/\(sweep.name)")
      try SweepOutput.write(sweep, csv: csv, to: folder)
      Console.out("\(sweep.name): merged \(folders.count) shard(s), \(sweep.rowCount) rows")
      Console.out("wrote \(folder.relativePath)/{sweep.csv,sweep.svg,sweep.html}")
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
