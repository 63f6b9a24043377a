import SimJSON
import SimModel

/// Writes a condition back as the schema format's keys (the inverse of ``ConditionReader``):
/// `revenueAtLeast`, `sessionsBelow`, `event`, `noEvent`, `eventCounts`, …
package enum ConditionWriter {
  /// The condition's keys and values, events named from `eventNames`.
  package static func members(_ condition: Condition, eventNames: [String]) -> [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    var happened: [String] = [], absent: [String] = []
    var counts: [String: JSONValue] = [:], values: [String: JSONValue] = [:]
    for (measure, range) in condition.ranges.sorted(by: { $0.key < $1.key }) {
      if case .eventCount(let index) = measure {
        let name = eventNames.indices.contains(index) ? eventNames[index] : "event #\(index)"
        if range == ValueRange(atLeast: 1) {
          happened.append(name)
        } else if range == ValueRange(below: 1) {
          absent.append(name)
        } else {
          counts[name] = .object(bounds(range, lower: "atLeast", upper: "below"))
        }
        continue
      }
      if case .eventValue(let index) = measure {
        let name = eventNames.indices.contains(index) ? eventNames[index] : "event #\(index)"
        var written = bounds(range, lower: "atLeast", upper: "below")
        // An inclusive bound read as `atMost` is written back as such.
        if let below = range.below, below.nextDown.description.count < below.description.count {
          written["below"] = nil
          written["atMost"] = number(below.nextDown)
        }
        values[name] = .object(written)
        continue
      }
      guard let name = ConditionReader.measures.first(where: { $0.measure == measure })?.name else { continue }
      members.merge(bounds(range, lower: name + "AtLeast", upper: name + "Below")) { _, new in new }
    }
    func names(_ list: [String]) -> JSONValue { list.count == 1 ? .string(list[0]) : .array(list.map(JSONValue.string)) }
    if !happened.isEmpty { members["event"] = names(happened) }
    if !absent.isEmpty { members["noEvent"] = names(absent) }
    if !counts.isEmpty { members["eventCounts"] = .object(counts) }
    if !values.isEmpty { members["eventValues"] = .object(values) }
    return members
  }

  private static func bounds(_ range: ValueRange, lower: String, upper: String) -> [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    if range.atLeast > 0 { members[lower] = number(range.atLeast) }
    if let below = range.below { members[upper] = number(below) }
    return members
  }

  /// Whole numbers as integers, amounts as they are.
  static func number(_ value: Double) -> JSONValue {
    value == value.rounded() && abs(value) < 1e15 ? .int(Int64(value)) : .double(value)
  }
}
