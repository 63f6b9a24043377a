import SimJSON
import SimModel

/// Writes a schema as a Google Analytics 4 `SKAdNetworkConversionValueSchema`, or says why it
/// cannot: GA4 expresses a first-match table of conversion values over events' counts and
/// values, nothing else, so a schema that reads anything more is refused, never written lossily.
package struct GA4SchemaExport {
  package let schema: ConversionSchema

  /// The GA4 JSON, or the reasons it cannot be written, each at the JSON path it concerns.
  package func write() -> Result<JSONValue, SchemaRefusals> {
    var refusals = SchemaRefusals()
    if case .bits(let fields) = schema.fine, !fields.isEmpty {
      refusals.add(fields[0].source, "a bit-field fine value has no GA4 equivalent: GA4 lists each fine value as a conversion value; write it as a 'valueTable'")
    }
    if case .table(let rules) = schema.fine, !rules.isEmpty {
      refusals.add(rules[0].source, "a 'values' table (highest value wins) has no GA4 equivalent; write it as a 'valueTable' (first row wins)")
    }
    if schema.table[0].isEmpty { refusals.add("$", "GA4 needs window one's conversion values: the schema has no 'valueTable.window1'") }
    // Rules shared by every window have one place in the file: said once.
    for (window, rules) in schema.coarse.enumerated() where !rules.isEmpty && (window == 0 || rules[0].source != schema.coarse[0].first?.source) {
      refusals.add(rules[0].source, "coarse rules apart from the value table have no GA4 equivalent: every GA4 conversion value carries its coarse value")
    }
    for lock in schema.locks {
      refusals.add(lock.source, "a lock rule has no GA4 equivalent: GA4 locks when a conversion value with lockEnabled is chosen; set 'lock' on the row")
    }
    if schema.predictor != nil { refusals.add("$.predictor", "GA4 has no predicted revenue") }
    if schema.stopAfterHours != nil { refusals.add("$.stopAfterHours", "GA4 has no measurement window; it is Google Ads'") }
    var root: [String: JSONValue] = [:]
    let origin = schema.originMembers
    for key in ["name", "applyConversionValues"] { if let value = origin[key] { root[key] = value } }
    for (window, key) in GA4SchemaImport.windowKeys.enumerated() {
      let rows = schema.table[window]
      // A window GA4 fills from the one before (unset, or kept but switched off in the imported
      // file) is written so only while it still holds just that window's rows.
      if window > 0, Self.copiesEarlier(schema, window: window) {
        if case .object(let disabled) = origin["disabled"] ?? .null, let kept = disabled[key] {
          root[key] = kept
          continue
        }
        if case .array(let names) = origin["inherited"] ?? .null, names.contains(.string(key)) { continue }
      }
      if window > 0, rows.isEmpty {
        refusals.add(
          "$", "valueTable.window\(window + 1) is empty: GA4 would use window \(window)'s conversion values there, "
            + "where this schema makes no update (so sends no postback \(window + 1)); copy them, or give the window its rows")
        continue
      }
      if rows.count > GA4SchemaImport.maximumValues {
        refusals.add(rows[GA4SchemaImport.maximumValues].source, "GA4 allows \(GA4SchemaImport.maximumValues) conversion values a window; window \(window + 1) has \(rows.count)")
      }
      let orders: [String: JSONValue]
      if case .object(let byWindow) = origin["mappingOrder"] ?? .null, case .object(let rows) = byWindow["window\(window + 1)"] ?? .null {
        orders = rows
      } else {
        orders = [:]
      }
      let values = rows.enumerated().map { index, row in
        value(row, window: window, order: orders[String(index)], refusals: &refusals)
      }
      root[key] = .object(["conversionValues": .array(values), "postbackWindowSettingsEnabled": .bool(true)])
    }
    return refusals.isEmpty ? .success(.object(root)) : .failure(refusals)
  }

  /// Whether a window holds just the window before's rows, without fine values (what GA4 uses
  /// for a window it is given no values for).
  private static func copiesEarlier(_ schema: ConversionSchema, window: Int) -> Bool {
    let earlier = schema.table[window - 1].map { row in
      var copy = row
      copy.fine = nil
      copy.source = ""
      return copy
    }
    return schema.table[window].map { row in
      var copy = row
      copy.source = ""
      return copy
    } == earlier
  }

  private func value(_ row: ValueRow, window: Int, order: JSONValue?, refusals: inout SchemaRefusals) -> JSONValue {
    var object: [String: JSONValue] = [:]
    if !row.name.isEmpty { object["displayName"] = .string(row.name) }
    if window == 0 {
      if let fine = row.fine { object["fineValue"] = .int(Int64(fine)) } else { refusals.add(row.source, "GA4 requires a fine value in every window-one conversion value") }
    }
    if let coarse = row.coarse {
      object["coarseValue"] = .string("COARSE_VALUE_" + coarse.rawValue.uppercased())
    } else {
      refusals.add(row.source, "GA4 requires a coarse value in every conversion value")
    }
    if row.lock { object["lockEnabled"] = .bool(true) }
    let events = EventBounds.ordered(
      EventBounds.of(row.condition, eventNames: schema.eventNames, source: row.source, refusals: &refusals), as: order)
    let mappings = events.map { bounds in
      var mapping: [String: JSONValue] = ["eventName": .string(bounds.name)]
      if let count = bounds.count {
        if count.atLeast > 0 || (count.below == nil && bounds.value == nil) { mapping["minEventCount"] = .string(String(Int64(count.atLeast))) }
        if let below = count.below { mapping["maxEventCount"] = .string(String(Int64(below.rounded(.up)) - 1)) }
      }
      if let value = bounds.value {
        if value.atLeast > 0 || value.below == nil { mapping["minEventValue"] = ConditionWriter.number(value.atLeast) }
        if let below = value.below { mapping["maxEventValue"] = ConditionWriter.number(below.nextDown) }
      }
      return JSONValue.object(mapping)
    }
    if mappings.isEmpty { refusals.add(row.source, "GA4 requires 1 to 3 event mappings; this row has no condition on an event") }
    if mappings.count > GA4SchemaImport.maximumMappings {
      refusals.add(row.source, "GA4 allows 3 event mappings a conversion value; this row reads \(mappings.count) events")
    }
    object["eventMappings"] = .array(mappings)
    return .object(object)
  }
}
