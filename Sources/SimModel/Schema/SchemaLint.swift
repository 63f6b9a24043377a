import DidYouMean

/// Checks a schema for rules that never apply, values that overlap, coarse mappings that
/// never say "high", locks outside their window and events nothing produces.
public struct SchemaLint: Sendable {
  /// The schema checked.
  public let schema: ConversionSchema
  /// Events the scenarios or app declare; nil skips the check.
  public let declaredEvents: Set<String>?

  /// A lint of `schema`, checking its events against `declaredEvents` when given.
  public init(_ schema: ConversionSchema, declaredEvents: Set<String>? = nil) {
    self.schema = schema
    self.declaredEvents = declaredEvents
  }

  /// Every finding, errors and warnings, in schema order.
  public var findings: [SchemaFinding] {
    var findings: [SchemaFinding] = []
    if case .table(let rules) = schema.fine { findings += tableFindings(rules) }
    findings += valueTableFindings()
    findings += coarseFindings()
    findings += lockFindings()
    findings += predictorFindings()
    findings += eventFindings()
    return findings
  }

  private var describer: RangeDescriber { RangeDescriber(schema: schema) }

  // MARK: - Value table

  private func tableFindings(_ rules: [ValueRule]) -> [SchemaFinding] {
    var findings: [SchemaFinding] = []
    let deciding = ConversionSchema.deciding(rules.map(\.condition), rank: rules.map { -$0.value })
    for (index, rule) in rules.enumerated() {
      if rule.condition.isImpossible {
        findings.append(SchemaFinding(.error, rule.source, "value \(rule.value) is never set: its condition can never hold"))
      } else if deciding[index] == nil {
        let winner = rules.indices.first { rules[$0].value > rule.value && rule.condition.excludingHigher(rules, than: rule.value).implies(rules[$0].condition) }
        let by = winner.map { " \(rules[$0].value) (\(rules[$0].source))" } ?? " a higher value"
        findings.append(
          SchemaFinding(
            .error, rule.source, "value \(rule.value) is never set: value\(by) applies whenever it would, and the higher value wins"))
      }
    }
    for a in rules.indices {
      for b in rules.indices where b > a && rules[a].value != rules[b].value {
        // Entries on different quantities overlap by design (the higher value is the priority);
        // ranges of the same quantities that overlap are a slip in the bounds.
        guard deciding[a] != nil, deciding[b] != nil,
          Set(rules[a].condition.ranges.keys) == Set(rules[b].condition.ranges.keys)
        else { continue }
        let both = rules[a].condition.and(rules[b].condition)
        guard !both.isImpossible, !rules[a].condition.implies(rules[b].condition),
          !rules[b].condition.implies(rules[a].condition)
        else { continue }
        let (low, high) = rules[a].value < rules[b].value ? (rules[a], rules[b]) : (rules[b], rules[a])
        findings.append(
          SchemaFinding(
            .warning, low.source,
            "values \(low.value) and \(high.value) (\(high.source)) overlap where \(describer.text(both.ranges)); "
              + "\(high.value) wins there"))
      }
    }
    return findings
  }

  // MARK: - Coarse value

  /// Rows of a value table that never decide: an earlier row always holds when they do.
  private func valueTableFindings() -> [SchemaFinding] {
    var findings: [SchemaFinding] = []
    for rows in schema.table where !rows.isEmpty {
      let deciding = ConversionSchema.deciding(rows.map(\.condition), rank: Array(rows.indices))
      for (index, row) in rows.enumerated() where deciding[index] == nil {
        let earlier = rows[..<index].first { row.condition.implies($0.condition) }
        let reason = earlier.map { "\($0.source)\($0.name.isEmpty ? "" : " ('\($0.name)')") holds whenever it does and comes first" }
          ?? "the rows before it leave no values for it"
        findings.append(SchemaFinding(.error, row.source, "this row never applies: \(reason)"))
      }
    }
    return findings
  }

