import SimJSON
import SimModel

/// Reads a Google Analytics 4 `SKAdNetworkConversionValueSchema` (the Admin API's JSON) into this
/// tool's schema format: each window's conversion values become `valueTable` rows, checked in
/// order, the first that holds deciding (Google's documented priority); a row's event mappings,
/// all of which must hold, become its conditions on each event's count and value.
///
/// Where Google leaves a point open the reading is documented in Docs/schema-format.md: counts
/// and values are measured within each window; `maxEventCount` and `maxEventValue` are
/// inclusive, as the minimums are.
package struct GA4SchemaImport {
  package let reader: JSONReader

  /// Google's limits (Admin API reference, `PostbackWindow` and `ConversionValues`).
  package static let maximumValues = 128, maximumMappings = 3, nameLimit = 50, eventNameLimit = 40
  static let windowKeys = ["postbackWindowOne", "postbackWindowTwo", "postbackWindowThree"]
  static let coarseNames = ["COARSE_VALUE_LOW": "low", "COARSE_VALUE_MEDIUM": "medium", "COARSE_VALUE_HIGH": "high"]

  /// The schema in this tool's format, or nil after logging every problem.
  package func read() -> JSONValue? {
    guard let object = reader.object(keys: ["name", "applyConversionValues"] + Self.windowKeys) else { return nil }
    var origin: [String: JSONValue] = ["format": .string("ga4")]
    if let name = object.optional("name")?.string() { origin["name"] = .string(name) }
    if let apply = object.optional("applyConversionValues")?.bool() { origin["applyConversionValues"] = .bool(apply) }
    guard let first = object.required("postbackWindowOne", "window one's conversion values") else { return nil }
    var windows: [[JSONValue]] = []
    var inherited: [JSONValue] = []
    // Event mappings are ANDed, so their order means nothing here; kept for writing them back.
    var mappingOrder: [String: JSONValue] = [:]
    var disabled: [String: JSONValue] = [:]
    for (index, key) in Self.windowKeys.enumerated() {
      let windowReader = index == 0 ? first : object.optional(key)
      // An unset or disabled window takes the preceding window's values, without fine values.
      let enabled = windowReader.map { readEnabled($0, first: index == 0) } ?? false
      guard let windowReader, enabled else {
        if let windowReader { disabled[key] = JSONValue(windowReader.node) } else { inherited.append(.string(key)) }
        windows.append(windows[index - 1].map(Self.withoutFine))
        continue
      }
      guard let rows = readWindow(windowReader, window: index) else { return nil }
      windows.append(rows.map(\.row))
      var orders: [String: JSONValue] = [:]
      for (row, entry) in rows.enumerated() where entry.events.count > 1 {
        orders[String(row)] = .array(entry.events.map(JSONValue.string))
      }
      if !orders.isEmpty { mappingOrder["window\(index + 1)"] = .object(orders) }
    }
    if !inherited.isEmpty { origin["inherited"] = .array(inherited) }
    if !disabled.isEmpty { origin["disabled"] = .object(disabled) }
    if !mappingOrder.isEmpty { origin["mappingOrder"] = .object(mappingOrder) }
    guard !reader.log.hasErrors else { return nil }
    let table = Dictionary(uniqueKeysWithValues: windows.enumerated().map { ("window\($0.offset + 1)", JSONValue.array($0.element)) })
    return .object([
      "version": .int(Int64(ConversionSchema.supportedFormatVersion)),
      "description": .string("Imported from a GA4 SKAdNetwork conversion value schema"),
      "valueTable": .object(table), "origin": .object(origin),
    ])
  }

  private static func withoutFine(_ row: JSONValue) -> JSONValue {
    guard case .object(var members) = row else { return row }
    members["fine"] = nil
    return .object(members)
  }

  /// `postbackWindowSettingsEnabled`, which window one must have on.
  private func readEnabled(_ reader: JSONReader, first: Bool) -> Bool {
    guard let object = reader.object(keys: ["conversionValues", "postbackWindowSettingsEnabled"]) else { return false }
    let enabled = object.optional("postbackWindowSettingsEnabled")?.bool() ?? false
    if first, !enabled {
      (object.optional("postbackWindowSettingsEnabled") ?? reader).error(
        "postbackWindowSettingsEnabled must be true for postbackWindowOne (GA4 requires window one's values)")
    }
    return first || enabled
  }

  private func readWindow(_ reader: JSONReader, window: Int) -> [(row: JSONValue, events: [String])]? {
    guard let object = reader.object(keys: ["conversionValues", "postbackWindowSettingsEnabled"]),
      let valuesReader = object.required("conversionValues", "1 to 128 conversion values"),
      let values = valuesReader.array(
        atMost: Self.maximumValues, of: "conversion values", because: "GA4 allows 128 conversion values a window")
    else { return nil }
    guard !values.isEmpty else {
      valuesReader.error("expected 1 to 128 conversion values in an enabled window, found none")
      return nil
    }
    let rows = values.compactMap { readValue($0, window: window) }
    return rows.count == values.count ? rows : nil
  }

  private func readValue(_ reader: JSONReader, window: Int) -> (row: JSONValue, events: [String])? {
    guard let object = reader.object(keys: ["displayName", "fineValue", "coarseValue", "eventMappings", "lockEnabled"])
    else { return nil }
    var row: [String: JSONValue] = [:]
    if let nameReader = object.optional("displayName"), let name = nameReader.string() {
      if name.utf16.count > Self.nameLimit {
        nameReader.error("expected a display name of at most \(Self.nameLimit) characters, found \(name.utf16.count)")
      }
      row["name"] = .string(name)
    }
    if window == 0 {
      if let fine = object.required("fineValue", "the fine value, 0 to 63 (required in window one)")?.integer(in: 0...63) {
        row["fine"] = .int(fine)
      }
    } else if let fineReader = object.optional("fineValue") {
      fineReader.error("a fine value exists in window one only (SKAdNetwork 4 sends fine values in postback 1); remove it")
    }
    if let coarseReader = object.required("coarseValue", "COARSE_VALUE_LOW, COARSE_VALUE_MEDIUM or COARSE_VALUE_HIGH"),
      let coarse = coarseReader.oneOf(Self.coarseNames.keys.sorted())
    {
      row["coarse"] = .string(Self.coarseNames[coarse]!)
    }
    if let lock = object.optional("lockEnabled")?.bool(), lock { row["lock"] = .bool(true) }
    guard let mappingsReader = object.required("eventMappings", "1 to 3 event mappings"),
      let mappings = mappingsReader.array(atMost: Self.maximumMappings, of: "event mappings", because: "GA4 allows 3 a conversion value")
    else { return nil }
    guard !mappings.isEmpty else {
      mappingsReader.error("expected 1 to 3 event mappings, found none")
      return nil
    }
    var counts: [String: JSONValue] = [:], values: [String: JSONValue] = [:]
    var events: [String] = []
    for mapping in mappings {
      guard let (name, count, value) = readMapping(mapping) else { continue }
      guard counts[name] == nil, values[name] == nil else {
        mapping.error("'\(name)' is mapped twice in this conversion value; give each event one mapping with both its bounds")
        continue
      }
      events.append(name)
      if let count { counts[name] = count }
      if let value { values[name] = value }
    }
    if !counts.isEmpty { row["eventCounts"] = .object(counts) }
    if !values.isEmpty { row["eventValues"] = .object(values) }
    return (.object(row), events)
  }

  /// An event mapping: its event name and its count and value bounds in this tool's keys.
  private func readMapping(_ reader: JSONReader) -> (String, JSONValue?, JSONValue?)? {
    let boundKeys = ["minEventCount", "maxEventCount", "minEventValue", "maxEventValue"]
    guard let object = reader.object(keys: ["eventName"] + boundKeys),
      let nameReader = object.required("eventName", "the GA4 event name"), let name = nameReader.nonEmptyString()
    else { return nil }
    if name.utf16.count > Self.eventNameLimit {
      nameReader.error("expected an event name of at most \(Self.eventNameLimit) characters, found \(name.utf16.count)")
    }
    guard boundKeys.contains(where: object.has) else {
      reader.error("expected at least one of \(boundKeys.joined(separator: ", ")) (GA4 requires one)")
      return nil
    }
    let minCount = object.optional("minEventCount").flatMap(Self.int64)
    let maxCount = object.optional("maxEventCount").flatMap(Self.int64)
    let minValue = object.optional("minEventValue")?.nonNegativeNumber()
    let maxValue = object.optional("maxEventValue")?.nonNegativeNumber()
    if let minCount, let maxCount, maxCount < minCount {
      object.optional("maxEventCount")!.error("maxEventCount \(maxCount) is below minEventCount \(minCount): the mapping can never hold")
      return nil
    }
    if let minValue, let maxValue, maxValue < minValue {
      object.optional("maxEventValue")!.error("maxEventValue \(maxValue) is below minEventValue \(minValue): the mapping can never hold")
      return nil
    }
    var count: [String: JSONValue] = [:], value: [String: JSONValue] = [:]
    if let minCount { count["atLeast"] = .int(minCount) }
    // Counts are whole: at most n is below n + 1.
    if let maxCount { count["below"] = .int(maxCount + 1) }
    if let minValue { value["atLeast"] = ConditionWriter.number(minValue) }
    if let maxValue { value["atMost"] = ConditionWriter.number(maxValue) }
    return (name, count.isEmpty ? nil : .object(count), value.isEmpty ? nil : .object(value))
  }

  /// An int64 as Google's JSON writes it (a decimal string) or as a number, 0 or more.
  static func int64(_ reader: JSONReader) -> Int64? {
    if case .string(let text) = reader.node.value {
      guard let value = Int64(text), value >= 0, value < Int64(Int32.max) else {
        reader.error("expected a whole number of 0 or more (as a string or a number), found \(Excerpt.quoted(text))")
        return nil
      }
      return value
    }
    return reader.integer(in: 0...Int64(Int32.max - 1))
  }
}
