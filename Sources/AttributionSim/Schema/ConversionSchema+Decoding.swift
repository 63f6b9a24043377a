/// Decoding the schema's own values (the server side of the same file).
extension ConversionSchema: ConversionDecoder {
  /// A fine value's revenue bucket and event bits. Values with bits no rule sets, or a bucket
  /// beyond the last bound, cannot come from this schema.
  public func decode(fine: Int, window: Int) -> DecodedValue? {
    guard (0...63).contains(fine) else { return nil }
    let bucketMask = (1 << revenueBits) - 1
    let bucket = fine & bucketMask
    guard bucket <= revenueBuckets.count else { return nil }
    let eventMask = eventBits.reduce(0) { $0 | (1 << $1.bit) }
    guard fine & ~(bucketMask | eventMask) == 0 else { return nil }
    var events: [String: Bool] = [:]
    for eventBit in eventBits { events[eventNames[eventBit.event]] = fine & (1 << eventBit.bit) != 0 }
    return DecodedValue(
      revenueAtLeast: bucket == 0 ? 0 : revenueBuckets[bucket - 1],
      revenueBelow: bucket < revenueBuckets.count ? revenueBuckets[bucket] : nil, events: events)
  }

  /// A coarse value's revenue range: the hull of the ranges of the rules giving that value,
  /// each bounded above by every earlier rule that tests revenue alone (it must have failed).
  /// An event is known to have happened when every reachable rule giving the value needs it.
  public func decode(coarse: CoarseValue, window: Int) -> DecodedValue? {
    let ranges = coarseRuleRanges()
    let reachable = coarseRules.indices.filter { coarseRules[$0].value == coarse && ranges[$0] != nil }
    guard !reachable.isEmpty else { return nil }
    let lower = reachable.map { ranges[$0]!.atLeast }.min()!
    let uppers = reachable.map { ranges[$0]!.below }
    let upper = uppers.contains { $0 == nil } ? nil : uppers.compactMap { $0 }.max()
    var events: [String: Bool] = [:]
    for (index, name) in eventNames.enumerated() where reachable.allSatisfy({ coarseRules[$0].condition.event == index }) {
      events[name] = true
    }
    return DecodedValue(revenueAtLeast: lower, revenueBelow: upper, events: events)
  }

  /// For each coarse rule, the revenue range in which it can be the first rule to hold; nil
  /// when it never can (an earlier revenue-only rule always wins first).
  func coarseRuleRanges() -> [(atLeast: Double, below: Double?)?] {
    var ceiling: Double?
    var ranges: [(atLeast: Double, below: Double?)?] = []
    for rule in coarseRules {
      let floor = rule.condition.revenueAtLeast ?? 0
      ranges.append(ceiling.map { floor < $0 } ?? true ? (floor, ceiling) : nil)
      // A rule testing revenue alone fails only below its bound; one testing nothing always
      // holds, so no later rule is ever reached.
      if rule.condition.event == nil, rule.condition.sessionsAtLeast == nil {
        let bound = rule.condition.revenueAtLeast ?? 0
        ceiling = min(ceiling ?? bound, bound)
      }
    }
    return ranges
  }
}
