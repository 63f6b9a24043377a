import Foundation
import SimEngine
import SimModel
import SimPlatform
import SimReceiver
import SimRecords
import SimServices
import SimWorld

/// Runs scenarios: the library's entry point for the CLI, regression suites and benchmarks.
public enum ScenarioRunner {
  /// Runs `scenario`, streaming postbacks and conversions to `sink`, and returns the counts.
  ///
  /// - Parameters:
  ///   - model: the app's conversion model; the scenario's schema when nil.
  ///   - tierPolicy: how tiers are decided; a ``CrowdTierPolicy`` from the scenario when nil.
  ///   - receive: whether the receivers verify, deduplicate and decode every postback, with the
  ///     counts and the decoded table in the summary; benchmarks of the simulation alone turn
  ///     it off. Decoding needs a model that is also a ``ConversionDecoder``.
  ///   - decoding: the estimator the decoder values postbacks with, and its
  ///     calibration (``Calibrator/decoding(for:estimator:calibration:settings:)`` learns one);
  ///     when nil, the schema's estimator without a calibration (the calibrated one then falls
  ///     back to the midpoint and says so).
  ///   - jobs: how many threads simulate users side by side (``LaneRun``); the outputs are the
  ///     same byte for byte whatever the number. A scenario whose SDK asks an endpoint or a
  ///     command runs on one.
  ///   - progress: told how many cohort users have arrived and how many will, every few
  ///     thousand arrivals, on the calling thread.
  public static func run<Sink: RunSink>(
    _ scenario: Scenario, sink: inout Sink, model: (any ConversionModel)? = nil,
    tierPolicy: (any TierPolicy)? = nil, receive: Bool = true, decoding: CalibratedDecoding? = nil, jobs: Int = 1,
    progress: ((_ arrived: Int, _ total: Int) -> Void)? = nil
  ) -> RunSummary {
    let keys = SimulatedKeys(scenario: scenario)
    let runModel = model ?? scenario.schema
    let lanes = LaneRun.lanes(for: scenario, jobs: jobs)
    return finish(
      scenario, model: runModel, tierPolicy: tierPolicy, keys: keys, sink: &sink, receive: receive, decoding: decoding,
      jobs: jobs
    ) { stage in
      lanes > 1
        ? LaneRun.simulate(scenario, model: runModel, keys: keys, lanes: lanes, sink: &stage, progress: progress)
        : simulate(scenario, model: runModel, keys: keys, shard: .whole, sink: &stage, progress: progress)
    }
  }

  /// Feeds drafts from `produce` through tier decisions and, when `receive` is set, the
  /// receivers, into `sink`: the second half of every run, whole or merged from shards. With
  /// `jobs` above one, postbacks are signed on `jobs` threads and the receivers and `sink` run
  /// on one more (``OutputPipeline``, in chunks of `pipelineChunk` outputs), with the same outputs.
  package static func finish<Sink: RunSink>(
    _ scenario: Scenario, model: any ConversionModel, tierPolicy: (any TierPolicy)?, keys: SimulatedKeys,
    sink: inout Sink, receive: Bool, decoding: CalibratedDecoding? = nil, jobs: Int = 1,
    pipelineChunk: Int = OutputPipeline.defaultChunkSize, produce: (inout any DraftSink) -> RunSummary
  ) -> RunSummary {
    let policy = tierPolicy ?? CrowdTierPolicy(scenario: scenario)
    if jobs > 1 {
      return pipelined(
        scenario, model: model, policy: policy, keys: keys, sink: &sink, receive: receive, decoding: decoding, jobs: jobs,
        chunk: pipelineChunk, produce: produce)
    }
    guard receive else {
      let drained = drain(TierStage(scenario: scenario, policy: policy, keys: keys, downstream: sink), produce: produce)
      sink = drained.stage.downstream
      return drained.summary
    }
    let receiving = receivers(scenario, model: model, keys: keys, sink: sink, decoding: decoding)
    var drained = drain(TierStage(scenario: scenario, policy: policy, keys: keys, downstream: receiving), produce: produce)
    sink = received(drained.stage.downstream, into: &drained.summary)
    return drained.summary
  }

  /// Feeds `produce`'s drafts to `stage` and flushes it; returns the stage and the world's
  /// counts plus what `flushed` counts once the stage has flushed (a pipeline's signing) plus
  /// the stage's, in that order. Every way of finishing a run drains through here.
  private static func drain<Downstream: RunSink>(
    _ stage: TierStage<Downstream>, produce: (inout any DraftSink) -> RunSummary, flushed: () -> RunSummary = { RunSummary() }
  ) -> (stage: TierStage<Downstream>, summary: RunSummary) {
    // The world takes its sink as an existential; the box keeps the stage's type on this side.
    let box = StageBox(stage)
    var sink: any DraftSink = box
    var summary = produce(&sink)
    box.stage.flush()
    summary.add(flushed())
    summary.add(box.stage.summary)
    summary.orphanDrafts = box.stage.orphans
    return (box.stage, summary)
  }

