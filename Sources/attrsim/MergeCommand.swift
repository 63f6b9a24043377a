import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim merge FOLDER… [--out DIR] [--trace] [--event-log] [--estimator NAME] [--calibration FILE]
/// [--calibration-installs N]`: finishes a sharded run; with `--reduce` or `--finalise COUNTS`,
/// one phase of a two-phase merge.
struct MergeCommand: DeclaredCommand {
  @Argument(
    name: "folders", help: "The shard folders.", completion: .directory, parsing: .inputPath)
  var folderPaths: [String]
  @Option(
    name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
    defaultDescription: "Reports/<scenario-name>", parsing: .outputPath)
  var out: String?
  @Flag(name: "trace", help: "Also write trace.jsonl.")
  var trace: Bool
  @Flag(name: "event-log", help: "Also write events.csv (shards run with --event-log).")
  var eventLog: Bool
  @Flag(
    name: "reduce",
    help: "Sum the crowd counts of the folders (run shards, or earlier sums) into --out: the reduce of a two-phase "
      + "merge; sums add up again, so it can be a tree.")
  var reduce: Bool
  @Option(
    name: "finalise", valueName: "counts",
    help: "Decide each given run shard's tiers from this sum of every shard's crowd counts, sign and receive its "
      + "postbacks, and write them and its tiered conversions (final.jsonl) beside its drafts: phase 2, one shard per task.",
    completion: .directory, parsing: .inputPath)
  var finalisePath: String?
  let estimator = DecodingOptions.Estimator()
  @Option(
    name: "calibration", valueName: "file",
    help: "Value the merged run's postbacks with this calibration ('attrsim calibrate' of the same scenario and "
      + "schema) instead of calibrating again.",
    parsing: .inputPath)
  var calibrationPath: String?
  let installs = DecodingOptions.Installs()
  let progressOption = ProgressOption()

  static let configuration = spec(
    name: "merge", abstract: "Combine the shards of a run or sweep into the outputs a whole one gives.",
    discussion: """
      Takes the folders written by 'attrsim run SCENARIO --shard I/N' for every I from 0 to \
      N-1, checks they come from one run of an unchanged scenario, counts every shard's \
      installs into the crowds before deciding any tier, and writes the same files as \
      'attrsim run' would have, byte for byte, reports included. Folders written by \
      'attrsim sweep --shard' merge into the sweep's sweep.csv, sweep-long.csv, sweep-points.csv, \
      sweep.svg and sweep.html. A large run merges in two phases instead: 'attrsim merge \
      --reduce SHARD… --out SUM' adds up the shards' crowd counts (small; sums of sums make a \
      tree), 'attrsim merge --finalise SUM SHARD' decides one shard's tiers, signs its \
      postbacks and receives them (in parallel, a task per shard), and 'attrsim merge SHARD…' of \
      finalised shards interleaves their outputs and adds up what the shards received, in memory \
      that does not grow with users: the same bytes again. Shards hold drafts, not decoded \
      values: the last merge values them, so --estimator and --calibration-installs go to it (as \
      they would to the whole run), and --calibration FILE spares it the calibration runs.
      """)

  // The order attrsim has always reported mistakes in, which is not the help's.
  static var readingOrder: [ReadingStep<Self>] {
    [
      .value("--out"), .value("--finalise"), .check(Self.checkPhase), .value("--progress"), .value("--estimator"),
      .value("--calibration-installs"),
    ]
  }

  /// One or more: the parser refuses a merge of none.
  var folders: [URL] { folderPaths.map { URL(fileURLWithPath: $0) } }
  var finalise: URL? { finalisePath.map { URL(fileURLWithPath: $0) } }
  var progress: ProgressLine.Mode { progressOption.mode }
  var decoding: DecodingOptions.Choice { DecodingOptions.choice(estimator, installs) }

  /// Refuses phases that do not go together, or an --out they do not take.
  private func checkPhase() throws(ValidationError) {
    if reduce, finalise != nil { throw ValidationError("--reduce and --finalise are two phases; give one") }
    if reduce, out == nil { throw ValidationError("--reduce needs --out: the folder to write the sum into") }
    if finalise != nil, out != nil {
      throw ValidationError("--finalise writes beside each shard's drafts: --out does not apply")
    }
  }

  func validate() throws(ValidationError) {
    let decodes = decoding.estimator != nil || calibrationPath != nil
    if decodes, reduce || finalise != nil {
      throw ValidationError("--estimator and --calibration apply to the last merge, which decodes; not to --reduce or --finalise")
    }
    if calibrationPath != nil, let estimator = decoding.estimator, estimator != .calibrated {
      throw ValidationError("--calibration is for the calibrated estimator, not '\(estimator.rawValue)'")
    }
  }