  private func coarseFindings() -> [SchemaFinding] {
    // A value table's rows that set a coarse value decide before the coarse rules, which then
    // apply only where the chosen row sets none.
    if schema.table.contains(where: { $0.contains { $0.coarse != nil } }) {
      return schema.table.enumerated().compactMap { window, rows in
        guard !rows.isEmpty, rows.contains(where: { $0.coarse == nil }), schema.coarse[window].isEmpty else { return nil }
        let row = rows.first { $0.coarse == nil }!
        return SchemaFinding(
          .warning, row.source, "this row sets no coarse value and window \(window + 1) has no coarse rules: when it is chosen the window's coarse value stays as it was")
      }
    }
    guard schema.hasCoarseValues else {
      return [
        SchemaFinding(
          .warning, "",
          "no coarse rules: on SKAdNetwork 4.0 and AdAttributionKit, first postbacks at tier 1 carry no value, and postbacks 2 and 3 are not sent (the app must update during each window, §5.2)")
      ]
    }
    let shared = schema.coarse.allSatisfy { $0 == schema.coarse[0] }
    var findings: [SchemaFinding] = []
    for window in shared ? [0] : [0, 1, 2] {
      let rules = schema.coarse[window]
      let name = shared ? "the coarse mapping" : "window \(window + 1)"
      guard !rules.isEmpty else {
        findings.append(
          SchemaFinding(
            .warning, "coarseValue",
            "\(name) has no coarse rules: " + (window == 0 ? "its postback carries no value at tier 1" : "the app makes no update in it, so its postback is not sent (§5.2)")))
        continue
      }
      let deciding = ConversionSchema.deciding(rules.map(\.condition), rank: Array(rules.indices))
      for (index, rule) in rules.enumerated() where deciding[index] == nil {
        let earlier = rules[..<index].first { rule.condition.implies($0.condition) }
        let reason = earlier.map { "\($0.source) ('\($0.value.rawValue)') holds whenever it does and comes first" }
          ?? "the rules before it leave no values for it"
        findings.append(SchemaFinding(.error, rule.source, "this '\(rule.value.rawValue)' rule never applies: \(reason)"))
      }
      if !rules.indices.contains(where: { rules[$0].value == .high && deciding[$0] != nil }) {
        findings.append(
          SchemaFinding(
            .warning, rules[0].source.droppingLastIndex,
            "\(name) never produces 'high': the best users look like everyone else in coarse postbacks"))
      }
    }
    return findings
  }

  // MARK: - Locks

  /// Each window's span in hours since the first launch (rulebook §5.2).
  private static let windowHours: [ValueRange] = [
    ValueRange(atLeast: 0, below: 48), ValueRange(atLeast: 48, below: 168), ValueRange(atLeast: 168, below: 840),
  ]

  private func lockFindings() -> [SchemaFinding] {
    var findings: [SchemaFinding] = []
    for rule in schema.locks {
      if rule.condition.isImpossible {
        findings.append(SchemaFinding(.error, rule.source, "this lock never fires: its condition can never hold"))
        continue
      }
      if rule.condition.isAlways, rule.whenFine == nil, rule.whenCoarse == nil {
        findings.append(
          SchemaFinding(.warning, rule.source, "this lock has no condition: it locks at the first activity in its window"))
      }
      var hours = rule.condition.range(.hoursSinceInstall)
      let days = rule.condition.range(.daysSinceInstall)
      hours = hours.intersection(ValueRange(atLeast: days.atLeast * 24, below: days.below.map { $0 * 24 }))
      let windows = rule.window.map { [$0] } ?? [0, 1, 2]
      let missed = windows.filter { hours.intersection(Self.windowHours[$0]).isEmpty }
      // A lock for every window is fine as long as its time falls in one of them.
      if missed.count == windows.count {
        let spans = missed.map { "window \($0 + 1) spans hours \(Int(Self.windowHours[$0].atLeast))–\(Int(Self.windowHours[$0].below!))" }
        findings.append(
          SchemaFinding(
            .error, rule.source, "this lock never fires: \(spans.joined(separator: ", ")) after the first launch"))
      }
    }
    return findings
  }

  // MARK: - Predictor

