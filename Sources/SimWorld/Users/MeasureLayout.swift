import SimModel

/// The events and currencies a device counts, fixing the order of every measure array: the
/// world's, the platform's conversions' and the client SDK's alike.
package struct MeasureLayout {
  /// Events the device counts: the app model's, in its order, then any only the second SDK reads.
  package let trackedEvents: [String]
  package let eventIndex: [String: Int]
  /// For each event of the second SDK's schema, its index among `trackedEvents`.
  package let legacySdkEventSlots: [Int]
  /// Currencies the scenario's revenue comes in, fixing the order of revenue arrays.
  package let currencies: [String]
  package let currencyIndex: [String: Int]
  /// Each currency's rate into the schema's currency (0 where the schema has none), for the
  /// revenue an event carries, which conditions read as its value.
  package let schemaRates: [Double]
  /// Measures with nothing counted, for `trackedEvents` and `currencies`: every new window starts
  /// as a copy, sharing its arrays until something is counted into them.
  package let nothingMeasured: Measures

  /// The layout for `scenario`'s app measured with `model`.
  package init(scenario: Scenario, model: any ConversionModel) {
    let legacyEvents = scenario.app.legacySdk?.eventNames ?? []
    trackedEvents = model.eventNames + legacyEvents.filter { !model.eventNames.contains($0) }
    let eventIndex = Dictionary(trackedEvents.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    self.eventIndex = eventIndex
    legacySdkEventSlots = legacyEvents.map { eventIndex[$0]! }
    currencies = scenario.currencies
    currencyIndex = Dictionary(uniqueKeysWithValues: currencies.enumerated().map { ($0.element, $0.offset) })
    schemaRates = currencies.map { scenario.schema.currencies.rate($0) ?? 0 }
    nothingMeasured = Measures(eventCount: trackedEvents.count, currencyCount: currencies.count)
  }
}
