import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim sweep SWEEP [--jobs N] [--out DIR] [--shard I/N] [--estimator NAME]`.
struct SweepCommand: DeclaredCommand {
  @Argument(name: "sweep", help: "The sweep file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Runs at once.", defaultDescription: "all cores",
    parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  @Option(
    name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
    defaultDescription: "Reports/<sweep-name>", parsing: .outputPath)
  var out: String?
  @Option(
    name: "shard", valueName: "i/n",
    help: "Run only slice I (from 0) of N of the rows, for 'attrsim merge'; 'auto' takes the slice from a "
      + "Slurm job array's task, 'auto/N' from a Kubernetes Indexed Job's.",
    parsing: .shard)
  var shard: Shard?

  @Option(
    name: "estimator", valueName: "name",
    help: "Value postbacks with this estimator: calibrated (as run does, each point calibrated once), midpoint or lower.",
    defaultDescription: "the schema's, uncalibrated (midpoint for the calibrated default)",
    parsing: ValueParser<DecodingSettings.Estimate>.oneOf)
  var estimatorChoice: DecodingSettings.Estimate?
  let progressOption = ProgressOption()
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "sweep", abstract: "Run a scenario over a grid of settings and tabulate and chart the outcomes.",
    discussion: """
      Reads a sweep file (a base scenario, parameters given as JSON paths with their values, \
      replicates and a chart), runs every point and replicate with --jobs runs at once and \
      writes sweep.csv (one row per point and replicate, in point order), sweep.svg and \
      sweep.html (that chart, charts of other key outcomes and the rows, on one page). \
      Every point of a replicate uses the same seed: the same users behave the same way at \
      every point. With --shard I/N only the I-th of N slices of the rows runs, and \
      'attrsim merge' combines the slices into the same sweep.csv (it refuses shards given \
      different --estimator values). Decoded revenue is valued uncalibrated unless --estimator \
      says otherwise (each value's midpoint, or its lower bound for a schema whose decoding \
      says 'lower'), unlike run and compare, whose default is the calibrated decoder: \
      calibrating costs four or more runs at every point, and most sweep figures (tiers, \
      postbacks, null shares) do not decode at all; --estimator calibrated decodes as run does, \
      each point calibrated once for all its replicates.
      """)

  // The order attrsim has always reported mistakes in, which is not the help's.
  static var readingOrder: [ReadingStep<Self>] {
    [.value("--jobs"), .value("--shard"), .value("--out")]
  }

  var progress: ProgressLine.Mode { progressOption.mode }
  var limits: WorkLimits { largeWork.limits }

  func run() -> ExitStatus {
    ProgressLine.chosen = progress
    let sweep: Sweep
    do {
      sweep = try ScenarioLoader.loadSweep(path: path, limits: limits)
    } catch {
      ProblemPrinter.report(error, file: path)
      return .loading(error)
    }
    Console.warnings(sweep.points.flatMap(\.scenario.warnings))
    guard permissions.allow(sweep.requiredPermissions, file: sweep.scenarioPath) else { return .usage }
    LargeWork.announce(WorkEstimate(sweep: sweep))
    let rows = (shard ?? .whole).range(of: sweep.rowCount)
    let progress = ProgressLine(what: "runs")
    let started = ContinuousClock.now
    let results = SweepRunner.run(sweep, rows: rows, jobs: jobs, estimator: estimatorChoice) { step in
      progress.update(done: step.done, total: step.total, users: step.users)
    }
    progress.clear()
    let seconds = ProgressLine.seconds(ContinuousClock.now - started)
    do {
      if let shard {
        let folder = URL(fileURLWithPath: out ?? "Reports/\(sweep.name)-shard-\(shard.index)-of-\(shard.count)")
        try SweepOutput.writeShard(sweep, path: path, shard: shard, rows: results, to: folder, estimator: estimatorChoice)
        Console.out(
          "\(sweep.name) shard \(shard): "
            + (rows.isEmpty ? "no rows (more shards than rows)" : "rows \(rows.lowerBound)–\(rows.upperBound - 1)")
            + " of \(sweep.rowCount)")
        Console.out(
          "wrote \(folder.relativePath)/{rows.csv,long.csv,sweep-shard.json,inputs/}; combine all \(shard.count) with 'attrsim merge'")
      } else {
        let folder = URL(fileURLWithPath: out ?? "Reports/\(sweep.name)")
        try SweepOutput.write(sweep, tables: SweepOutput.tables(sweep, rows: results), to: folder)
        Console.out(
          "\(sweep.name): \(sweep.points.count) points × \(sweep.replicates) replicate(s) in "
            + "\(String(format: "%.1f", seconds)) s with \(min(jobs, max(rows.count, 1))) job(s)")
        Console.out("wrote \(folder.relativePath)/{\(SweepOutput.fileNames.joined(separator: ","))}")
      }
      return .success
    } catch {
      Console.error("error: \(error)")
      return .ioError
    }
  }
}
