import SimJSON
import SimModel

/// A condition read as Google's event mappings: per event, in the order of the schema's event
/// names, the range of its count and of its value.
package struct EventBounds {
  /// The event's name.
  package var name: String
  /// The range of its count, and of the revenue it carried; nil where the condition sets none.
  package var count: ValueRange?, value: ValueRange?

  /// The condition's events; every other measure it reads is refused (Google's mappings read
  /// events only), except those listed in `allowing`, which the caller writes.
  package static func of(
    _ condition: Condition, eventNames: [String], source: String, allowing: Set<Measure> = [], refusals: inout SchemaRefusals
  ) -> [EventBounds] {
    var byEvent: [Int: EventBounds] = [:]
    for (measure, range) in condition.ranges.sorted(by: { $0.key < $1.key }) {
      switch measure {
      case .eventCount(let index):
        byEvent[index, default: EventBounds(name: Self.name(index, eventNames))].count = range
      case .eventValue(let index):
        byEvent[index, default: EventBounds(name: Self.name(index, eventNames))].value = range
      default:
        guard !allowing.contains(measure) else { continue }
        refusals.add(
          source,
          "the condition on \(measure.name(eventNames: eventNames)) has no Google equivalent: Google's mappings read an event's count and value; count and value a named event instead")
      }
    }
    return byEvent.keys.sorted().map { byEvent[$0]! }
  }

  /// `events` in the order an imported file listed them (`names`), when it names just these.
  package static func ordered(_ events: [EventBounds], as names: JSONValue?) -> [EventBounds] {
    guard case .array(let names) = names ?? .null, Set(names) == Set(events.map { JSONValue.string($0.name) }) else {
      return events
    }
    return events.sorted { names.firstIndex(of: .string($0.name))! < names.firstIndex(of: .string($1.name))! }
  }

  private static func name(_ index: Int, _ names: [String]) -> String {
    names.indices.contains(index) ? names[index] : "event #\(index)"
  }
}
