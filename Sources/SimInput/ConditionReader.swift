import SimModel

/// Reads the condition keys of a schema rule: ranges of measures, events that did or did not
/// happen.
package struct ConditionReader {
  package let object: ObjectReader

  /// Each measure's JSON name; a condition key is the name plus `AtLeast` or `Below`.
  package static let measures: [(name: String, measure: Measure)] = [
    ("revenue", .revenue(.all)), ("iapRevenue", .revenue(.iap)), ("adRevenue", .revenue(.ad)),
    ("sessions", .sessions), ("activeDays", .activeDays), ("daysSinceInstall", .daysSinceInstall),
    ("hoursSinceInstall", .hoursSinceInstall), ("predictedRevenue", .revenue(.predicted)),
  ]

  package static let keys = measures.flatMap { [$0.name + "AtLeast", $0.name + "Below"] } + ["event", "noEvent", "eventCounts", "eventValues"]

  /// The condition, or nil after logging a bad or impossible one.
  package func read(events: inout EventNames) -> Condition? {
    var condition = Condition()
    var ok = true
    for (name, measure) in Self.measures {
      let range = readRange(lower: object.optional(name + "AtLeast"), upper: object.optional(name + "Below"))
      switch range {
      case .none: break
      case .some(nil): ok = false
      case .some(let range?): condition.ranges[measure] = range
      }
    }
    for (key, happened) in [("event", true), ("noEvent", false)] {
      guard let reader = object.optional(key) else { continue }
      guard let names = readNames(reader) else {
        ok = false
        continue
      }
      for name in names {
        let measure = Measure.eventCount(events.index(of: name))
        let range = happened ? ValueRange(atLeast: 1) : ValueRange(below: 1)
        if let earlier = condition.ranges[measure], earlier.intersection(range).isEmpty {
          reader.error("'\(name)' is named in both 'event' and 'noEvent': the condition can never hold")
          ok = false
        }
        condition.ranges[measure] = condition.range(measure).intersection(range)
      }
    }
    for (key, valued) in [("eventCounts", false), ("eventValues", true)] {
      guard let countsReader = object.optional(key) else { continue }
      if case .object(let members) = countsReader.node.value {
        for member in members {
          let reader = countsReader.child(member.value, key: member.key)
          guard let bounds = reader.object(keys: valued ? ["atLeast", "below", "atMost"] : ["atLeast", "below"]) else {
            ok = false
            continue
          }
          if bounds.has("below"), let atMost = bounds.optional("atMost") {
            atMost.error("a range has one upper bound: 'below' or 'atMost', not both")
            ok = false
            continue
          }
          // `atMost` (inclusive, as GA4's maximum event value): below the next number up.
          if let atMostReader = bounds.optional("atMost") {
            let atLeast = bounds.optional("atLeast").map { $0.nonNegativeNumber() } ?? 0
            guard let atMost = atMostReader.nonNegativeNumber(), let atLeast else {
              ok = false
              continue
            }
            guard atMost >= atLeast else {
              atMostReader.error("empty range: nothing is at least \(atLeast) and at most \(atMost)")
              ok = false
              continue
            }
            let range = ValueRange(atLeast: atLeast, below: atMost.nextUp)
            let measure = Measure.eventValue(events.index(of: member.key))
            condition.ranges[measure] = condition.range(measure).intersection(range)
            continue
          }
          guard let range = readRange(lower: bounds.optional("atLeast"), upper: bounds.optional("below")) ?? nil else {
            if !bounds.has("atLeast") && !bounds.has("below") {
              reader.error(valued ? "expected 'atLeast', 'below', 'atMost' or two of them" : "expected 'atLeast', 'below' or both")
            }
            ok = false
            continue
          }
          let index = events.index(of: member.key)
          let measure = valued ? Measure.eventValue(index) : Measure.eventCount(index)
          if let earlier = condition.ranges[measure], earlier.intersection(range).isEmpty {
            reader.error("this count range contradicts 'event' or 'noEvent' for '\(member.key)': the condition can never hold")
            ok = false
          }
          condition.ranges[measure] = condition.range(measure).intersection(range)
        }
      } else {
        countsReader.expected(
          "an object mapping event names to {atLeast, below}" + (valued ? ": the revenue each event carried" : ""))
        ok = false
      }
    }
    return ok ? condition : nil
  }

  /// The range from a lower and an upper bound key: nil when neither is given, `.some(nil)`
  /// after logging a bad or empty range.
  private func readRange(lower: JSONReader?, upper: JSONReader?) -> ValueRange?? {
    guard lower != nil || upper != nil else { return nil }
    let atLeast = lower.map { $0.nonNegativeNumber() }
    let below = upper.map { $0.nonNegativeNumber() }
    if atLeast == .some(nil) || below == .some(nil) { return .some(nil) }
    let range = ValueRange(atLeast: (atLeast ?? 0) ?? 0, below: below ?? nil)
    if range.isEmpty, let upper {
      upper.error("empty range: nothing is at least \(range.atLeast) and below \(range.below!)")
      return .some(nil)
    }
    return .some(range)
  }

  private func readNames(_ reader: JSONReader) -> [String]? {
    if case .string = reader.node.value { return reader.nonEmptyString().map { [$0] } }
    guard let elements = reader.array() else { return nil }
    guard !elements.isEmpty else {
      reader.error("expected an event name or a non-empty list of them")
      return nil
    }
    let names = elements.compactMap { $0.nonEmptyString() }
    return names.count == elements.count ? names : nil
  }
}
