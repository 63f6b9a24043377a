/// Decoding the schema's own values (the server side of the same file).
extension ConversionSchema: ConversionDecoder {
  public func decode(fine value: Int, window: Int) -> DecodedValue? {
    guard ConversionUpdate.fineRange.contains(value) else { return nil }
    if !table[0].isEmpty {
      // The first row that holds decides; registration's 0 also stands for no row holding, even
      // where a row gives 0 too.
      var rules = table[0].map { MappingRule<Int?>(value: $0.fine, condition: $0.condition, source: $0.source) }
      rules.append(MappingRule(value: 0, condition: Condition()))
      return decode(value, rules: rules, rank: Array(rules.indices))
    }
    switch fine {
    case .bits(let fields):
      return bitRanges(value, fields).map { decoded($0, estimates: []) }
    case .table(var rules):
      // Registration sets 0 (§4): without an entry of its own, 0 means no entry held.
      if !rules.contains(where: { $0.value == 0 }) { rules.append(ValueRule(value: 0, condition: Condition())) }
      return decode(value, rules: rules, rank: rules.map { -$0.value })
    }
  }

  public func decode(coarse value: CoarseValue, window: Int) -> DecodedValue? {
    guard coarse.indices.contains(window) else { return nil }
    guard !table[window].isEmpty else { return decode(value, rules: coarse[window], rank: Array(coarse[window].indices)) }
    // The chosen row gives the coarse value; where it gives none, or no row holds, the coarse
    // rules decide: a value stands for each row giving it, and each coarse rule giving it where
    // such a row (or none) was chosen.
    let rows = table[window]
    let chosen = Self.deciding(rows.map(\.condition) + [Condition()], rank: Array(0...rows.count))
    let rules = coarse[window]
    let ruling = Self.deciding(rules.map(\.condition), rank: Array(rules.indices))
    var giving: [Condition] = [], estimates: [Double?] = []
    for (index, condition) in chosen.enumerated() {
      guard let condition else { continue }
      if index < rows.count, let coarse = rows[index].coarse {
        if coarse == value {
          giving.append(condition)
          estimates.append(nil)
        }
        continue
      }
      for (rule, ruled) in zip(rules, ruling) where rule.value == value {
        guard let ruled else { continue }
        let both = condition.and(ruled)
        if !both.isImpossible {
          giving.append(both)
          estimates.append(rule.revenueEstimate)
        }
      }
    }
    return giving.isEmpty ? nil : decoded(Self.hull(giving), estimates: estimates)
  }

  /// What `value` means under rules checked in order of `rank`: the hull of the conditions under
  /// which each rule giving it decides; nil when no such rule ever decides.
  private func decode<Value>(_ value: Value, rules: [MappingRule<Value>], rank: [Int]) -> DecodedValue? {
    let reachable = Self.deciding(rules.map(\.condition), rank: rank)
    let giving = rules.indices.filter { rules[$0].value == value }.compactMap { index in reachable[index].map { (index, $0) } }
    guard !giving.isEmpty else { return nil }
    return decoded(Self.hull(giving.map(\.1)), estimates: giving.map { rules[$0.0].revenueEstimate })
  }

  /// The measure ranges a bit-layout value stands for, or nil when the layout cannot produce it.
  private func bitRanges(_ value: Int, _ fields: [BitField]) -> [Measure: ValueRange]? {
    guard !fields.isEmpty else { return value == 0 ? [:] : nil }
    guard value & ~fields.reduce(0, { $0 | $1.mask }) == 0 else { return nil }
    var ranges: [Measure: ValueRange] = [:]
    for field in fields {
      guard let (measure, range) = field.decode((value & field.mask) >> field.low) else { return nil }
      ranges[measure] = ranges[measure, default: .any].intersection(range)
      if measure == .revenue(.predicted) {
        for (measure, range) in predictedBy(range) { ranges[measure] = ranges[measure, default: .any].intersection(range) }
      }
    }
    return ranges
  }

