import SimJSON
import SimModel

/// Reads a Google Ads API `CustomerSkAdNetworkConversionValueSchema` (the resource as the REST
/// API returns it, or its `schema` alone) into this tool's schema format:
/// - fine-value mappings become window 1's `valueTable` rows with no coarse value, checked in
///   the file's order;
/// - each postback's coarse mappings become that window's coarse rules, high before medium
///   before low;
/// - lock triggers become lock rules on a coarse value, a fine value or an event;
/// - `measurementWindowHours` becomes `stopAfterHours`.
///
/// Google leaves the order of evaluation and whether bounds are inclusive unstated; the choices
/// made are in Docs/schema-format.md. A revenue or count bound of 0 means unset (Google's
/// reference says so).
package struct GoogleAdsSchemaImport {
  package let reader: JSONReader

  static let coarseOrder = [("HIGH", "high", "highConversionValueMapping"), ("MEDIUM", "medium", "mediumConversionValueMapping"),
    ("LOW", "low", "lowConversionValueMapping")]

  /// The schema in this tool's format, or nil after logging every problem.
  package func read() -> JSONValue? {
    var origin: [String: JSONValue] = ["format": .string("google-ads")]
    guard let root = reader.object(keys: ["resourceName", "schema", "appId", "measurementWindowHours",
      "fineGrainedConversionValueMappings", "postbackMappings"]) else { return nil }
    let schemaReader: JSONReader
    if let inner = root.optional("schema") {
      for key in ["appId", "measurementWindowHours", "fineGrainedConversionValueMappings", "postbackMappings"] where root.has(key) {
        root.optional(key)!.error("'\(key)' belongs inside 'schema'")
      }
      if let name = root.optional("resourceName")?.string() { origin["resourceName"] = .string(name) }
      schemaReader = inner
    } else {
      if let name = root.optional("resourceName") { name.error("'resourceName' goes with a 'schema' object (the resource form)") }
      schemaReader = reader
    }
    guard let object = schemaReader.object(keys: ["appId", "measurementWindowHours", "fineGrainedConversionValueMappings", "postbackMappings"])
    else { return nil }
    if let app = object.required("appId", "the Apple App Store app ID")?.nonEmptyString() { origin["appId"] = .string(app) }
    var schema: [String: JSONValue] = [
      "version": .int(Int64(ConversionSchema.supportedFormatVersion)),
      "description": .string("Imported from a Google Ads SKAdNetwork conversion value schema"),
    ]
    if let hoursReader = object.optional("measurementWindowHours"), let hours = hoursReader.integer(in: 0...1_440), hours > 0 {
      schema["stopAfterHours"] = .int(hours)
    }
    var currencies: [String: JSONReader] = [:]
    // Mapped events are ANDed, so their order means nothing here; kept for writing them back.
    var order: [String: JSONValue] = [:]
    var rows: [JSONValue] = []
    for entry in object.optional("fineGrainedConversionValueMappings")?.array(atMost: 64 * 4, of: "fine value mappings", because: "a fine value is 0 to 63") ?? [] {
      guard let mapping = entry.object(keys: ["fineGrainedConversionValue", "conversionValueMapping"]),
        let fine = mapping.required("fineGrainedConversionValue", "the fine value, 0 to 63")?.integer(in: 0...63),
        let condition = mapping.required("conversionValueMapping", "the events the value stands for").flatMap({
          readMapping($0, key: "fine.\(rows.count)", order: &order, currencies: &currencies)
        })
      else { continue }
      var row = condition
      row["fine"] = .int(fine)
      rows.append(.object(row))
    }
    if !rows.isEmpty { schema["valueTable"] = .object(["window1": .array(rows)]) }
    var coarse: [String: JSONValue] = [:]
    var locks: [JSONValue] = []
    var seen: [Int64: JSONReader] = [:]
    for entry in object.optional("postbackMappings")?.array(atMost: 3, of: "postback mappings", because: "SKAdNetwork 4 sends three postbacks") ?? [] {
      guard let mapping = entry.object(keys: ["postbackSequenceIndex", "coarseGrainedConversionValueMappings",
        "lockWindowCoarseConversionValue", "lockWindowFineConversionValue", "lockWindowEvent"]),
        let indexReader = mapping.required("postbackSequenceIndex", "0, 1 or 2"), let index = indexReader.integer(in: 0...2)
      else { continue }
      if seen[index] != nil {
        indexReader.error("postback \(index) is mapped twice; give each postback one mapping")
        continue
      }
      seen[index] = indexReader
      let window = "window\(index + 1)"
      if let coarseReader = mapping.optional("coarseGrainedConversionValueMappings"),
        let byValue = coarseReader.object(keys: Self.coarseOrder.map(\.2))
      {
        var rules: [JSONValue] = []
        for (_, value, key) in Self.coarseOrder {
          guard
            let condition = byValue.optional(key).flatMap({
              readMapping($0, key: "\(window).\(value)", order: &order, currencies: &currencies)
            })
          else { continue }
          var rule = condition
          rule["value"] = .string(value)
          rules.append(.object(rule))
        }
        if !rules.isEmpty { coarse[window] = .array(rules) }
      }
      let triggers = ["lockWindowCoarseConversionValue", "lockWindowFineConversionValue", "lockWindowEvent"].filter(mapping.has)
      guard triggers.count <= 1 else {
        mapping.optional(triggers[1])!.error("a postback has one lock trigger; found \(triggers.joined(separator: " and "))")
        continue
      }
      var lock: [String: JSONValue] = ["window": .int(index + 1)]
      if let valueReader = mapping.optional("lockWindowCoarseConversionValue"),
        let value = valueReader.oneOf(Self.coarseOrder.map(\.0))
      {
        lock["whenCoarse"] = .string(value.lowercased())
      } else if let fineReader = mapping.optional("lockWindowFineConversionValue"), let fine = fineReader.integer(in: 0...63) {
        if index != 0 { fineReader.error("a fine value exists in postback 0 only (SKAdNetwork 4); this is postback \(index)") }
        lock["whenFine"] = .int(fine)
      } else if let event = mapping.optional("lockWindowEvent")?.nonEmptyString() {
        lock["event"] = .string(event)
      }
      if lock.count > 1 { locks.append(.object(lock)) }
    }
    if !coarse.isEmpty { schema["coarseValue"] = .object(coarse) }
    if !locks.isEmpty { schema["lock"] = .array(locks) }
    if let currency = currencies.keys.first { schema["currency"] = .string(currency) }
    if !order.isEmpty { origin["mappingOrder"] = .object(order) }
    schema["origin"] = .object(origin)
    return reader.log.hasErrors ? nil : .object(schema)
  }

  /// A `ConversionValueMapping`: its time range and events as this tool's condition keys.
  private func readMapping(
    _ reader: JSONReader, key: String, order: inout [String: JSONValue], currencies: inout [String: JSONReader]
  ) -> [String: JSONValue]? {
    guard let object = reader.object(keys: ["minTimePostInstallHours", "maxTimePostInstallHours", "mappedEvents"]) else { return nil }
    var condition: [String: JSONValue] = [:]
    let minHours = object.optional("minTimePostInstallHours").flatMap(GA4SchemaImport.int64)
    let maxHours = object.optional("maxTimePostInstallHours").flatMap(GA4SchemaImport.int64)
    if let minHours, minHours > 0 { condition["hoursSinceInstallAtLeast"] = .int(minHours) }
    if let maxHours, maxHours > 0 {
      if let minHours, maxHours <= minHours {
        object.optional("maxTimePostInstallHours")!.error("maxTimePostInstallHours \(maxHours) is not above minTimePostInstallHours \(minHours)")
        return nil
      }
      condition["hoursSinceInstallBelow"] = .int(maxHours)
    }
    var counts: [String: JSONValue] = [:], values: [String: JSONValue] = [:]
    var names: [String] = []
    for eventReader in object.optional("mappedEvents")?.array(atMost: 16, of: "mapped events", because: "a value stands for a few events") ?? [] {
      guard let event = eventReader.object(keys: ["mappedEventName", "currencyCode", "eventRevenueRange", "eventRevenueValue",
        "eventOccurrenceRange", "eventCounter"]),
        let name = event.required("mappedEventName", "the conversion event's name")?.nonEmptyString()
      else { continue }
      guard counts[name] == nil, values[name] == nil else {
        eventReader.error("'\(name)' is mapped twice in this conversion value; give each event one mapping")
        continue
      }
      names.append(name)
      if let codeReader = event.optional("currencyCode"), let currency = SchemaReader.currencyCode(codeReader) {
        if let (other, _) = currencies.first, other != currency {
          codeReader.error("revenue in \(currency), where an earlier event states \(other); a schema has one currency")
        }
        currencies[currency] = codeReader
      }
      for pair in [("eventRevenueRange", "eventRevenueValue"), ("eventOccurrenceRange", "eventCounter")] where event.has(pair.0) && event.has(pair.1) {
        event.optional(pair.1)!.error("'\(pair.0)' and '\(pair.1)' are alternatives (one of them, Google's oneof)")
      }
      var value: [String: JSONValue] = [:]
      if let exact = event.optional("eventRevenueValue")?.nonNegativeNumber() {
        value = ["atLeast": ConditionWriter.number(exact), "atMost": ConditionWriter.number(exact)]
      } else if let range = event.optional("eventRevenueRange")?.object(keys: ["minEventRevenue", "maxEventRevenue"]) {
        let low = range.optional("minEventRevenue")?.nonNegativeNumber() ?? 0
        let high = range.optional("maxEventRevenue")?.nonNegativeNumber() ?? 0
        if low > 0 { value["atLeast"] = ConditionWriter.number(low) }
        if high > 0 {
          if high < low {
            range.optional("maxEventRevenue")!.error("maxEventRevenue \(high) is below minEventRevenue \(low)")
            continue
          }
          value["atMost"] = ConditionWriter.number(high)
        }
      }
      var count: [String: JSONValue] = [:]
      if let counterReader = event.optional("eventCounter"), let exact = GA4SchemaImport.int64(counterReader) {
        guard exact > 0 else {
          counterReader.error("expected a count of 1 or more (0 means unset in Google Ads); leave 'eventCounter' out")
          continue
        }
        count = ["atLeast": .int(exact), "below": .int(exact + 1)]
      } else if let range = event.optional("eventOccurrenceRange")?.object(keys: ["minEventCount", "maxEventCount"]) {
        let low = range.optional("minEventCount").flatMap(GA4SchemaImport.int64) ?? 0
        let high = range.optional("maxEventCount").flatMap(GA4SchemaImport.int64) ?? 0
        if low > 0 { count["atLeast"] = .int(low) }
        if high > 0 {
          if high < low {
            range.optional("maxEventCount")!.error("maxEventCount \(high) is below minEventCount \(low)")
            continue
          }
          count["below"] = .int(high + 1)
        }
      }
      // An event with no bound stands for the event having happened.
      if count.isEmpty && value.isEmpty { count["atLeast"] = .int(1) }
      if !count.isEmpty { counts[name] = .object(count) }
      if !value.isEmpty { values[name] = .object(value) }
    }
    if !counts.isEmpty { condition["eventCounts"] = .object(counts) }
    if !values.isEmpty { condition["eventValues"] = .object(values) }
    if names.count > 1 { order[key] = .array(names.map(JSONValue.string)) }
    return condition
  }
}