  /// ``finish(_:model:tierPolicy:keys:sink:receive:decoding:jobs:produce:)`` on several
  /// threads: the tier stage on the calling thread, postback signing on `jobs` workers, the
  /// receivers and `sink` on a thread of their own.
  private static func pipelined<Sink: RunSink>(
    _ scenario: Scenario, model: any ConversionModel, policy: any TierPolicy, keys: SimulatedKeys, sink: inout Sink,
    receive: Bool, decoding: CalibratedDecoding?, jobs: Int, chunk: Int, produce: (inout any DraftSink) -> RunSummary
  ) -> RunSummary {
    // The sink moves to the receiving thread and back once the pipeline has finished. Behind
    // the receivers it is called through its existential, so that the receivers, the stage and
    // the pipeline are concrete types the compiler specializes: generic ones looked their
    // metadata up, under a lock, on every call. It is held by reference, so that it comes back
    // as its own type.
    let original = SinkReference(sink)
    let erased = ErasedSink(original)
    let receiving = SinkBox(receive ? receivers(scenario, model: model, keys: keys, sink: erased, decoding: decoding) : nil)
    let plain = SinkBox(receive ? nil : erased)
    let pipeline = OutputPipeline(
      scenario: scenario, keys: keys, workers: jobs, wantsTrace: sink.wantsTrace, wantsEventLog: sink.wantsEventLog,
      chunkSize: chunk
    ) { outputs in
      if receiving.value != nil {
        for output in outputs { output.deliver(to: &receiving.value!) }
      } else {
        for output in outputs { output.deliver(to: &plain.value!) }
      }
    }
    var tiers = TierStage(scenario: scenario, policy: policy, keys: keys, downstream: pipeline)
    tiers.postbackOutlet = { pipeline.receive($0) }
    var summary = drain(tiers, produce: produce) { pipeline.finish() }.summary
    if let receivers = receiving.value { _ = received(receivers, into: &summary) }
    sink = original.sink
    return summary
  }

  /// The receivers in front of `sink`: they verify, deduplicate and decode every postback.
  package static func receivers<Sink: RunSink>(
    _ scenario: Scenario, model: any ConversionModel, keys: SimulatedKeys, sink: Sink, decoding: CalibratedDecoding?
  ) -> ReceivingSink<Sink> {
    // The simulated receivers trust only the run's own Apple keys, as a test endpoint would.
    var receiver = PostbackReceiver(
      otherKeys: [keys.apple.key.publicKey], adAttributionKitKeys: keys.adAttributionKitKeys, trustApplesKeys: false)
    // A run's postbacks come in time order, so its receivers can forget what no retry can copy.
    receiver.deduplicationHorizon = PostbackReceiver.runHorizon
    return ReceivingSink(
      receiver: receiver, decoder: decoder(scenario, model: model, decoding: decoding), downstream: sink)
  }

  /// The decoder the receivers fill a decoded table with: nil when `model` cannot decode its own values.
  package static func decoder(
    _ scenario: Scenario, model: any ConversionModel, decoding: CalibratedDecoding?
  ) -> PostbackDecoder? {
    // A calibration is for the schema it was made from: another model decodes by its ranges.
    let isSchema = (model as? ConversionSchema) == scenario.schema
    let valuing =
      isSchema
      ? decoding ?? CalibratedDecoding(
        estimator: scenario.schema.decoding.estimate, missingReason: "no calibration given: values decoded at their midpoint")
      : nil
    var decoder = model as? any ConversionDecoder
    if let valuing, var schema = decoder as? ConversionSchema {
      // The chosen estimator values ranges too (the calibrated one's fallback is the midpoint).
      schema.decoding.estimate = valuing.estimator
      decoder = schema
    }
    return decoder.map {
      PostbackDecoder(scenario: scenario, decoder: $0, eventNames: model.eventNames, calibrated: valuing)
    }
  }

  /// Puts what the receivers counted and decoded into `summary` and returns the sink behind them.
  package static func received<Sink: RunSink>(_ receiving: ReceivingSink<Sink>, into summary: inout RunSummary) -> Sink {
    summary.received = receiving.receiver.counts
    summary.decoding = receiving.decoder?.table
    summary.decoding?.delivery = summary.campaignDelivery
    return receiving.downstream
  }