  /// What the users predicted within `range` did: the hull of the conditions under which the
  /// predictor's buckets predicting a value in it decide. A fine value is set in window 1, where
  /// the measures since install that buckets read are the window's, so a predicted bucket says
  /// what window 1's revenue and sessions were (and the midpoint estimate has a range to use).
  private func predictedBy(_ range: ValueRange) -> [Measure: ValueRange] {
    guard let predictor else { return [:] }
    let buckets = predictor.buckets
    let deciding = Self.deciding(buckets.map(\.condition), rank: Array(buckets.indices))
    let giving = buckets.indices.compactMap { index in
      range.contains(buckets[index].predicted) ? deciding[index] : nil
    }
    return giving.isEmpty ? [:] : Self.hull(giving)
  }

  /// The decoded value of `ranges`; its revenue estimate is the mean of the rules' own
  /// estimates when every rule giving the value states one.
  private func decoded(_ ranges: [Measure: ValueRange], estimates: [Double?]) -> DecodedValue {
    if !estimates.isEmpty, !estimates.contains(nil) {
      return DecodedValue(ranges: ranges, revenueEstimate: estimates.map { $0! }.reduce(0, +) / Double(estimates.count))
    }
    let estimate = { (source: RevenueSource) in
      ranges[.revenue(source)]?.estimate(decoding.estimate, openEndedFactor: decoding.openEndedFactor)
    }
    var revenue = estimate(.all)
    if revenue == nil, estimate(.iap) != nil || estimate(.ad) != nil {
      revenue = (estimate(.iap) ?? 0) + (estimate(.ad) ?? 0)
    }
    return DecodedValue(ranges: ranges, revenueEstimate: revenue)
  }

  /// For rules checked in order of `rank` (lowest first; equal ranks do not exclude each
  /// other), the condition under which each decides: its own, narrowed by every earlier rule
  /// having failed. Nil for a rule that never decides, because an earlier rule always holds
  /// when it does or its narrowed condition is impossible.
  package static func deciding(_ conditions: [Condition], rank: [Int]) -> [Condition?] {
    conditions.indices.map { index in
      let earlier = conditions.indices.filter { rank[$0] < rank[index] }
      var narrowed = conditions[index]
      for other in earlier { narrowed = narrowed.excluding(conditions[other]) }
      guard !narrowed.isImpossible, !earlier.contains(where: { narrowed.implies(conditions[$0]) }) else { return nil }
      return narrowed
    }
  }

  /// The smallest ranges covering every condition; a measure some condition leaves free is
  /// left out (unknown).
  package static func hull(_ conditions: [Condition]) -> [Measure: ValueRange] {
    guard let first = conditions.first else { return [:] }
    var ranges = first.ranges
    for condition in conditions.dropFirst() {
      var next: [Measure: ValueRange] = [:]
      for (measure, range) in ranges {
        if let other = condition.ranges[measure], case let hull = range.hull(other), hull != .any { next[measure] = hull }
      }
      ranges = next
    }
    return ranges
  }
}

extension BitField {
  /// The measure a field value speaks of and its range, or nil when the field cannot hold it.
  package func decode(_ value: Int) -> (Measure, ValueRange)? {
    switch content {
    case .revenueBucket(let source, let bounds):
      guard value <= bounds.count else { return nil }
      return (
        .revenue(source),
        ValueRange(atLeast: value == 0 ? 0 : bounds[value - 1], below: value < bounds.count ? bounds[value] : nil)
      )
    case .flag(let event):
      return (.eventCount(event), value == 0 ? ValueRange(below: 1) : ValueRange(atLeast: 1))
    case .count(let measure):
      // The top value holds everything from the cap up.
      let low = Double(value)
      return (measure, ValueRange(atLeast: low, below: value < maximum ? low + 1 : nil))
    }
  }
}
