import SimJSON

extension DecodedValue {
  /// The decoded value as JSON: each measure's range (`atLeast`, `below`), revenue with its
  /// estimate and currency, events by name.
  public func json(eventNames: [String], currency: String) -> JSONValue {
    func range(_ range: ValueRange, whole: Bool = true) -> [String: JSONValue] {
      func number(_ value: Double) -> JSONValue { whole ? .int(Int64(value.rounded(.up))) : .double(value) }
      var object: [String: JSONValue] = ["atLeast": number(range.atLeast)]
      if let below = range.below { object["below"] = number(below) }
      return object
    }
    var object: [String: JSONValue] = [:]
    var events: [String: JSONValue] = [:], values: [String: JSONValue] = [:]
    for (measure, value) in ranges.sorted(by: { $0.key < $1.key }) {
      switch measure {
      case .revenue(let source):
        var entry = range(value, whole: false)
        entry["currency"] = .string(currency)
        object[source == .all ? "revenue" : "\(source.rawValue)Revenue"] = .object(entry)
      case .eventCount(let index):
        let name = eventNames.indices.contains(index) ? eventNames[index] : "#\(index)"
        events[name] = .object(range(value))
      case .eventValue(let index):
        let name = eventNames.indices.contains(index) ? eventNames[index] : "#\(index)"
        var entry = range(value, whole: false)
        entry["currency"] = .string(currency)
        values[name] = .object(entry)
      case .sessions: object["sessions"] = .object(range(value))
      case .activeDays: object["activeDays"] = .object(range(value))
      case .daysSinceInstall: object["daysSinceInstall"] = .object(range(value))
      case .hoursSinceInstall: object["hoursSinceInstall"] = .object(range(value, whole: false))
      }
    }
    if !events.isEmpty { object["eventCounts"] = .object(events) }
    if !values.isEmpty { object["eventValues"] = .object(values) }
    object["revenueEstimate"] = revenueEstimate.map { .double(($0 * 10_000).rounded() / 10_000) } ?? .null
    return .object(object)
  }
}
