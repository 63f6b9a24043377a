import AttributionCrypto
import SimJSON
import SimModel

/// Reads a conversion schema (inline in a scenario or a file of its own), rejecting bad values,
/// unknown keys and impossible layouts with the file, JSON path and reason.
package struct SchemaReader {
  package let reader: JSONReader

  /// `$schema` names the JSON Schema an editor checks the file with (Docs/schemas); accepted
  /// inline too, so a schema file pasted into a scenario reads the same.
  package static let keys = [
    "$schema", "version", "description", "currency", "exchangeRates", "fineValue", "coarseValue", "lock", "decoding",
    "predictor", "valueTable", "stopAfterHours", "origin",
  ]

  /// A lock rule's keys.
  package static let lockKeys = ["window", "whenFine", "whenCoarse"] + ConditionReader.keys
  /// A value-table row's keys.
  package static let rowKeys = ["name", "fine", "coarse", "lock"] + ConditionReader.keys

  package func read() -> ConversionSchema? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    guard let versionReader = object.required("version", "the schema format version, 1"),
      let version = versionReader.integer()
    else { return nil }
    guard version == Int64(ConversionSchema.supportedFormatVersion) else {
      versionReader.error(
        "unsupported schema format version \(version); this build reads version \(ConversionSchema.supportedFormatVersion)")
      return nil
    }
    _ = object.optional("$schema")?.string()
    var events = EventNames()
    let summary = object.optional("description")?.string() ?? ""
    let currencies = readCurrencies(object)
    let fine = object.optional("fineValue").map { readFine($0, events: &events) } ?? FineMapping.none
    let coarse = object.optional("coarseValue").map { readCoarse($0, events: &events) } ?? []
    let locks: [LockRule] =
      object.optional("lock")?.array(atMost: Self.maximumRules, of: "lock rules", because: Self.rulesReason)?.compactMap { rule in
        guard let object = rule.object(keys: Self.lockKeys) else { return nil }
        let window = object.optional("window")?.integer(in: 1...3)
        if object.has("window"), window == nil { return nil }
        let whenFine = object.optional("whenFine")?.integer(in: 0...63)
        if object.has("whenFine"), whenFine == nil { return nil }
        if let fineReader = object.optional("whenFine"), let window, window != 1 {
          fineReader.error("a fine value exists in window 1 only (§4); this rule is for window \(window)")
          return nil
        }
        let whenCoarse = object.optional("whenCoarse")?.oneOf(CoarseValue.allCases.map(\.rawValue)).flatMap(CoarseValue.init)
        if object.has("whenCoarse"), whenCoarse == nil { return nil }
        guard let condition = ConditionReader(object: object).read(events: &events) else { return nil }
        return LockRule(
          window: window.map { Int($0) - 1 }, condition: condition, whenFine: whenFine.map { Int($0) }, whenCoarse: whenCoarse,
          source: rule.path)
      } ?? []
    let table = object.optional("valueTable").map { readTable($0, events: &events) } ?? [[], [], []]
    if object.has("valueTable"), let fineReader = object.optional("fineValue") {
      fineReader.error("a schema sets its fine value either by 'fineValue' or by a 'valueTable', not both")
    }
    let stopAfterHours = object.optional("stopAfterHours")?.number()
    if let hoursReader = object.optional("stopAfterHours"), let hours = stopAfterHours, !(hours > 0 && hours <= 24 * 60) {
      hoursReader.error("expected hours above 0 and at most 1440 (60 days), found \(hours.plain)")
    }
    let origin = object.optional("origin").map { JSONValue($0.node) }
    let decoding = object.optional("decoding").flatMap(readDecoding) ?? DecodingSettings()
    let predictor = object.optional("predictor").flatMap { PredictorReader(reader: $0).read(events: &events) }
    var schema = ConversionSchema(
      eventNames: events.names, currencies: currencies, fine: fine, coarse: coarse, locks: locks,
      decoding: decoding, summary: summary, predictor: predictor)
    if predictor == nil, !object.has("predictor"), let reading = Self.firstPredictedRead(schema) {
      JSONPathLookup.node(at: reading, under: reader.node, rootPath: reader.path).map { node in
        reader.log.add(
          ScenarioDiagnostic(
            file: reader.file, location: node.location, path: reading,
            message: "reads predicted revenue, but the schema has no 'predictor' to predict it; add one (attrsim schema train writes one)"))
      }
    }
    schema.table = table
    schema.stopAfterHours = stopAfterHours
    schema.origin = origin
    schema.digest = Self.digest(reader.node)
    return schema
  }

  /// The JSON path of the first rule or field reading predicted revenue, or nil when none does.
  package static func firstPredictedRead(_ schema: ConversionSchema) -> String? {
    let predicted = Measure.revenue(.predicted)
    switch schema.fine {
    case .bits(let fields):
      if let field = fields.first(where: \.readsPrediction) {
        return field.source
      }
    case .table(let rules):
      if let rule = rules.first(where: { $0.condition.ranges[predicted] != nil }) { return rule.source }
    }
    for rules in schema.coarse {
      if let rule = rules.first(where: { $0.condition.ranges[predicted] != nil }) { return rule.source }
    }
    return schema.locks.first { $0.condition.ranges[predicted] != nil }?.source
  }

  /// SHA-256 (hex) of the schema's canonical JSON (sorted keys, no spaces) without the keys that
  /// change no value it sets, so a calibration survives a new description or estimator.
  package static func digest(_ node: JSONNode) -> String {
    var value = JSONValue(node)
    if case .object(var members) = value {
      for key in ["$schema", "description", "decoding", "origin"] { members[key] = nil }
      value = .object(members)
    }
    return SHA256.hash(Array(value.serialized().utf8)).map { byte in
      String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }.joined()
  }

  // MARK: - Currencies and decoding

  private func readCurrencies(_ object: ObjectReader) -> CurrencyTable {
    let base = object.optional("currency").flatMap(Self.currencyCode) ?? "USD"
    var rates: [String: Double] = [:]
    if let ratesReader = object.optional("exchangeRates") {
      if case .object(let members) = ratesReader.node.value {
        for member in members {
          let rateReader = ratesReader.child(member.value, key: member.key)
          guard Self.isCurrencyCode(member.key) else {
            rateReader.error("'\(member.key)' is not a currency code (three capital letters, ISO 4217)")
            continue
          }
          if member.key == base {
            rateReader.error("\(base) is the schema's own currency and needs no rate")
            continue
          }
          guard let rate = rateReader.number() else { continue }
          guard rate > 0, rate <= WorkLimits.largestAmount else {
            rateReader.error(
              "expected a rate above 0 and at most \(WorkLimits.largestAmount.plain) (\(base) per \(member.key)), found \(rate)")
            continue
          }
          rates[member.key] = rate
        }
      } else {
        ratesReader.expected("an object mapping currency codes to \(base) per unit")
      }
    }
    return CurrencyTable(base: base, rates: rates)
  }

  package static func isCurrencyCode(_ text: String) -> Bool {
    text.count == 3 && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
  }

  /// A currency code, checked.
  package static func currencyCode(_ reader: JSONReader) -> String? {
    guard let text = reader.string() else { return nil }
    guard isCurrencyCode(text) else {
      reader.error("expected a currency code (three capital letters, ISO 4217), found \(Excerpt.quoted(text))")
      return nil
    }
    return text
  }

  private func readDecoding(_ reader: JSONReader) -> DecodingSettings? {
    guard let object = reader.object(keys: ["estimate", "openEndedFactor"]) else { return nil }
    var settings = DecodingSettings()
    // `lowerBound` is the first spelling of `lower`, still read.
    if let estimate = object.optional("estimate")?.oneOf(DecodingSettings.Estimate.allCases.map(\.rawValue) + ["lowerBound"]) {
      settings.estimate = DecodingSettings.Estimate(name: estimate)!
    }
    if let factorReader = object.optional("openEndedFactor"), let factor = factorReader.number() {
      if !(1...1_000).contains(factor) {
        factorReader.error("expected a factor from 1 to 1000 (the top range starts at its bound), found \(factor)")
      } else {
        settings.openEndedFactor = factor
      }
    }
    return settings
  }

  // MARK: - Fine value

  private func readFine(_ reader: JSONReader, events: inout EventNames) -> FineMapping {
    guard let object = reader.object(keys: ["revenueBuckets", "revenueSource", "eventBits", "fields", "values"]) else {
      return .none
    }
    if let valuesReader = object.optional("values") {
      for key in ["revenueBuckets", "revenueSource", "eventBits", "fields"] where object.has(key) {
        object.optional(key)!.error("a fine value is either a value table ('values') or a bit layout, not both")
      }
      let rules: [ValueRule] =
        valuesReader.array(atMost: Self.maximumRules, of: "fine value rules", because: Self.rulesReason)?.compactMap { entry in
          guard let object = entry.object(keys: ["value", "revenueEstimate"] + ConditionReader.keys),
            let value = object.required("value", "the fine value, 0 to 63")?.integer(in: 0...63),
            let condition = ConditionReader(object: object).read(events: &events)
          else { return nil }
          let estimate = object.optional("revenueEstimate")?.nonNegativeNumber()
          if object.has("revenueEstimate"), estimate == nil { return nil }
          return ValueRule(value: Int(value), condition: condition, revenueEstimate: estimate, source: entry.path)
        } ?? []
      return .table(rules)
    }
    var fields: [BitField] = []
    // The shorthand: a revenue bucket in the low bits, then event flags at named bits.
    if let bucketsReader = object.optional("revenueBuckets"), let bounds = readBounds(bucketsReader) {
      let source = object.optional("revenueSource").flatMap(readRevenueSource) ?? .all
      let width = Self.bitsNeeded(bounds.count)
      if width > 6 {
        bucketsReader.error("\(bounds.count) revenue bounds make \(bounds.count + 1) buckets, which need \(width) bits; a fine value has 6")
      } else {
        fields.append(
          BitField(low: 0, width: width, content: .revenueBucket(source, bounds: bounds), source: bucketsReader.path))
      }
    } else if let sourceReader = object.optional("revenueSource") {
      sourceReader.error("'revenueSource' needs 'revenueBuckets'")
    }
    if let bitsReader = object.optional("eventBits") {
      if case .object(let members) = bitsReader.node.value {
        for member in members {
          let bitReader = bitsReader.child(member.value, key: member.key)
          guard let bit = bitReader.integer(in: 0...5) else { continue }
          fields.append(
            BitField(
              low: Int(bit), width: 1, content: .flag(event: events.index(of: member.key)), source: bitReader.path))
        }
      } else {
        bitsReader.expected("an object mapping event names to bit positions")
      }
    }
    for fieldReader in object.optional("fields")?.array() ?? [] {
      if let field = readField(fieldReader, events: &events) { fields.append(field) }
    }
    checkOverlaps(fields)
    return .bits(fields)
  }

  private func readField(_ reader: JSONReader, events: inout EventNames) -> BitField? {
    let contentKeys = ["revenue", "event", "eventCount", "count"]
    guard let object = reader.object(keys: ["bits", "revenueSource"] + contentKeys),
      let bitsReader = object.required("bits", "a bit (0 to 5) or a range [low, high]")
    else { return nil }
    let given = contentKeys.filter(object.has)
    guard given.count == 1, let key = given.first else {
      reader.error(
        given.isEmpty
          ? "a field needs one of \(contentKeys.map { "'\($0)'" }.joined(separator: ", "))"
          : "a field holds one thing; found \(given.map { "'\($0)'" }.joined(separator: " and "))")
      return nil
    }
    guard let (low, width) = readBits(bitsReader) else { return nil }
    let contentReader = object.optional(key)!
    if key != "revenue", let sourceReader = object.optional("revenueSource") {
      sourceReader.error("'revenueSource' applies to a 'revenue' field only")
    }
    let content: BitField.Content
    switch key {
    case "revenue":
      guard let bounds = readBounds(contentReader) else { return nil }
      let needed = Self.bitsNeeded(bounds.count)
      guard needed <= width else {
        contentReader.error(
          "\(bounds.count) revenue bounds make \(bounds.count + 1) buckets, which need \(needed) bits; the field has \(width)")
        return nil
      }
      content = .revenueBucket(object.optional("revenueSource").flatMap(readRevenueSource) ?? .all, bounds: bounds)
    case "event":
      guard let name = contentReader.nonEmptyString() else { return nil }
      guard width == 1 else {
        bitsReader.error("an event flag takes one bit; this field has \(width)")
        return nil
      }
      content = .flag(event: events.index(of: name))
    case "eventCount":
      guard let name = contentReader.nonEmptyString() else { return nil }
      content = .count(.eventCount(events.index(of: name)))
    default:
      let counters: [String: Measure] = [
        "sessions": .sessions, "activeDays": .activeDays, "daysSinceInstall": .daysSinceInstall,
        "hoursSinceInstall": .hoursSinceInstall,
      ]
      guard let name = contentReader.oneOf(counters.keys.sorted()) else { return nil }
      content = .count(counters[name]!)
    }
    return BitField(low: low, width: width, content: content, source: reader.path)
  }

  /// `bits`: one bit, or an inclusive `[low, high]` range, all within the fine value's 6 bits.
  private func readBits(_ reader: JSONReader) -> (low: Int, width: Int)? {
    if case .number = reader.node.value {
      guard let bit = reader.integer(in: 0...5) else { return nil }
      return (Int(bit), 1)
    }
    guard let elements = reader.array() else { return nil }
    guard elements.count == 2 else {
      reader.error("expected [low, high], two bit positions, found \(elements.count) elements")
      return nil
    }
    guard let low = elements[0].integer(in: 0...Int64(Int32.max)), let high = elements[1].integer(in: 0...Int64(Int32.max))
    else { return nil }
    guard low <= high else {
      reader.error("the low bit \(low) is above the high bit \(high)")
      return nil
    }
    guard high <= 5 else {
      reader.error("bits \(low)–\(high) overflow the fine value, which has 6 bits (0 to 5)")
      return nil
    }
    return (Int(low), Int(high - low + 1))
  }

  private func checkOverlaps(_ fields: [BitField]) {
    for (index, field) in fields.enumerated() {
      guard let earlier = fields[..<index].first(where: { $0.mask & field.mask != 0 }) else { continue }
      let shared = (0...5).filter { earlier.mask & field.mask & (1 << $0) != 0 }
      reader.log.add(
        ScenarioDiagnostic(
          file: reader.file, location: locate(field.source), path: field.source,
          message: shared.count == 1
            ? "bit \(shared[0]) already belongs to \(earlier.source)"
            : "bits \(shared.map(String.init).joined(separator: ", ")) already belong to \(earlier.source)"))
    }
  }

  /// The location of the value at `path` below the schema's root, for checks made after reading.
  private func locate(_ path: String) -> SourceLocation? {
    JSONPathLookup.node(at: path, under: reader.node, rootPath: reader.path)?.location
  }

  private func readBounds(_ reader: JSONReader) -> [Double]? {
    guard let elements = reader.array() else { return nil }
    guard !elements.isEmpty else {
      reader.error("expected at least one revenue bound")
      return nil
    }
    var bounds: [Double] = []
    for element in elements {
      guard let bound = element.nonNegativeNumber() else { return nil }
      if let last = bounds.last, bound <= last {
        element.error("revenue bounds must increase; \(bound) follows \(last)")
        return nil
      }
      bounds.append(bound)
    }
    return bounds
  }

  private func readRevenueSource(_ reader: JSONReader) -> RevenueSource? {
    reader.oneOf(RevenueSource.allCases.map(\.rawValue)).flatMap(RevenueSource.init)
  }

  /// Bits needed to hold a value from 0 to `count`.
  package static func bitsNeeded(_ count: Int) -> Int {
    var bits = 0
    while (1 << bits) <= count { bits += 1 }
    return bits
  }

  // MARK: - Value table

  /// `valueTable`: rows for `window1`…`window3`, each a name, a fine value (window 1 only), a
  /// coarse value, a lock flag and a condition; the first row that holds decides.
  private func readTable(_ reader: JSONReader, events: inout EventNames) -> [[ValueRow]] {
    let windowKeys = ["window1", "window2", "window3"]
    guard let object = reader.object(keys: windowKeys) else { return [[], [], []] }
    return windowKeys.enumerated().map { window, key in
      guard let rowsReader = object.optional(key) else { return [] }
      return rowsReader.array(atMost: Self.maximumRules, of: "value table rows", because: Self.rulesReason)?.compactMap { entry in
        guard let row = entry.object(keys: Self.rowKeys) else { return nil }
        let name = row.optional("name")?.string() ?? ""
        let fine = row.optional("fine")?.integer(in: 0...63)
        if let fineReader = row.optional("fine"), window > 0 {
          fineReader.error("a fine value exists in window 1 only (§4); this row is in \(key)")
          return nil
        }
        let coarse = row.optional("coarse")?.oneOf(CoarseValue.allCases.map(\.rawValue)).flatMap(CoarseValue.init)
        let lock = row.optional("lock")?.bool() ?? false
        guard fine != nil || !row.has("fine"), coarse != nil || !row.has("coarse"),
          let condition = ConditionReader(object: row).read(events: &events)
        else { return nil }
        return ValueRow(name: name, fine: fine.map { Int($0) }, coarse: coarse, lock: lock, condition: condition, source: entry.path)
      } ?? []
    }
  }

  // MARK: - Coarse value

  /// The most rules a fine value table, a window's coarse rules or the lock rules may hold. The
  /// lint compares every rule with those before it (quadratic work), and an app evaluates them in
  /// order on every update; Google Analytics allows 128 conversion values a window.
  package static let maximumRules = 256
  private static let rulesReason = "rules are tried in order on every update; split the table or widen its conditions"

  private func readCoarse(_ reader: JSONReader, events: inout EventNames) -> [[CoarseRule]] {
    func rules(_ reader: JSONReader) -> [CoarseRule] {
      reader.array(atMost: Self.maximumRules, of: "coarse rules", because: Self.rulesReason)?.compactMap { rule in
        guard let object = rule.object(keys: ["value", "revenueEstimate"] + ConditionReader.keys) else { return nil }
        let value = object.required("value", "low, medium or high")?.oneOf(CoarseValue.allCases.map(\.rawValue))
          .flatMap(CoarseValue.init)
        let estimate = object.optional("revenueEstimate")?.nonNegativeNumber()
        guard let condition = ConditionReader(object: object).read(events: &events), let value,
          estimate != nil || !object.has("revenueEstimate")
        else { return nil }
        return CoarseRule(value: value, condition: condition, revenueEstimate: estimate, source: rule.path)
      } ?? []
    }
    if case .array = reader.node.value {
      let shared = rules(reader)
      return [shared, shared, shared]
    }
    let windowKeys = ["window1", "window2", "window3"]
    guard case .object = reader.node.value else {
      reader.expected("an array of rules for every window, or an object with 'window1', 'window2', 'window3' rule arrays")
      return []
    }
    guard let object = reader.object(keys: windowKeys) else { return [] }
    return windowKeys.map { key in object.optional(key).map(rules) ?? [] }
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(reader: JSONReader) {
    self.reader = reader
  }
}
