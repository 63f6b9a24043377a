/// What the app counted over a span of time (one conversion window, or since the install).
public struct Measures: Hashable, Sendable {
  /// App opens, the first launch included.
  public var sessions = 0
  /// Distinct days since the first launch with at least one app open.
  public var activeDays = 0
  /// Count of each event, indexed like the model's event names.
  public var eventCounts: [Int]
  /// In-app purchase revenue, indexed like ``MeasurementState/currencies``.
  public var purchaseRevenue: [Double]
  /// Ad revenue, indexed like ``MeasurementState/currencies``.
  public var adRevenue: [Double]
  /// The revenue each event carried, indexed like `eventCounts`, converted into the schema's
  /// currency as it was counted.
  public var eventRevenue: [Double]

  /// Nothing counted yet.
  public init(eventCount: Int, currencyCount: Int) {
    eventCounts = Array(repeating: 0, count: eventCount)
    eventRevenue = Array(repeating: 0, count: eventCount)
    purchaseRevenue = Array(repeating: 0, count: currencyCount)
    adRevenue = purchaseRevenue
  }

  /// Revenue from `source` converted with `table`, reading currency codes from `currencies`;
  /// currencies the table cannot convert count nothing (scenario loading rejects them).
  public func revenue(_ source: RevenueSource, currencies: [String], table: CurrencyTable) -> Double {
    // A prediction is the predictor's (MeasureValues), not something counted.
    guard source != .predicted else { return 0 }
    var total = 0.0
    for (index, code) in currencies.enumerated() {
      guard let rate = table.rate(code) else { continue }
      if source != .ad { total += purchaseRevenue[index] * rate }
      if source != .iap { total += adRevenue[index] * rate }
    }
    return total
  }
}
