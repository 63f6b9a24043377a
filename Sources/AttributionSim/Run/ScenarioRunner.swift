import SimEngine

/// Runs scenarios: the library's entry point for the CLI, regression suites and benchmarks.
public enum ScenarioRunner {
  /// Runs `scenario`, streaming postbacks and conversions to `sink`, and returns the counts.
  ///
  /// - Parameters:
  ///   - model: the app's conversion model; the scenario's schema when nil.
  ///   - tierPolicy: how tiers are decided; a ``CrowdTierPolicy`` from the scenario when nil.
  public static func run<Sink: RunSink>(
    _ scenario: Scenario, sink: inout Sink, model: (any ConversionModel)? = nil,
    tierPolicy: (any TierPolicy)? = nil
  ) -> RunSummary {
    var world = World(
      scenario: scenario, model: model ?? scenario.schema,
      tierPolicy: tierPolicy ?? CrowdTierPolicy(scenario: scenario),
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
