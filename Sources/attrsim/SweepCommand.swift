import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim sweep SWEEP [--jobs N] [--out DIR] [--shard I/N]`.
enum SweepCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    guard let path = command.argument(named: "sweep") else { return .usage }
    let jobs = try command.integer("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
    let shard = try RunCommand.shard(of: command)
    let out = try command.path("out")
    let sweep: Sweep
    do {
      sweep = try ScenarioLoader.loadSweep(path: path, limits: LargeWork.limits(command))
    } catch {
      RunCommand.report(error, file: path)
      return .loading(error)
    }
    guard Permissions(command).allow(sweep.requiredPermissions, file: sweep.scenarioPath) else { return .usage }
    LargeWork.announce(WorkEstimate(sweep: sweep))
    let rows = (shard ?? .whole).range(of: sweep.rowCount)
    let progress = ProgressLine(what: "runs")
    let started = ContinuousClock.now
    let results = SweepRunner.run(sweep, rows: rows, jobs: jobs) { step in
      progress.update(done: step.done, total: step.total, users: step.users)
    }
    progress.clear()
    let seconds = ProgressLine.seconds(ContinuousClock.now - started)
    do {
      if let shard {
        let folder = URL(fileURLWithPath: out ?? "Reports/\(sweep.name)-shard-\(shard.index)-of-\(shard.count)")
        try SweepOutput.writeShard(sweep, path: path, shard: shard, rows: results, to: folder)
        Console.out(
          "\(sweep.name) shard \(shard): "
            + (rows.isEmpty ? "no rows (more shards than rows)" : "rows \(rows.lowerBound)–\(rows.upperBound - 1)")
            + " of \(sweep.rowCount)")
        Console.out("wrote \(folder.relativePath)/{rows.csv,sweep-shard.json}; combine all \(shard.count) with 'attrsim merge'")
      } else {
        let folder = URL(fileURLWithPath: out ?? "Reports/\(sweep.name)")
        try SweepOutput.write(sweep, csv: SweepOutput.csv(sweep, rows: results), to: folder)
        Console.out(
          "\(sweep.name): \(sweep.points.count) points × \(sweep.replicates) replicate(s) in "
            + "\(String(format: "%.1f", seconds)) s with \(min(jobs, max(rows.count, 1))) job(s)")
        Console.out("wrote \(folder.relativePath)/{sweep.csv,sweep.svg,sweep.html}")
      }
      return .success
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
  }
}
