import SimJSON

/// Reads a conversion schema (inline in a scenario or a file of its own).
struct SchemaReader {
  let reader: JSONReader

  func read() -> ConversionSchema? {
    guard let object = reader.object(keys: ["version", "description", "fineValue", "coarseValue", "lock"]) else {
      return nil
    }
    guard let versionReader = object.required("version", "the schema format version, 1"),
      let version = versionReader.integer()
    else { return nil }
    guard version == Int64(ConversionSchema.supportedFormatVersion) else {
      versionReader.error(
        "unsupported schema format version \(version); this build reads version \(ConversionSchema.supportedFormatVersion)")
      return nil
    }
    _ = object.optional("description")?.string()
    var events = EventNames()
    var buckets: [Double] = []
    var bits: [ConversionSchema.EventBit] = []
    if let fine = object.optional("fineValue")?.object(keys: ["revenueBuckets", "eventBits"]) {
      if let bucketReaders = fine.optional("revenueBuckets")?.array() {
        for bucket in bucketReaders {
          guard let bound = bucket.nonNegativeNumber() else { continue }
          if let last = buckets.last, bound <= last {
            bucket.error("revenue bounds must increase; \(bound) follows \(last)")
          }
          buckets.append(bound)
        }
      }
      let revenueBits = ConversionSchema.revenueBits(bucketCount: buckets.count)
      if let bitsReader = fine.optional("eventBits"), case .object(let members) = bitsReader.node.value {
        var used: [Int: String] = [:]
        for member in members {
          let bitReader = bitsReader.child(member.value, key: member.key)
          guard let bit = bitReader.integer(in: 0...5) else { continue }
          if bit < revenueBits {
            bitReader.error("bit \(bit) is taken by the revenue bucket (bits 0 to \(revenueBits - 1))")
          } else if let other = used[Int(bit)] {
            bitReader.error("bit \(bit) is already used by event '\(other)'")
          } else {
            used[Int(bit)] = member.key
            bits.append(ConversionSchema.EventBit(event: events.index(of: member.key), bit: Int(bit)))
          }
        }
      } else if let bitsReader = fine.optional("eventBits") {
        bitsReader.expected("an object mapping event names to bit positions")
      }
      if revenueBits > 6, let bucketsReader = fine.optional("revenueBuckets") {
        bucketsReader.error("\(buckets.count) revenue bounds need \(revenueBits) bits; a fine value has 6")
      }
    }
    let coarse: [ConversionSchema.CoarseRule] = object.optional("coarseValue")?.array()?.compactMap { rule in
      guard let object = rule.object(keys: ["value"] + SchemaReader.conditionKeys) else { return nil }
      let value = object.required("value")?.oneOf(CoarseValue.allCases.map(\.rawValue)).flatMap(CoarseValue.init)
      guard let condition = condition(object, events: &events), let value else { return nil }
      return ConversionSchema.CoarseRule(value: value, condition: condition)
    } ?? []
    let locks: [ConversionSchema.LockRule] = object.optional("lock")?.array()?.compactMap { rule in
      guard let object = rule.object(keys: ["window"] + SchemaReader.conditionKeys) else { return nil }
      let window = object.optional("window")?.integer(in: 1...3)
      if object.has("window"), window == nil { return nil }
      guard let condition = condition(object, events: &events) else { return nil }
      return ConversionSchema.LockRule(window: window.map { Int($0) - 1 }, condition: condition)
    } ?? []
    return ConversionSchema(
      eventNames: events.names, revenueBuckets: buckets, eventBits: bits, coarseRules: coarse,
      lockRules: locks)
  }

  static let conditionKeys = ["revenueAtLeast", "event", "sessionsAtLeast"]

  private func condition(_ object: ObjectReader, events: inout EventNames) -> ConversionSchema.Condition? {
    var condition = ConversionSchema.Condition()
    var ok = true
    if let reader = object.optional("revenueAtLeast") {
      condition.revenueAtLeast = reader.nonNegativeNumber()
      ok = ok && condition.revenueAtLeast != nil
    }
    if let reader = object.optional("event") {
      let name = reader.nonEmptyString()
      condition.event = name.map { events.index(of: $0) }
      ok = ok && name != nil
    }
    if let reader = object.optional("sessionsAtLeast") {
      condition.sessionsAtLeast = reader.integer(in: 1...Int64(Int32.max)).map(Int.init)
      ok = ok && condition.sessionsAtLeast != nil
    }
    return ok ? condition : nil
  }
}

/// Event names in order of first mention.
struct EventNames {
  private(set) var names: [String] = []

  mutating func index(of name: String) -> Int {
    if let index = names.firstIndex(of: name) { return index }
    names.append(name)
    return names.count - 1
  }
}