  /// Buckets that never decide (an earlier bucket always holds when they do), predictions no
  /// fine value tells apart, and a table that leaves some users without a prediction.
  private func predictorFindings() -> [SchemaFinding] {
    guard let predictor = schema.predictor else { return [] }
    var findings: [SchemaFinding] = []
    let buckets = predictor.buckets
    let deciding = ConversionSchema.deciding(buckets.map(\.condition), rank: Array(buckets.indices))
    for (index, bucket) in buckets.enumerated() where deciding[index] == nil {
      let winner = buckets.indices.first { $0 < index && bucket.condition.implies(buckets[$0].condition) }
      let by = winner.map { " (\(buckets[$0].source))" } ?? ""
      findings.append(
        SchemaFinding(
          .warning, bucket.source,
          "this bucket never predicts: an earlier bucket\(by) holds whenever its condition (\(describer.text(bucket.condition.ranges))) does"))
    }
    if !predictor.hasCatchAll {
      findings.append(
        SchemaFinding(
          .warning, buckets.last?.source ?? "predictor",
          "no bucket without conditions ends the table: users no bucket covers are predicted 0"))
    }
    if case .bits(let fields) = schema.fine,
      let field = fields.first(where: \.readsPrediction),
      case .revenueBucket(_, let bounds) = field.content
    {
      // Predictions that share a fine value are one to the decoder.
      let classes = Dictionary(grouping: buckets.indices) { index in bounds.filter { buckets[index].predicted >= $0 }.count }
      for (value, members) in classes.sorted(by: { $0.key < $1.key }) where Set(members.map { buckets[$0].predicted }).count > 1 {
        let amounts = members.map { RangeDescriber.amount(buckets[$0].predicted) }
        findings.append(
          SchemaFinding(
            .warning, field.source,
            "predictions \(amounts.joined(separator: ", ")) \(schema.currencies.base) share bucket \(value): the decoder cannot tell them apart"))
      }
    }
    return findings
  }

  // MARK: - Events

  private func eventFindings() -> [SchemaFinding] { eventFindings(absence: "is declared by no scenario or app checked") }

  /// A finding for each event the schema reads that `declaredEvents` lacks, at its first
  /// mention, naming the nearest declared event when one is close; `absence` says who does not
  /// perform it. A misspelling (a declared name a small edit away, not differing in digits
  /// alone) is an error; any other is of severity `unmatched`, followed by `unmatchedNote`.
  public func eventFindings(
    absence: String, unmatched: ScenarioDiagnostic.Severity = .error, unmatchedNote: String = ""
  ) -> [SchemaFinding] {
    guard let declaredEvents else { return [] }
    let declared = declaredEvents.sorted()
    return schema.eventNames.enumerated().compactMap { index, name in
      guard !declaredEvents.contains(name) else { return nil }
      let message = "event '\(name)' \(absence): rules reading it never see it happen"
      let suggestion = Suggestion.closest(to: name, among: declared).map { "; did you mean '\($0)'?" } ?? ""
      // A rule on an event that never happens is dead, and most often a typo ("Purchase"); a
      // name that only begins another (`purchase`, `purchase_large`) or differs in its digits
      // (`level_4`, `level_5`) is as likely another app's event.
      let misspelt = Suggestion.closest(to: name, among: declared, prefixes: false)
        .map { !Suggestion.differOnlyInDigits(name, $0) } ?? false
      return misspelt
        ? SchemaFinding(.error, firstMention(of: index), message + suggestion)
        : SchemaFinding(unmatched, firstMention(of: index), message + suggestion + unmatchedNote)
    }
  }

  /// The path of the first field or rule reading event `index`.
  private func firstMention(of index: Int) -> String {
    let measure = Measure.eventCount(index)
    switch schema.fine {
    case .bits(let fields):
      for field in fields {
        switch field.content {
        case .flag(let event) where event == index: return field.source
        case .count(let counted) where counted == measure: return field.source
        default: continue
        }
      }
    case .table(let rules):
      if let rule = rules.first(where: { $0.condition.ranges[measure] != nil }) { return rule.source }
    }
    for rule in schema.coarse.joined() where rule.condition.ranges[measure] != nil { return rule.source }
    if let lock = schema.locks.first(where: { $0.condition.ranges[measure] != nil }) { return lock.source }
    return schema.predictor?.buckets.first { $0.condition.ranges[measure] != nil }?.source ?? ""
  }
}

extension Condition {
  /// This condition narrowed by every rule in `rules` with a value above `value` having failed.
  package func excludingHigher(_ rules: [ValueRule], than value: Int) -> Condition {
    rules.filter { $0.value > value }.reduce(self) { $0.excluding($1.condition) }
  }
}

extension String {
  /// `a.b[3]` → `a.b`: the array holding an element.
  package var droppingLastIndex: String {
    guard hasSuffix("]"), let open = lastIndex(of: "[") else { return self }
    return String(self[..<open])
  }
}
