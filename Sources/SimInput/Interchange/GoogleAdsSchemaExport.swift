import SimJSON
import SimModel

/// Writes a schema as a Google Ads API `CustomerSkAdNetworkConversionValueSchema`, or says why
/// it cannot: Google Ads maps fine values (window 1) and each postback's low, medium and high
/// coarse values to events' counts, values and the time since install, with one lock trigger a
/// postback; anything more is refused, never written lossily. The inverse of
/// ``GoogleAdsSchemaImport``.
package struct GoogleAdsSchemaExport {
  package let schema: ConversionSchema
  /// The App Store ID to write when the schema was not imported with one.
  package var appId: String?

  /// The Google Ads JSON, or the reasons it cannot be written.
  package func write() -> Result<JSONValue, SchemaRefusals> {
    var refusals = SchemaRefusals()
    let origin = schema.originMembers
    let order: [String: JSONValue]
    if case .object(let members) = origin["mappingOrder"] ?? .null { order = members } else { order = [:] }
    if case .bits(let fields) = schema.fine, !fields.isEmpty {
      refusals.add(fields[0].source, "a bit-field fine value has no Google Ads equivalent: Google Ads maps each fine value to its events; write it as a 'valueTable'")
    }
    if case .table(let rules) = schema.fine, !rules.isEmpty {
      refusals.add(rules[0].source, "a 'values' table (highest value wins) has no Google Ads equivalent; write it as a 'valueTable' (first row wins)")
    }
    for window in 1..<3 where !schema.table[window].isEmpty {
      refusals.add(schema.table[window][0].source, "Google Ads has value tables in window 1 only (its fine values); use coarse rules in window \(window + 1)")
    }
    if schema.predictor != nil { refusals.add("$.predictor", "Google Ads has no predicted revenue") }
    var fine: [JSONValue] = []
    for (index, row) in schema.table[0].enumerated() {
      guard let value = row.fine else {
        refusals.add(row.source, "a Google Ads fine mapping needs a fine value")
        continue
      }
      if row.coarse != nil { refusals.add(row.source, "a Google Ads fine mapping carries no coarse value; state coarse values as coarse rules") }
      if row.lock { refusals.add(row.source, "Google Ads locks on a trigger, not on a row; write a lock rule with 'whenFine'") }
      fine.append(.object([
        "fineGrainedConversionValue": .int(Int64(value)),
        "conversionValueMapping": mapping(row.condition, source: row.source, order: order["fine.\(index)"], refusals: &refusals),
      ]))
    }
    var postbacks: [JSONValue] = []
    for window in 0..<3 {
      var object: [String: JSONValue] = ["postbackSequenceIndex": .int(Int64(window))]
      let rules = schema.coarse[window]
      var byValue: [String: JSONValue] = [:]
      let ranks = rules.map { rule in GoogleAdsSchemaImport.coarseOrder.firstIndex { $0.1 == rule.value.rawValue }! }
      if ranks != ranks.sorted() || Set(ranks).count != ranks.count, let first = rules.first {
        refusals.add(first.source, "Google Ads has one mapping per coarse value, checked high, then medium, then low; window \(window + 1)'s rules are not in that order or repeat a value")
      }
      for rule in rules {
        if rule.revenueEstimate != nil { refusals.add(rule.source, "Google Ads has no revenue estimate") }
        let (_, value, key) = GoogleAdsSchemaImport.coarseOrder.first { $0.1 == rule.value.rawValue }!
        byValue[key] = mapping(rule.condition, source: rule.source, order: order["window\(window + 1).\(value)"], refusals: &refusals)
      }
      if !byValue.isEmpty { object["coarseGrainedConversionValueMappings"] = .object(byValue) }
      let locks = schema.locks.filter { $0.window == window }
      if locks.count > 1 { refusals.add(locks[1].source, "Google Ads has one lock trigger a postback; window \(window + 1) has \(locks.count)") }
      if let lock = locks.first { trigger(lock, into: &object, refusals: &refusals) }
      if object.count > 1 { postbacks.append(.object(object)) }
    }
    for lock in schema.locks where lock.window == nil {
      refusals.add(lock.source, "Google Ads locks one postback at a time; name the lock's window")
    }
    var inner: [String: JSONValue] = [:]
    if let app = appId.map(JSONValue.string) ?? origin["appId"] {
      inner["appId"] = app
    } else {
      refusals.add("$", "Google Ads needs the app's App Store ID: pass --app-id")
    }
    if let hours = schema.stopAfterHours {
      if hours != hours.rounded() { refusals.add("$.stopAfterHours", "Google Ads states whole hours; found \(hours)") }
      inner["measurementWindowHours"] = .int(Int64(hours))
    }
    if !fine.isEmpty { inner["fineGrainedConversionValueMappings"] = .array(fine) }
    if !postbacks.isEmpty { inner["postbackMappings"] = .array(postbacks) }
    var resource: [String: JSONValue] = ["schema": .object(inner)]
    if let name = origin["resourceName"] { resource["resourceName"] = name }
    return refusals.isEmpty ? .success(.object(resource)) : .failure(refusals)
  }

  private func trigger(_ lock: LockRule, into object: inout [String: JSONValue], refusals: inout SchemaRefusals) {
    let onEvent: String? = {
      guard lock.condition.ranges.count == 1, let (measure, range) = lock.condition.ranges.first, case .eventCount(let index) = measure,
        range == ValueRange(atLeast: 1), schema.eventNames.indices.contains(index)
      else { return nil }
      return schema.eventNames[index]
    }()
    switch (lock.whenCoarse, lock.whenFine, onEvent) {
    case (let coarse?, nil, nil) where lock.condition.isAlways:
      object["lockWindowCoarseConversionValue"] = .string(coarse.rawValue.uppercased())
    case (nil, let fine?, nil) where lock.condition.isAlways:
      object["lockWindowFineConversionValue"] = .int(Int64(fine))
    case (nil, nil, let event?):
      object["lockWindowEvent"] = .string(event)
    default:
      refusals.add(lock.source, "Google Ads locks on one coarse value, one fine value or one event; this lock rule says more")
    }
  }

  /// A condition as a `ConversionValueMapping`.
  private func mapping(_ condition: Condition, source: String, order: JSONValue?, refusals: inout SchemaRefusals) -> JSONValue {
    var object: [String: JSONValue] = [:]
    let hours = condition.range(.hoursSinceInstall)
    if hours.atLeast > 0 { object["minTimePostInstallHours"] = .string(String(Int64(hours.atLeast.rounded(.up)))) }
    if let below = hours.below { object["maxTimePostInstallHours"] = .string(String(Int64(below.rounded(.up)))) }
    if hours.atLeast != hours.atLeast.rounded() || hours.below.map({ $0 != $0.rounded() }) == true {
      refusals.add(source, "Google Ads states whole hours since install")
    }
    let events = EventBounds.ordered(
      EventBounds.of(condition, eventNames: schema.eventNames, source: source, allowing: [.hoursSinceInstall], refusals: &refusals),
      as: order)
    object["mappedEvents"] = .array(events.map { bounds in
      var event: [String: JSONValue] = ["mappedEventName": .string(bounds.name)]
      if let value = bounds.value {
        event["currencyCode"] = .string(schema.currencies.base)
        if let below = value.below, below.nextDown == value.atLeast {
          event["eventRevenueValue"] = ConditionWriter.number(value.atLeast)
        } else {
          var range: [String: JSONValue] = [:]
          if value.atLeast > 0 { range["minEventRevenue"] = ConditionWriter.number(value.atLeast) }
          if let below = value.below { range["maxEventRevenue"] = ConditionWriter.number(below.nextDown) }
          if value.atLeast == 0 && value.below == nil { refusals.add(source, "a revenue range from 0 with no top says nothing Google Ads can write (0 means unset)") }
          event["eventRevenueRange"] = .object(range)
        }
      }
      if let count = bounds.count, !(count == ValueRange(atLeast: 1) && bounds.value == nil) {
        if let below = count.below, below == count.atLeast + 1, count.atLeast > 0 {
          event["eventCounter"] = .string(String(Int64(count.atLeast)))
        } else {
          var range: [String: JSONValue] = [:]
          if count.atLeast > 0 { range["minEventCount"] = .string(String(Int64(count.atLeast))) }
          if let below = count.below { range["maxEventCount"] = .string(String(Int64(below.rounded(.up)) - 1)) }
          if range.isEmpty || count.below == 1 { refusals.add(source, "a count range Google Ads cannot write (0 means unset there): '\(bounds.name)' at most 0 times") }
          event["eventOccurrenceRange"] = .object(range)
        }
      }
      return JSONValue.object(event)
    })
    return .object(object)
  }
}