  /// Simulates `shard`'s users, handing drafts to `sink`, and returns the world's counts.
  package static func simulate(
    _ scenario: Scenario, model: any ConversionModel, keys: SimulatedKeys, shard: Shard, lane: Lane = .whole,
    sink: inout any DraftSink, progress: ((_ arrived: Int, _ total: Int) -> Void)? = nil
  ) -> RunSummary {
    let pool = sdkPool(for: scenario)
    // Ends the pool's threads and the command's process once the run no longer needs them.
    defer { pool?.close() }
    var world = World(scenario: scenario, model: model, keys: keys, sink: sink, shard: shard, lane: lane, sdkPool: pool)
    world.progress = progress
    var simulation = Simulation<WorldEvent>()
    world.start(in: &simulation)
    simulation.run(until: world.horizon, handler: &world)
    world.finishAll(at: world.horizon ?? simulation.now)
    world.summary.eventsProcessed = simulation.processedCount + world.eventsOutsideQueue
    sink = world.sink
    return world.summary
  }

  /// The pool in front of the SDK's endpoint or command, when its model is one of those.
  package static func sdkPool(for scenario: Scenario) -> ConversionRequestPool? {
    switch scenario.app.sdk?.model {
    case .endpoint(let url, let timeout, let concurrency):
      // A URL that cannot be read (only a library caller can give one: the reader refuses it)
      // fails every request as unreachable rather than leaving the SDK without a pool.
      let service: any ConversionService =
        URL(string: url).map {
          // As many connections as requests in flight, or the rest would wait in the session.
          HTTPConversionEndpoint(url: $0, timeout: timeout, connections: concurrency)
        }
        ?? UnreadableEndpoint(url: url)
      return ConversionRequestPool(service: service, width: concurrency)
    case .command(let arguments, let timeout, let directory):
      let service = CommandConversionService(
        command: arguments, workingDirectory: directory.map { URL(fileURLWithPath: $0) }, timeout: timeout)
      return ConversionRequestPool(service: service, width: 1)
    case .schema, .sequential, nil:
      return nil
    }
  }

  /// Runs `scenario` and keeps all its outputs in memory.
  public static func collect(_ scenario: Scenario) -> (summary: RunSummary, outputs: CollectingSink) {
    var sink = CollectingSink()
    let summary = run(scenario, sink: &sink)
    return (summary, sink)
  }
}

/// A sink handed to the receiving thread of a pipelined run and back, one thread at a time.
private final class SinkBox<Value>: @unchecked Sendable {
  var value: Value?
  init(_ value: Value?) { self.value = value }
}

/// A sink held by reference: it goes behind an existential and is read back as its own type.
private final class SinkReference<Sink: RunSink>: RunSink {
  var sink: Sink
  let wantsTrace: Bool
  let wantsEventLog: Bool

  init(_ sink: Sink) {
    self.sink = sink
    wantsTrace = sink.wantsTrace
    wantsEventLog = sink.wantsEventLog
  }

  func receive(_ postback: PostbackRecord) { sink.receive(postback) }
  func receive(_ conversion: ConversionRecord) { sink.receive(conversion) }
  func receive(_ trace: TraceRecord) { sink.receive(trace) }
  func receive(_ exchange: AdServicesExchange) { sink.receive(exchange) }
  func receive(_ record: SDKTraceRecord) { sink.receive(record) }
  func receive(_ event: InAppEventRecord) { sink.receive(event) }
}

/// The tier stage a run drafts into, held by reference for the same reason (see
/// ``ScenarioRunner/drain(_:produce:flushed:)``).
private final class StageBox<Downstream: RunSink>: DraftSink {
  var stage: TierStage<Downstream>

  /// Read once: the world asks before every in-app event and trace, and reading them through
  /// the stage copied the whole stage each time (a tenth of a run's retains and releases).
  let wantsTrace: Bool
  let wantsEventLog: Bool

  init(_ stage: TierStage<Downstream>) {
    self.stage = stage
    wantsTrace = stage.wantsTrace
    wantsEventLog = stage.wantsEventLog
  }
  func receive(_ envelope: DraftEnvelope) { stage.receive(envelope) }
}

/// A sink called through its existential (see ``ScenarioRunner/pipelined``).
private struct ErasedSink: RunSink {
  var base: any RunSink
  let wantsTrace: Bool
  let wantsEventLog: Bool

  init(_ base: any RunSink) {
    self.base = base
    wantsTrace = base.wantsTrace
    wantsEventLog = base.wantsEventLog
  }

  mutating func receive(_ postback: PostbackRecord) { base.receive(postback) }
  mutating func receive(_ conversion: ConversionRecord) { base.receive(conversion) }
  mutating func receive(_ trace: TraceRecord) { base.receive(trace) }
  mutating func receive(_ exchange: AdServicesExchange) { base.receive(exchange) }
  mutating func receive(_ record: SDKTraceRecord) { base.receive(record) }
  mutating func receive(_ event: InAppEventRecord) { base.receive(event) }
}

/// An endpoint whose URL cannot be read: every request is unreachable.
private struct UnreadableEndpoint: ConversionService {
  let url: String

  func answer(_ request: ConversionRequest) -> ConversionAnswer {
    .failed(.unreachable("'\(url)' is not a URL"))
  }
}
