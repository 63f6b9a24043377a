import SimModel

/// What the stages of a ``SchemaSearch`` share: the plan made before any run (rungs, seeds, the
/// first generation's size, the progress tracker) and what the stages add to it as they go
/// (candidates, rows, what was spent, calibrations made).
package struct SearchState {
  /// The rungs every generation goes through.
  package let rungs: [SchemaSearch.Rung]
  /// Candidates of the first generation (and of each later one).
  package let first: Int
  /// The race's fidelity; nil without finalists.
  package let race: SchemaSearch.Rung?
  package let seeds: OptimizeSeeds
  /// The first search run the rungs score on: the pilot's runs come before it.
  package let firstRungSeed: Int
  /// The most search runs a rung scores on: the race's runs come after them.
  package let rungRuns: Int
  /// Hears of every finished run.
  package let tracker: SearchTracker

  /// Admitted candidates, each with its text and the schema read back from it, by index.
  package var candidates: [SchemaCandidate] = []
  package var texts: [String] = []
  package var schemas: [ConversionSchema] = []
  /// The index of the start's own copy among the candidates, when it competes as one.
  package var startCopy: Int?
  /// Every scored row so far, in the order scored.
  package var rows: [OptimizeResult.Row] = []
  /// The last rung's rows of every generation so far (the first generation's with the start).
  package var lastRung: [OptimizeResult.Row] = []
  /// Runs' worth of the scenario's users simulated so far (the final comparison is extra), and
  /// of them the race's.
  package var spent = 0.0
  package var raceSpent = 0.0
  /// Calibrations made at search fidelities; the final comparison makes its own.
  var calibrations = SchemaSearch.CalibrationCache()
}
