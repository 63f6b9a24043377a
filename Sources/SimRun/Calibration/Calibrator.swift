import Foundation
import SimEngine
import SimModel
import SimRecords

/// Learns a ``Calibration`` by simulating the scenario's behaviour under seeds of its own, and
/// sets up the calibrated decoding of a run.
public enum Calibrator {
  /// The seed of calibration run `run`: a hash of the scenario seed under the label
  /// "calibration" and the run's index (SplitMix-mixed child streams, ``RandomStream``), so it
  /// shares no draws with the evaluated run (seed) nor with runs at seed + 1, seed + 2, ….
  public static func seed(scenarioSeed: UInt64, run: Int) -> UInt64 {
    var stream = RandomStream(seed: scenarioSeed).child("calibration").child(run)
    return stream.next()
  }

  /// Why `scenario` cannot be calibrated, or nil when it can: the calibration reruns the
  /// scenario many times, which an app's own conversion service (an endpoint or command) is not
  /// asked to answer.
  public static func obstacle(_ scenario: Scenario) -> String? {
    switch scenario.app.sdk?.model {
    case .endpoint, .command: "the app's conversion values come from its own service, which calibration runs do not call"
    case .schema, .sequential, nil: nil
    }
  }

  /// The calibration of `scenario`'s schema: runs at ``seed(scenarioSeed:run:)`` 0, 1, … pooled
  /// until `settings` are met. Runs go two or more at a time; which runs count depends only on
  /// their installs, so the result is the same on any machine.
  public static func calibrate(_ scenario: Scenario, settings: CalibrationSettings = CalibrationSettings()) -> Calibration {
    var flagged = scenario
    // Impressions checked by their flag rather than signed and verified: the same outcome for
    // every ad (the `flag` check's promise), at a fraction of the cost. Signing them was most
    // of a calibration's time, and calibration runs leave no outputs whose signatures count.
    flagged.signing.impressionCheck = .flag
    let base = flagged
    let width = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    var sinks: [CalibrationSink] = []
    var installs = 0
    var done = false
    while !done, sinks.count < settings.maximumRuns {
      let first = sinks.count
      let batch = min(width, settings.maximumRuns - first)
      let results = Results(count: batch)
      DispatchQueue.concurrentPerform(iterations: batch) { offset in
        var run = base
        run.seed = seed(scenarioSeed: scenario.seed, run: first + offset)
        var sink = CalibrationSink(scenario: run, schema: run.schema)
        _ = ScenarioRunner.run(run, sink: &sink, receive: false)
        results.set(sink, at: offset)
      }
      for sink in results.values {
        sinks.append(sink)
        installs += sink.installs
        if sinks.count >= settings.minimumRuns, installs >= settings.installs { done = true; break }
      }
    }
    let cells = CalibrationCell.summing(sinks.lazy.map(\.cells), eventCount: scenario.schema.eventNames.count)
    return Calibration(
      scenario: scenario.name, schemaDigest: scenario.schema.digest, currency: scenario.schema.currencies.base,
      eventNames: scenario.schema.eventNames, windowCount: scenario.attributionFramework.windowCount,
      minimumInstalls: settings.minimumCellInstalls,
      seeds: sinks.indices.map { seed(scenarioSeed: scenario.seed, run: $0) }, installs: installs, cells: cells)
  }

  /// The decoding a run of `scenario` reports with: `estimator` (the schema's when nil), and for
  /// the calibrated one `calibration`, else one learned here (or none, with the reason, when the
  /// scenario cannot be calibrated).
  public static func decoding(
    for scenario: Scenario, estimator: DecodingSettings.Estimate? = nil, calibration: Calibration? = nil,
    settings: CalibrationSettings = CalibrationSettings()
  ) -> CalibratedDecoding {
    let chosen = estimator ?? scenario.schema.decoding.estimate
    guard chosen == .calibrated else { return CalibratedDecoding(estimator: chosen) }
    if let calibration { return CalibratedDecoding(estimator: chosen, calibration: calibration) }
    if let obstacle = obstacle(scenario) {
      return CalibratedDecoding(estimator: chosen, missingReason: "not calibrated (\(obstacle)): values decoded at their midpoint")
    }
    return CalibratedDecoding(estimator: chosen, calibration: calibrate(scenario, settings: settings))
  }
}

/// Slots the concurrent runs fill, each its own.
private final class Results: @unchecked Sendable {
  private var slots: [CalibrationSink?]
  private let lock = NSLock()
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ sink: CalibrationSink, at index: Int) { lock.withLock { slots[index] = sink } }
  var values: [CalibrationSink] { slots.compactMap { $0 } }
}
