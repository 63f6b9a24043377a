/// Counts grouped by concern: each lists its counters once, and their JSON and merging follow
/// from that list (counter names are read only when writing or reading files, never while counting).
public protocol CounterGroup {
  /// Every count of the group.
  static var counters: [Counter<Self>] { get }
}

extension CounterGroup {
  /// Adds `other`'s counts to these.
  public mutating func addCounters(_ other: Self) {
    for counter in Self.counters { self[keyPath: counter.path] += other[keyPath: counter.path] }
  }

  /// The counts as a JSON object, each at its counter's place; derived values are inserted after.
  public var countersJSON: JSONValue {
    var object = JSONValue.object([:])
    for counter in Self.counters { object.insert(.int(Int64(self[keyPath: counter.path])), at: counter.json[...]) }
    return object
  }
}

extension JSONValue {
  /// Puts `value` at `path` in this object, making the objects on the way.
  public mutating func insert(_ value: JSONValue, at path: ArraySlice<String>) {
    guard let key = path.first else {
      self = value
      return
    }
    guard case .object(var members) = self else { preconditionFailure("a JSON path through a value that is not an object") }
    var member = members[key] ?? .object([:])
    member.insert(value, at: path.dropFirst())
    members[key] = member
    self = .object(members)
  }
}
