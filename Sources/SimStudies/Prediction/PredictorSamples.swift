import SimModel
import SimPlatform
import SimRecords

/// Gathers a training run's users for ``PredictorTraining``: for each attributed conversion whose
/// app was launched, what the app knew when window 1 closed (its last window-1 update sees the
/// whole window: revenue and sessions since install) and its true revenue to the horizon.
package struct PredictorSamples: RunSink {
  /// One user: window 1's revenue and sessions, and revenue to the horizon.
  package struct Sample: Sendable {
    package var revenue: Double
    package var sessions: Int
    package var target: Double

    package init(revenue: Double, sessions: Int, target: Double) {
      self.revenue = revenue
      self.sessions = sessions
      self.target = target
    }
  }

  private let currencies: [String]
  private let table: CurrencyTable
  /// Windows whose revenue sums to the horizon (1 for day 2, 2 for day 7, 3 for day 35).
  private let windows: Int
  package private(set) var samples: [Sample] = []

  package init(scenario: Scenario, windows: Int) {
    currencies = scenario.currencies
    table = scenario.schema.currencies
    self.windows = windows
  }

  package mutating func receive(_ postback: PostbackRecord) {}

  package mutating func receive(_ conversion: ConversionRecord) {
    let truth = conversion.truth
    // Installs only, as the optimizer's pilot learns them: a re-engagement is another population.
    guard truth.attributed, truth.conversion == 0, let first = truth.windows.first else { return }
    var target = 0.0
    for window in truth.windows.prefix(windows) { target += window.revenue(.all, currencies: currencies, table: table) }
    samples.append(
      Sample(revenue: first.revenue(.all, currencies: currencies, table: table), sessions: first.sessions, target: target))
  }
}
