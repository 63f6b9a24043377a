/// What each value of a schema means: the table `attrsim schema explain` prints.
public struct SchemaExplanation: Sendable {
  /// One value and what it says about the window.
  public struct Entry: Hashable, Sendable {
    /// The value: 0–63, or low / medium / high.
    public var value: String
    /// What the value says, e.g. "revenue 1–5 USD, purchase".
    public var meaning: String
  }

  /// The fine values the schema can set, in order.
  public var fine: [Entry] = []
  /// How many of the 64 fine values the schema never sets.
  public var unusedFineValues = 0
  /// Coarse values per window (index 0–2): each value the window's rules can give.
  public var coarse: [[Entry]] = []
  /// Whether all three windows share the same coarse rules.
  public var coarseShared = false
  /// Each lock rule, as text.
  public var locks: [String] = []
  /// What the app computes as predicted revenue: each predictor bucket in order, as text.
  public var predictor: [String] = []
  /// The predictor's horizon, in days since install; nil without a predictor.
  public var predictorHorizonDays: Int?

  /// The explanation of `schema`.
  public init(_ schema: ConversionSchema) {
    let describer = RangeDescriber(schema: schema)
    for value in ConversionUpdate.fineRange {
      if let decoded = schema.decode(fine: value, window: 0), schema.setsFineValues {
        fine.append(Entry(value: String(value), meaning: describer.text(decoded.ranges) + Self.estimate(decoded, schema)))
      } else {
        unusedFineValues += 1
      }
    }
    coarseShared = schema.coarse.allSatisfy { $0 == schema.coarse[0] } && schema.table.allSatisfy { $0 == schema.table[0] }
    coarse = schema.coarse.indices.map { window in
      CoarseValue.allCases.reversed().compactMap { value in
        schema.decode(coarse: value, window: window).map {
          Entry(value: value.rawValue, meaning: describer.text($0.ranges) + Self.estimate($0, schema))
        }
      }
    }
    if let model = schema.predictor {
      predictorHorizonDays = model.horizonDays
      let currency = schema.currencies.base
      predictor = model.buckets.map { bucket in
        let users = bucket.installs.map { " (\($0) training users)" } ?? ""
        return "\(describer.text(bucket.condition.ranges)) → \(RangeDescriber.amount(bucket.predicted)) \(currency)\(users)"
      }
    }
    locks = schema.locks.map { rule in
      let window = rule.window.map { "window \($0 + 1)" } ?? "every window"
      var when = rule.condition.isAlways && (rule.whenFine != nil || rule.whenCoarse != nil) ? [] : [describer.text(rule.condition.ranges)]
      if let fine = rule.whenFine { when.append("the fine value is \(fine)") }
      if let coarse = rule.whenCoarse { when.append("the coarse value is \(coarse.rawValue)") }
      return "\(window): lock when \(when.joined(separator: " and "))"
    }
    for (window, rows) in schema.table.enumerated() {
      for (index, row) in rows.enumerated() where row.lock {
        let name = row.name.isEmpty ? "row \(index + 1)" : "row \(index + 1) ('\(row.name)')"
        locks.append("window \(window + 1): lock when \(name) is chosen: \(describer.text(row.condition.ranges))")
      }
    }
  }
}

extension SchemaExplanation {
  /// " → 9.99 USD": the revenue the value decodes to, when it says anything about revenue.
  package static func estimate(_ decoded: DecodedValue, _ schema: ConversionSchema) -> String {
    guard let estimate = decoded.revenueEstimate else { return "" }
    return " → \(RangeDescriber.amount(estimate)) \(schema.currencies.base)"
  }
}

extension ConversionSchema {
  /// The rules giving window 1's fine values, each with its condition and place in the file: a
  /// value table's rows that set one, or a `values` table; nil for a bit layout.
  package var fineValueRules: [ValueRule]? {
    if !table[0].isEmpty {
      return table[0].compactMap { row in row.fine.map { ValueRule(value: $0, condition: row.condition, source: row.source) } }
    }
    if case .table(let rules) = fine { return rules }
    return nil
  }

  /// Whether the mapping sets fine values at all: with none, 0 is registration's alone.
  package var setsFineValues: Bool {
    if !table[0].isEmpty { return true }
    if case .bits(let fields) = fine { return !fields.isEmpty }
    return true
  }
}
