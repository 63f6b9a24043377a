import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim run SCENARIO [--seed N] [--out DIR] [--trace] [--event-log] [--replicates N [--jobs N]] [--shard I/N]
/// [--estimator NAME] [--calibration-installs N] [--deliver URL|scenario [--speed N] [--deliver-timeout S]]`.
struct RunCommand: DeclaredCommand {
  @Argument(name: "scenario", help: "The scenario file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  // A scenario's own seed has this range too.
  @Option(
    name: "seed", valueName: "n", help: "Use this seed instead of the scenario's.",
    parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  @Option(
    name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
    defaultDescription: "Reports/<scenario-name>", parsing: .outputPath)
  var out: String?
  // Bounded so that a mistyped count does not start a day of runs.
  @Option(
    name: "replicates", valueName: "n",
    help: "Also run the scenario under N − 1 more seeds derived from its own and write replicates.json: each "
      + "headline figure's mean and 95 % interval.",
    defaultDescription: "1, no replicates.json", parsing: .integer(in: 1...1_000))
  var replicates: Int?
  @Option(
    name: "jobs", short: "j", valueName: "n", help: "Threads simulating the run's users side by side (the outputs are the same whatever N); with "
      + "--replicates, also the replicates run at once.",
    defaultDescription: "all cores", parsing: .integer(in: 1...256))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  @Option(
    name: "shard", valueName: "i/n",
    help: "Simulate only slice I (from 0) of N of the users and write a partial result for 'attrsim merge'; "
      + "'auto' takes the slice from a Slurm job array's task, 'auto/N' from a Kubernetes Indexed Job's.",
    parsing: .shard)
  var shard: Shard?
  let decodingOptions = DecodingOptions()
  let deliveryOptions = DeliveryRequest.Declared()
  let progressOption = ProgressOption()
  @Flag(name: "trace", help: "Also write trace.jsonl: why each call, view or postback went as it did.")
  var trace: Bool
  @Flag(
    name: "event-log",
    help: "Also write events.csv: every app open, event and revenue of the simulated users, as an event log a "
      + "scenario's cohort 'log' reads back (a shard keeps them for 'attrsim merge --event-log').")
  var eventLog: Bool
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "run", abstract: "Run a scenario and write its postbacks, conversions, summary and report.",
    discussion: """
      Writes postbacks.jsonl (signed), conversions.jsonl, summary.json, keys.json (the public \
      keys that verify the run's signatures), decoded.csv (the schema's decoding against the \
      truth), report.html (headline figures and charts on one self-contained page) and \
      report.md (the same figures as Markdown tables) into the output folder, each replaced \
      atomically; with --trace also trace.jsonl, every platform decision that changed an \
      outcome (rejected calls, replaced views, postbacks not sent); with --event-log also \
      events.csv, the simulated users' app opens, events and revenue in time order, in the \
      delimited shape a cohort's 'log' reads. A scenario with problems \
      is reported in full and nothing is written (exit status 65). With --deliver, the \
      postbacks are then POSTed as JSON to their recipients in virtual-time order, retried as \
      the device retries (platform.postbackDelivery: 9 attempts a day apart by default), and \
      every attempt is logged to deliveries.jsonl as it is made; the same command rerun into \
      the same folder resumes that log, sending none of the postbacks it shows accepted; exit \
      status 69 when any postback is given up. With --replicates N, the folder holds replicate 0's outputs (the scenario's own \
      seed: the same files as without --replicates) and replicates.json: the seed of each \
      replicate (a hash of the scenario's seed and the replicate's number; rerun one with \
      --seed), each headline figure per replicate, and its mean with a 95 % Student t \
      interval over the replicates (N − 1 degrees of freedom), cut to the figure's range \
      (none under 3 replicates). The report's headline tiles and the printed table show the \
      same means and intervals, and the tiles' verdicts follow the intervals. The replicates run --jobs at once and \
      their results do not depend on it.
      """)

  // The order attrsim has always reported mistakes in, which is not the help's.
  static var readingOrder: [ReadingStep<Self>] {
    [
      .value("--seed"), .check(Self.checkDeliveryGiven), .value("--deliver"), .check(Self.checkDeliveryTarget),
      .value("--speed"), .value("--deliver-timeout"), .value("--out"), .value("--replicates"), .value("--jobs"),
      .value("--shard"), .check(Self.checkReplicates), .value("--estimator"), .value("--calibration-installs"),
      .value("--progress"),
    ]
  }

  var delivery: DeliveryRequest? { deliveryOptions.request }
  var decoding: DecodingOptions.Choice { decodingOptions.choice }
  var limits: WorkLimits { largeWork.limits }
  var progress: ProgressLine.Mode { progressOption.mode }

  /// Refuses delivery's pace without `--deliver`, and delivery of a shard.
  private func checkDeliveryGiven() throws(ValidationError) {
    try deliveryOptions.checkGiven(shardGiven: $shard.isGiven)
  }

  /// Refuses a receiver URL that cannot work.
  private func checkDeliveryTarget() throws(ValidationError) {
    try deliveryOptions.checkTarget()
  }

  /// Refuses replicates of a shard or with delivery.
  private func checkReplicates() throws(ValidationError) {
    if replicates != nil, shard != nil {
      throw ValidationError("--replicates runs whole scenarios; it cannot be combined with --shard")
    }
    if replicates != nil, delivery != nil {
      throw ValidationError("--replicates cannot be combined with --deliver; deliver a single run's postbacks")
    }
  }

  func run() -> ExitStatus {
    ProgressLine.chosen = progress
    let scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: limits, permissions: permissions, seed: seed) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    if let shard {
      return Self.runShard(scenario, path: path, shard: shard, out: out, eventLog: eventLog)
    }
    let directory = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)")
    guard let delivery else {
      return Self.runWhole(
        scenario, directory: directory, trace: trace, eventLog: eventLog, decoding: decoding, replicates: replicates,
        jobs: jobs, beside: DiscardingSink()
      ).status
    }
    // Checked before the run, so a missing endpoint does not cost a whole run.
    let deliverer: PostbackDeliverer
    do {
      deliverer = try PostbackDeliverer(scenario: scenario, target: delivery.target, options: delivery.options)
    } catch {
      Self.reportUndeliverable(error, file: path)
      return .dataError
    }
    if delivery.target == .scenario {
      guard permissions.allow(scenario.deliveryPermissions, file: path) else { return .usage }
    }
    // Read before the run, so a log that cannot be resumed costs nothing and nothing is written.
    let logFile = directory.appendingPathComponent(DeliveryResult.fileName)
    let history: DeliveryHistory?
    do {
      history = try DeliveryHistory.read(from: logFile)
    } catch {
      Console.error(
        "\(logFile.relativePath)\(error.location.map { ":\($0)" } ?? ""): \(error.message); a rerun "
          + "with --deliver resumes this log: move it away, or choose another --out")
      Console.error("\(path): nothing was run or written")
      return .dataError
    }
    // The earlier log stays through the commit: delivery rewrites it with what it resumes.
    let (status, collector) = Self.runWhole(
      scenario, directory: directory, trace: trace, eventLog: eventLog, decoding: decoding, jobs: jobs,
      beside: PostbackCollector(),
      keeping: [DeliveryResult.fileName])
    guard status == .success else { return status }
    return Self.deliver(
      collector.postbacks, with: deliverer, request: delivery, scenario: scenario, directory: directory,
      history: history, file: path)
  }

  /// Runs the whole scenario into `directory`, feeding `extra` beside the writer and the report;
  /// with `replicates`, then runs the other replicates and adds their figures; outputs named in
  /// `later` are written after the commit and survive it.
  private static func runWhole<Extra: RunSink>(
    _ scenario: Scenario, directory: URL, trace: Bool, eventLog: Bool, decoding: DecodingOptions.Choice,
    replicates: Int? = nil,
    jobs: Int = 1, beside extra: Extra, keeping later: Set<String> = []
  ) -> (status: ExitStatus, extra: Extra) {
    do {
      // The report's counts are taken as the outputs stream past, beside the writer.
      var sink = TeeSink(
        TeeSink(
          try RunDirectoryWriter(directory: directory, scenario: scenario, trace: trace, eventLog: eventLog),
          ReportCollector(scenario: scenario)),
        extra)
      let progress = ProgressLine(what: "users arrived")
      let valuing = DecodingOptions.decoding(for: scenario, decoding)
      let summary = ScenarioRunner.run(scenario, sink: &sink, decoding: valuing, jobs: jobs) {
        progress.update(done: $0, total: $1, users: $0)
      }
      progress.clear()
      guard let replicates else {
        let report = RunReport(scenario: scenario, summary: summary, collector: sink.first.second)
        try sink.first.first.commit(summary, scenario: scenario, report: report, keeping: later)
        RunAnnouncement.announce(summary, scenario: scenario, directory: directory, trace: trace, eventLog: eventLog)
        return (.success, sink.second)
      }
      let study = ReplicateStudy(
        scenario: scenario, summaries: [summary] + runReplicates(scenario, 1..<replicates, jobs: jobs, decoding: valuing))
      let report = RunReport(
        scenario: scenario, summary: summary, collector: sink.first.second, leading: study.reportSections,
        replicated: replicates > 1 ? study.headlineValues : [:])
      try sink.first.first.commit(
        summary, scenario: scenario, report: report,
        extra: [(name: "replicates.json", text: study.json.serialized(pretty: true) + "\n")], keeping: later)
      RunAnnouncement.announce(
        summary, scenario: scenario, directory: directory, trace: trace, eventLog: eventLog, replicated: true)
      Console.out("\n\(replicates) replicate\(replicates == 1 ? "" : "s"), seeds \(study.seeds.map(String.init).joined(separator: ", "))")
      Console.out(TextTable.render(study.table))
      Console.out(ReplicateStudy.method.prefix(1).uppercased() + ReplicateStudy.method.dropFirst() + ".")
      if let spread = study.spread { Console.out(spread) }
      return (.success, sink.second)
    } catch {
      Console.error("error: \(error.description)")
      return (.ioError, extra)
    }
  }

  /// Runs replicates `range` of `scenario`, `jobs` at once, writing nothing; each is valued with
  /// `decoding`, the one calibration every replicate shares (its seeds are not any replicate's).
  static func runReplicates(
    _ scenario: Scenario, _ range: Range<Int>, jobs: Int, decoding: CalibratedDecoding?
  ) -> [RunSummary] {
    guard !range.isEmpty else { return [] }
    let progress = ProgressLine(what: "replicates")
    let scenarios = ReplicateRunner.scenarios(scenario, replicates: range)
    let summaries = ReplicateRunner.run(scenarios, jobs: jobs, decoding: decoding) {
      progress.update(done: $0.done, total: $0.total, users: $0.users)
    }
    progress.clear()
    return summaries
  }

  /// POSTs the run's postbacks, logging each attempt to deliveries.jsonl as it is made, and says
  /// how it went; resumes `history` (the folder's earlier log) when it is this delivery's; exit
  /// status 69 when any postback was given up, 74 when the log cannot be written.
  private static func deliver(
    _ postbacks: [PostbackRecord], with deliverer: PostbackDeliverer, request: DeliveryRequest, scenario: Scenario,
    directory: URL, history: DeliveryHistory?, file: String
  ) -> ExitStatus {
    let logPath = "\(directory.relativePath)/\(DeliveryResult.fileName)"
    var resumption = DeliveryHistory.Resumption()
    var kept = ""
    if let history {
      let matched: Result<DeliveryHistory.Resumption, DeliveryHistory.Mismatch>
      do {
        matched = try deliverer.resumption(of: history, for: postbacks)
      } catch {
        reportUndeliverable(error, file: file)
        return .dataError
      }
      switch matched {
      case .success(let found):
        resumption = found
        kept = history.text
        let cut = history.droppedPartialLine ? " (its last line, cut short, dropped)" : ""
        Console.out(
          "resuming \(logPath)\(cut): \(found.accepted.count) postback\(found.accepted.count == 1 ? "" : "s") the "
            + "receiver accepted before \(found.accepted.count == 1 ? "is" : "are") not sent again")
      case .failure(let mismatch):
        Console.error(
          "warning: \(logPath) is not this delivery's log (\(mismatch.description)): another scenario, seed or "
            + "receiver; it is replaced and every postback is sent")
      }
    }
    let log: DeliveryLog
    do {
      log = try DeliveryLog(directory: directory, epoch: scenario.epoch, keeping: kept)
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
    let toSend = postbacks.count - resumption.accepted.count
    let copies = postbacks.indices.filter { postbacks[$0].recipient == .developer && !resumption.accepted.contains($0) }.count
    Console.out(
      "delivering \(toSend) postbacks (\(toSend - copies) to ad networks, \(copies) developer copies) "
        + "to \(request.destination)")
    let progress = ProgressLine(what: "postbacks delivered or given up", unit: "postbacks")
    var settled = 0
    let result: DeliveryResult
    do {
      result = try deliverer.deliver(postbacks, resuming: resumption, log: log) { attempt in
        if attempt.outcome != .retry { settled += 1 }
        progress.update(done: settled, total: toSend, users: settled)
      }
    } catch {
      progress.clear()
      reportUndeliverable(error, file: file)
      return .dataError
    }
    progress.clear()
    if let failure = result.logFailure {
      Console.error(
        "error: \(failure); delivery stopped after \(result.summary.attempts) attempt\(result.summary.attempts == 1 ? "" : "s"), "
          + "the last not logged: a rerun resumes from the log and may send it again")
      return .ioError
    }
    Console.out(result.summary.line)
    if !result.summary.answers.isEmpty { Console.out("answers: \(result.summary.answers)") }
    if result.summary.possiblyDuplicated > 0 {
      Console.out(
        "\(result.summary.possiblyDuplicated) sent again after an attempt that went out unanswered (uncertain in "
          + "\(DeliveryResult.fileName)): a receiver may have them twice and keeps one per transaction-id/postback-identifier")
    }
    Console.out("wrote \(logPath)")
    guard result.summary.gaveUp == 0 else {
      Console.error(
        "error: \(result.summary.gaveUp) postback\(result.summary.gaveUp == 1 ? " was" : "s were") given up after "
          + "\(scenario.platform.postbackDelivery.maxAttempts) attempts; see \(DeliveryResult.fileName)")
      return .unavailable
    }
    return .success
  }

  private static func reportUndeliverable(_ error: DeliveryError, file: String) {
    Console.error(
      "\(file): error: cannot deliver to the scenario's endpoints: \(error.description) "
        + "(or deliver everything to one receiver with --deliver URL)")
  }

  private static func runShard(_ scenario: Scenario, path: String, shard: Shard, out: String?, eventLog: Bool) -> ExitStatus {
    let folder = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)-shard-\(shard.index)-of-\(shard.count)")
    do {
      let progress = ProgressLine(what: "users arrived")
      let summary = try ShardSet.run(scenario, path: path, shard: shard, folder: folder, eventLog: eventLog) {
        progress.update(done: $0, total: $1, users: $0)
      }
      progress.clear()
      Console.out(
        "\(scenario.name) shard \(shard): \(summary.users) users, \(summary.attributedInstalls) attributed installs (seed \(scenario.seed))")
      Console.out(
        "wrote \(folder.relativePath)/{drafts.jsonl,counts.jsonl,shard.json,inputs/}; combine all \(shard.count) with 'attrsim merge\(eventLog ? " --event-log" : "")'")
      return .success
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
  }
}
