import SimModel

extension SchemaCandidate {
  /// The candidate a schema is, when it has the search's form: a revenue ladder (all revenue)
  /// from bit 0, then at most one sessions or active-days counter, then event flags; per window
  /// the coarse list "high from revenue, [medium at an event,] medium from revenue, low from one
  /// session or from revenue" (or none); at most one lock on one window's revenue, hours or event. Nil for any
  /// other schema: the search then cannot start its local moves from it.
  public init?(schema: ConversionSchema, windowCount: Int) {
    guard case .bits(let unsorted) = schema.fine else { return nil }
    let fields = unsorted.sorted { $0.low < $1.low }
    guard let ladder = fields.first, ladder.low == 0, case .revenueBucket(let source, let bounds) = ladder.content,
      source == .all || (source == .predicted && schema.predictor != nil),
      !bounds.isEmpty, bounds == bounds.sorted(), Self.bitsNeeded(bounds.count) <= ladder.width
    else { return nil }
    var next = ladder.width
    var counter: Counter?
    var flags: [String] = []
    for field in fields.dropFirst() {
      guard field.low == next else { return nil }
      switch field.content {
      case .count(.sessions) where counter == nil && flags.isEmpty: counter = Counter(measure: "sessions", bits: field.width)
      case .count(.activeDays) where counter == nil && flags.isEmpty: counter = Counter(measure: "activeDays", bits: field.width)
      case .flag(let event) where field.width == 1 && schema.eventNames.indices.contains(event):
        flags.append(schema.eventNames[event])
      default: return nil
      }
      next += field.width
    }
    guard next <= 6 else { return nil }

    var coarse: [Coarse] = []
    if schema.hasCoarseValues {
      guard windowCount == 3 else { return nil }
      for window in 0..<3 {
        guard let thresholds = Self.coarse(schema.coarse[window], eventNames: schema.eventNames) else { return nil }
        coarse.append(thresholds)
      }
    }

    var lock: Lock?
    if let rule = schema.locks.first {
      guard schema.locks.count == 1, let window = rule.window, rule.condition.ranges.count == 1,
        let (measure, range) = rule.condition.ranges.first, range.below == nil
      else { return nil }
      switch measure {
      case .revenue(.all): lock = .revenue(window: window, atLeast: range.atLeast)
      case .hoursSinceInstall where range.atLeast == range.atLeast.rounded():
        lock = .hours(window: window, atLeast: Int(range.atLeast))
      case .eventCount(let event) where range.atLeast == 1 && schema.eventNames.indices.contains(event):
        lock = .event(window: window, name: schema.eventNames[event])
      default: return nil
      }
    }
    self.init(
      revenueBounds: bounds, revenueBits: ladder.width, counter: counter, eventBits: flags, coarse: coarse, lock: lock)
    if source == .predicted { predictor = schema.predictor }
  }

  /// A window's coarse list in the search's form, or nil.
  private static func coarse(_ rules: [CoarseRule], eventNames: [String]) -> Coarse? {
    func only(_ rule: CoarseRule) -> (Measure, ValueRange)? {
      guard rule.condition.ranges.count == 1, let pair = rule.condition.ranges.first, pair.value.below == nil else { return nil }
      return pair
    }
    guard rules.count == 3 || rules.count == 4, rules.allSatisfy({ $0.revenueEstimate == nil }) else { return nil }
    guard rules[0].value == .high, let (highMeasure, high) = only(rules[0]), highMeasure == .revenue(.all) else { return nil }
    var mediumEvent: String?
    var position = 1
    if rules.count == 4 {
      guard rules[1].value == .medium, let (measure, range) = only(rules[1]), case .eventCount(let event) = measure,
        range.atLeast == 1, eventNames.indices.contains(event)
      else { return nil }
      mediumEvent = eventNames[event]
      position = 2
    }
    guard rules[position].value == .medium, let (mediumMeasure, medium) = only(rules[position]),
      mediumMeasure == .revenue(.all), medium.atLeast < high.atLeast
    else { return nil }
    guard rules[position + 1].value == .low, let (lowMeasure, low) = only(rules[position + 1]) else { return nil }
    switch lowMeasure {
    case .sessions where low.atLeast == 1:
      return Coarse(medium: medium.atLeast, high: high.atLeast, mediumEvent: mediumEvent)
    case .revenue(.all) where low.atLeast < medium.atLeast:
      return Coarse(medium: medium.atLeast, high: high.atLeast, mediumEvent: mediumEvent, low: low.atLeast)
    default:
      return nil
    }
  }

  /// Whether `other` sets the same values (reasons aside).
  package func sameValues(as other: SchemaCandidate) -> Bool {
    var a = self, b = other
    a.reasons = [:]
    b.reasons = [:]
    return a == b
  }
}