  func run() -> ExitStatus {
    ProgressLine.chosen = progress
    // A folder that is not there is missing input (66), as for every command that reads files;
    // a file where a folder belongs is refused as such.
    var inputs = folders.map { ($0, "a shard folder") }
    if let finalise { inputs.append((finalise, "a sum of crowd counts ('attrsim merge --reduce')")) }
    var missing = false
    for (folder, what) in inputs {
      var isFolder: ObjCBool = false
      if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
        Console.error("\(folder.relativePath): error: no such folder (expected \(what))")
        missing = true
      } else if !isFolder.boolValue {
        Console.error("\(folder.relativePath): error: is a file, not a folder (expected \(what))")
        missing = true
      }
    }
    guard !missing else { return .noInput }
    if let sweep = folders.first(where: SweepOutput.isShard) {
      if let other = folders.first(where: { !SweepOutput.isShard($0) }) {
        let found = FileManager.default.fileExists(atPath: other.appendingPathComponent("shard.json").path)
          ? "a run shard (shard.json)" : "no sweep-shard.json (not a sweep shard, or one that did not finish)"
        Console.error(
          "\(other.relativePath): error: expected a sweep shard like \(sweep.relativePath) (sweep-shard.json), found \(found)")
        return .dataError
      }
      guard !reduce, finalise == nil else {
        Console.error("error: sweep shards merge in one step: --reduce and --finalise are for run shards")
        return .usage
      }
      return Self.mergeSweep(folders, out: out)
    }
    if reduce, let out { return Self.reduceCounts(folders, into: URL(fileURLWithPath: out)) }
    if let finalise { return Self.finalise(folders, counts: finalise) }
    do {
      let shards = try ShardSet(folders: folders)
      let scenario = shards.scenario
      if eventLog, let without = shards.foldersWithoutEventLog.first {
        Console.error(
          "\(without.relativePath): error: shard run without --event-log: its drafts hold no app opens or events; "
            + "run every shard with --event-log to merge events.csv")
        return .dataError
      }
      // A calibration file is checked before anything is written.
      var calibration: Calibration?
      if let calibrationPath {
        do {
          calibration = try ScenarioLoader.loadCalibration(path: calibrationPath, for: scenario.schema, scenario: scenario.name)
        } catch {
          ProblemPrinter.report(error, file: calibrationPath)
          return .loading(error)
        }
      }
      let directory = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)")
      let created = Self.missingFolders(directory)
      var sink = TeeSink(
        try RunDirectoryWriter(directory: directory, scenario: scenario, trace: trace, eventLog: eventLog),
        ReportCollector(scenario: scenario))
      do {
        // Decoded as `attrsim run` would with the same options: the schema's estimator and the
        // default calibration unless told otherwise.
        let valuing = calibration.map { Calibrator.decoding(for: scenario, estimator: .calibrated, calibration: $0) }
          ?? DecodingOptions.decoding(for: scenario, decoding)
        let progress = ProgressLine(what: "MB of drafts merged", unit: "MB")
        let summary = try shards.merge(into: &sink, decoding: valuing) { read, total in
          progress.update(done: read >> 20, total: total >> 20, users: read >> 20)
        }
        progress.clear()
        let report = RunReport(scenario: scenario, summary: summary, collector: sink.second)
        try sink.first.commit(summary, scenario: scenario, report: report)
        RunAnnouncement.announce(summary, scenario: scenario, directory: directory, trace: trace, eventLog: eventLog)
        return .success
      } catch {
        sink.first.discard()
        // A shard found bad part-way must not leave the folders the writer made for it.
        for folder in created { rmdir(folder.path) }
        throw error
      }
    } catch {
      return Self.failed(error)
    }
  }

  /// `folder` and those of its parents that do not exist yet, deepest first: what writing into
  /// it creates.
  private static func missingFolders(_ folder: URL) -> [URL] {
    var missing: [URL] = []
    var current = folder.standardizedFileURL
    while current.path != "/", !FileManager.default.fileExists(atPath: current.path) {
      missing.append(current)
      current = current.deletingLastPathComponent()
    }
    return missing
  }

  private static func reduceCounts(_ folders: [URL], into output: URL) -> ExitStatus {
    do {
      try ShardSet.reduceCounts(folders, into: output)
      Console.out("summed the crowd counts of \(folders.count) folder(s)")
      Console.out("wrote \(output.relativePath)/{counts.jsonl,counts.json}")
      return .success
    } catch {
      return failed(error)
    }
  }

  private static func finalise(_ folders: [URL], counts: URL) -> ExitStatus {
    // Every folder is a run shard before any is finalised, so a mistyped one leaves none half done.
    do {
      for folder in folders { _ = try ShardManifest(folder: folder) }
    } catch {
      return failed(error)
    }
    let progress = ProgressLine(what: "shards finalised", unit: "shards")
    for (index, folder) in folders.enumerated() {
      do {
        try ShardSet.finalise(shard: folder, counts: counts)
      } catch {
        progress.clear()
        return failed(error)
      }
      progress.update(done: index + 1, total: folders.count, users: index + 1)
      Console.out("wrote \(folder.relativePath)/{final.jsonl,final-signals.txt,final.json}")
    }
    progress.clear()
    Console.out("finalised \(folders.count) shard(s); merge all of them with 'attrsim merge'")
    return .success
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

  /// Shards that do not fit together are bad input (65), a shard file that is not there missing
  /// input (66), and an output that could not be written an I/O error (74), which a cluster
  /// retries.
  private static func failed(_ error: any Error) -> ExitStatus {
    Console.error("error: \(error)")
    guard let failure = error as? ShardSet.Failure else { return .ioError }
    switch failure.kind {
    case .badShard: return .dataError
    case .missing: return .noInput
    case .cannotWrite: return .ioError
    }
  }
}
