import SimModel
import SimRecords
import SimStudies

/// What pilot runs say about the scenario's users that a schema must carry: each window's
/// revenue per attributed install and how often each event happens in window 1. Candidates'
/// bucket edges and coarse thresholds are placed on its quantiles.
public struct RevenueProfile: Sendable, Equatable {
  /// Attributed installs the pilot measured.
  public var installs: Int
  /// Per window, the positive revenues of those installs, ascending.
  public var revenues: [[Double]]
  /// Per event name, the share of installs with it in window 1.
  public var eventShares: [String: Double]
  /// The currency revenues are in.
  public var currency: String
  /// The schema's rates from the scenario's other currencies into `currency`, which every
  /// candidate is written with.
  public var exchangeRates: [String: Double]
  /// A predicted-LTV model of revenue to day 35 learned from the pilot's installs as `attrsim
  /// schema train` learns one (``PredictorTraining``), for pLTV candidates; nil before 4.0.
  public var predictor: RevenuePredictor?

  /// A profile from its parts (for tests and notebooks); `revenues` are sorted here.
  public init(
    installs: Int, revenues: [[Double]], eventShares: [String: Double], currency: String,
    exchangeRates: [String: Double] = [:], predictor: RevenuePredictor? = nil
  ) {
    self.predictor = predictor
    self.installs = installs
    self.revenues = revenues.map { $0.sorted() }
    self.eventShares = eventShares
    self.currency = currency
    self.exchangeRates = exchangeRates
  }

  /// The `q`-quantile (0…1) of window `window`'s positive revenues; nil when it has none.
  public func quantile(_ q: Double, window: Int) -> Double? {
    guard revenues.indices.contains(window), !revenues[window].isEmpty else { return nil }
    let values = revenues[window]
    let position = min(values.count - 1, max(0, Int((q * Double(values.count - 1)).rounded())))
    return values[position]
  }

  /// The amount below which share `q` (0…1) of window `window`'s revenue lies: quantiles of
  /// money rather than of payers, so edges land where the revenue is.
  public func revenueQuantile(_ q: Double, window: Int) -> Double? {
    guard revenues.indices.contains(window), !revenues[window].isEmpty else { return nil }
    return PredictorTraining.revenuePercentile(revenues[window], q)
  }

  /// Window `window`'s revenue per install, zeros included: what a coarse mapping splits.
  public func allInstalls(window: Int) -> [Double] {
    guard revenues.indices.contains(window) else { return [] }
    return Array(repeating: 0, count: max(0, installs - revenues[window].count)) + revenues[window]
  }

  /// Whether any window has revenue.
  public var hasRevenue: Bool { revenues.contains { !$0.isEmpty } }
}

/// Gathers a ``RevenueProfile`` from a run's conversions' truth.
package struct RevenueProfileSink: RunSink {
  private let currencies: [String]
  private let table: CurrencyTable
  private let eventNames: [String]
  private var revenues: [[Double]]
  private var eventUsers: [Int]
  private var installs = 0
  /// Each install's window-1 revenue and sessions and its revenue over every window, for the predictor.
  private var samples: [PredictorSamples.Sample] = []

  /// A sink for a run of `scenario`, whose schema must name every event to profile.
  package init(scenario: Scenario) {
    currencies = scenario.currencies
    table = scenario.schema.currencies
    eventNames = scenario.schema.eventNames
    revenues = Array(repeating: [], count: 3)
    eventUsers = Array(repeating: 0, count: scenario.schema.eventNames.count)
  }

  package mutating func receive(_ postback: PostbackRecord) {}

  package mutating func receive(_ conversion: ConversionRecord) {
    let truth = conversion.truth
    guard truth.attributed, truth.conversion == 0 else { return }
    installs += 1
    var total = 0.0
    for (window, measures) in truth.windows.enumerated() where window < 3 {
      let revenue = measures.revenue(.all, currencies: currencies, table: table)
      if revenue > 0 { revenues[window].append(revenue) }
      total += revenue
      if window == 0 {
        for index in eventUsers.indices where measures.eventCounts.indices.contains(index) && measures.eventCounts[index] > 0 {
          eventUsers[index] += 1
        }
      }
    }
    if let first = truth.windows.first {
      samples.append(
        PredictorSamples.Sample(
          revenue: first.revenue(.all, currencies: currencies, table: table), sessions: first.sessions, target: total))
    }
  }

  /// Adds what another run's sink gathered (the same scenario under another seed): pooled runs
  /// place edges on more whales than one run draws.
  package mutating func absorb(_ other: RevenueProfileSink) {
    installs += other.installs
    for window in revenues.indices { revenues[window] += other.revenues[window] }
    for index in eventUsers.indices { eventUsers[index] += other.eventUsers[index] }
    samples += other.samples
  }

  /// The profile, `windowCount` windows long.
  package func profile(windowCount: Int) -> RevenueProfile {
    var shares: [String: Double] = [:]
    for (index, name) in eventNames.enumerated() {
      shares[name] = installs > 0 ? Double(eventUsers[index]) / Double(installs) : 0
    }
    // Revenue to day 35 is every window's: a pLTV candidate predicts it (4.0 only).
    var predictor =
      windowCount == 3 && !samples.isEmpty
      ? PredictorTraining.fit(samples, horizonDays: 35, minimumInstalls: 30).predictor : nil
    predictor?.training = "learned by attrsim schema optimize from \(samples.count) installs of its pilot runs"
    return RevenueProfile(
      installs: installs, revenues: Array(revenues.prefix(windowCount)), eventShares: shares, currency: table.base,
      exchangeRates: table.rates, predictor: predictor)
  }
}
