import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim run SCENARIO [--seed N] [--out DIR] [--trace] [--shard I/N]
/// [--deliver URL|scenario [--speed N] [--deliver-timeout S]]`.
enum RunCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    // A scenario's own seed has this range too.
    let seed = try command.integer("seed", in: 0...Int(Int64.max))
    let delivery = try DeliveryRequest.parse(command)
    let out = try command.path("out")
    let shard = try shard(of: command)
    guard let path = command.argument(named: "scenario") else { return .usage }
    var scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(path: path, limits: LargeWork.limits(command))
    } catch {
      report(error, file: path)
      return .loading(error)
    }
    let permissions = Permissions(command)
    guard permissions.allow(scenario.requiredPermissions, file: path) else { return .usage }
    LargeWork.announce(WorkEstimate(scenario: scenario))
    if let seed { scenario.seed = UInt64(seed) }
    if let shard {
      return runShard(scenario, path: path, shard: shard, out: out)
    }
    let directory = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)")
    let trace = command.flag("trace")
    guard let delivery else {
      return run(scenario, directory: directory, trace: trace, beside: DiscardingSink()).status
    }
    // Checked before the run, so a missing endpoint does not cost a whole run.
    let deliverer: PostbackDeliverer
    do {
      deliverer = try PostbackDeliverer(scenario: scenario, target: delivery.target, options: delivery.options)
    } catch {
      reportUndeliverable(error, file: path)
      return .dataError
    }
    if delivery.target == .scenario {
      guard permissions.allow(scenario.deliveryPermissions, file: path) else { return .usage }
    }
    let (status, collector) = run(scenario, directory: directory, trace: trace, beside: PostbackCollector())
    guard status == .success else { return status }
    return deliver(collector.postbacks, with: deliverer, request: delivery, scenario: scenario, directory: directory, file: path)
  }

  /// Runs the whole scenario into `directory`, feeding `extra` beside the writer and the report.
  private static func run<Extra: RunSink>(
    _ scenario: Scenario, directory: URL, trace: Bool, beside extra: Extra
  ) -> (status: ExitStatus, extra: Extra) {
    do {
      // The report's counts are taken as the outputs stream past, beside the writer.
      var sink = TeeSink(
        TeeSink(
          try RunDirectoryWriter(directory: directory, scenario: scenario, trace: trace),
          ReportCollector(scenario: scenario)),
        extra)
      let progress = ProgressLine(what: "users arrived")
      let summary = ScenarioRunner.run(scenario, sink: &sink) { progress.update(done: $0, total: $1, users: $0) }
      progress.clear()
      let report = RunReport(scenario: scenario, summary: summary, collector: sink.first.second)
      try sink.first.first.commit(summary, scenario: scenario, report: report)
      announce(summary, scenario: scenario, directory: directory, trace: trace)
      return (.success, sink.second)
    } catch {
      Console.error("error: \(error.description)")
      return (.ioError, extra)
    }
  }

  /// POSTs the run's postbacks, writes deliveries.jsonl and says how it went; exit status 69
  /// when any postback was given up.
  private static func deliver(
    _ postbacks: [PostbackRecord], with deliverer: PostbackDeliverer, request: DeliveryRequest, scenario: Scenario,
    directory: URL, file: String
  ) -> ExitStatus {
    let copies = postbacks.filter { $0.recipient == .developer }.count
    Console.out(
      "delivering \(postbacks.count) postbacks (\(postbacks.count - copies) to ad networks, \(copies) developer copies) "
        + "to \(request.destination)")
    let progress = ProgressLine(what: "postbacks delivered or given up", unit: "postbacks")
    var settled = 0
    let result: DeliveryResult
    do {
      result = try deliverer.deliver(postbacks) { attempt in
        if attempt.outcome != .retry { settled += 1 }
        progress.update(done: settled, total: postbacks.count, users: settled)
      }
    } catch {
      progress.clear()
      reportUndeliverable(error, file: file)
      return .dataError
    }
    progress.clear()
    do {
      try result.writeLog(into: directory, epoch: scenario.epoch)
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
    Console.out(result.summary.line)
    if !result.summary.answers.isEmpty { Console.out("answers: \(result.summary.answers)") }
    if result.summary.possiblyDuplicated > 0 {
      Console.out(
        "\(result.summary.possiblyDuplicated) sent again after an attempt that went out unanswered (uncertain in "
          + "\(DeliveryResult.fileName)): a receiver may have them twice and keeps one per transaction-id/postback-identifier")
    }
    Console.out("wrote \(directory.relativePath)/\(DeliveryResult.fileName)")
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

  /// The `--shard I/N` option, when given.
  static func shard(of command: ParsedCommand) throws(UsageError) -> Shard? {
    guard let text = command.value(of: "shard") else { return nil }
    guard let shard = Shard(text) else {
      throw command.usageError("The value '\(text)' is invalid for '--shard <i/n>': expected I/N with N from 1 to "
          + "\(Shard.maximumCount) and I from 0 to N-1, e.g. 0/4")
    }
    return shard
  }

  /// Prints what a finished run (whole or merged) did and wrote.
  static func announce(_ summary: RunSummary, scenario: Scenario, directory: URL, trace: Bool) {
    let winning = summary.postbacks.joined().reduce(0, +)
    let nonWinning = summary.nonWinningPostbacks > 0 ? " + \(summary.nonWinningPostbacks) non-winning" : ""
    Console.out(
      "\(scenario.name): \(summary.users) users, \(summary.installs) installs, "
        + "\(summary.attributedInstalls) attributed, \(winning) postbacks\(nonWinning) (seed \(scenario.seed))")
    if let received = summary.received, received.accepted != received.total {
      Console.error(
        "warning: receivers accepted \(received.accepted) of \(received.total) postbacks; see 'received' in summary.json")
    }
    let files = ["postbacks.jsonl", "conversions.jsonl", "summary.json", "keys.json"]
      + (summary.decoding != nil ? ["decoded.csv"] : []) + ["report.html", "report.md"] + (trace ? ["trace.jsonl"] : [])
      + (scenario.appleAds != nil ? ["adservices.jsonl"] : []) + (scenario.app.sdk != nil ? ["sdk-trace.jsonl"] : [])
    Console.out("wrote \(directory.relativePath)/{\(files.joined(separator: ","))}")
  }

  private static func runShard(_ scenario: Scenario, path: String, shard: Shard, out: String?) -> ExitStatus {
    let folder = URL(fileURLWithPath: out ?? "Reports/\(scenario.name)-shard-\(shard.index)-of-\(shard.count)")
    do {
      let progress = ProgressLine(what: "users arrived")
      let summary = try ShardSet.run(scenario, path: path, shard: shard, folder: folder) {
        progress.update(done: $0, total: $1, users: $0)
      }
      progress.clear()
      Console.out(
        "\(scenario.name) shard \(shard): \(summary.users) users, \(summary.attributedInstalls) attributed installs (seed \(scenario.seed))")
      Console.out("wrote \(folder.relativePath)/{drafts.jsonl,shard.json}; combine all \(shard.count) with 'attrsim merge'")
      return .success
    } catch {
      Console.error("error: \(error.description)")
      return .ioError
    }
  }

  /// Prints every diagnostic, then a count, compiler style.
  static func report(_ error: ScenarioLoadError, file: String) {
    for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
    let errors = error.diagnostics.filter { $0.severity == .error }.count
    Console.error("\(file): \(errors) \(errors == 1 ? "error" : "errors"); nothing was written")
  }
}
