/// The measured values a condition is checked against, worked out once per update.
public struct MeasureValues: Sendable {
  private let measures: Measures
  private let revenue: (all: Double, iap: Double, ad: Double)
  private let hours: Double
  /// The predictor's revenue to its horizon, from the measures since install; 0 without one.
  private var predicted = 0.0

  /// The values of `measures` at `state`'s time, revenue converted with `table`; with a
  /// `predictor`, its prediction from `state`'s measures since install.
  public init(_ measures: Measures, state: MeasurementState, table: CurrencyTable, predictor: RevenuePredictor? = nil) {
    self.measures = measures
    let iap = measures.revenue(.iap, currencies: state.currencies, table: table)
    let ad = measures.revenue(.ad, currencies: state.currencies, table: table)
    revenue = (iap + ad, iap, ad)
    hours = Double(state.sinceFirstLaunch.milliseconds) / 3_600_000
    if let predictor {
      // Predictor buckets read the user's whole history, whichever window the schema is in.
      predicted = predictor.predict(MeasureValues(state.sinceInstall, state: state, table: table))
    }
  }

  /// The value of `measure`.
  public subscript(measure: Measure) -> Double {
    switch measure {
    case .revenue(.all): revenue.all
    case .revenue(.iap): revenue.iap
    case .revenue(.ad): revenue.ad
    case .revenue(.predicted): predicted
    // A state counting fewer events than the model names (built by hand) has none of the rest.
    case .eventCount(let index): measures.eventCounts.indices.contains(index) ? Double(measures.eventCounts[index]) : 0
    case .eventValue(let index): measures.eventRevenue.indices.contains(index) ? measures.eventRevenue[index] : 0
    case .sessions: Double(measures.sessions)
    case .activeDays: Double(measures.activeDays)
    case .daysSinceInstall: (hours / 24).rounded(.down)
    case .hoursSinceInstall: hours
    }
  }
}
