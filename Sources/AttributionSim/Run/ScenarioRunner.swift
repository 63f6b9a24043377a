import SimEngine

/// Runs scenarios: the library's entry point for the CLI, regression suites and benchmarks.
public enum ScenarioRunner {
  /// Runs `scenario`, streaming postbacks and conversions to `sink`, and returns the counts.
  ///
  /// - Parameters:
  ///   - model: the app's conversion model; the scenario's schema when nil.
  ///   - tierPolicy: how tiers are decided; a ``CrowdTierPolicy`` from the scenario when nil.
  ///   - receive: whether the receivers verify, deduplicate and decode every postback, with the
  ///     counts and the decoding report in the summary; benchmarks of the simulation alone turn
  ///     it off. Decoding needs a model that is also a ``ConversionDecoder``.
  public static func run<Sink: RunSink>(
    _ scenario: Scenario, sink: inout Sink, model: (any ConversionModel)? = nil,
    tierPolicy: (any TierPolicy)? = nil, receive: Bool = true
  ) -> RunSummary {
    let keys = SimulatedKeys(scenario: scenario)
    let runModel = model ?? scenario.schema
    guard receive else { return simulate(scenario, keys: keys, sink: &sink, model: runModel, tierPolicy: tierPolicy) }
    // The simulated receivers trust only the run's own Apple key, as a test endpoint would.
    let receiver = PostbackReceiver(otherKeys: [keys.apple.key.publicKey], trustApplesKeys: false)
    let report = (runModel as? any ConversionDecoder).map {
      DecodingReport(scenario: scenario, decoder: $0, eventNames: runModel.eventNames)
    }
    var stage = ReceivingSink(receiver: receiver, report: report, downstream: sink)
    var summary = simulate(scenario, keys: keys, sink: &stage, model: runModel, tierPolicy: tierPolicy)
    summary.received = stage.receiver.counts
    summary.decoding = stage.report
    sink = stage.downstream
    return summary
  }

  private static func simulate<Sink: RunSink>(
    _ scenario: Scenario, keys: SimulatedKeys, sink: inout Sink, model: any ConversionModel,
    tierPolicy: (any TierPolicy)?
  ) -> RunSummary {
    var world = World(
      scenario: scenario, model: model, tierPolicy: tierPolicy ?? CrowdTierPolicy(scenario: scenario), keys: keys,
      sink: sink)
    var simulation = Simulation<WorldEvent>()
    world.start(in: &simulation)
    simulation.run(until: scenario.horizon.map { SimTime.zero + $0 }, handler: &world)
    world.finishAll()
    world.summary.eventsProcessed = simulation.processedCount
    if let updated = world.sink as? Sink { sink = updated }
    return world.summary
  }

  /// Runs `scenario` and keeps all its outputs in memory.
  public static func collect(_ scenario: Scenario) -> (summary: RunSummary, outputs: CollectingSink) {
    var sink = CollectingSink()
    let summary = run(scenario, sink: &sink)
    return (summary, sink)
  }
}
