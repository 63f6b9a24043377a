/// A declarative conversion model: fine value from revenue buckets and event bits, coarse value
/// and locks from ordered rules.
///
/// This is the format's first version, enough for the foundation's flow; the full schema format
/// (SKAdNetwork 3 layouts, decoding, lint) builds on it.
public struct ConversionSchema: ConversionModel, Hashable, Sendable {
  /// The highest schema format version this build reads.
  public static let supportedFormatVersion = 1

  /// A condition on the current window's measurements; every part given must hold.
  public struct Condition: Hashable, Sendable {
    /// Revenue (purchase plus ad, USD) in the window is at least this.
    public var revenueAtLeast: Double?
    /// This event (index into ``ConversionSchema/eventNames``) happened in the window.
    public var event: Int?
    /// At least this many sessions in the window.
    public var sessionsAtLeast: Int?

    /// Whether the condition holds for `state`.
    public func holds(for state: MeasurementState) -> Bool {
      if let bound = revenueAtLeast, state.totalRevenue < bound { return false }
      if let event, state.eventCounts[event] == 0 { return false }
      if let bound = sessionsAtLeast, state.sessions < bound { return false }
      return true
    }
  }

  /// A coarse-value rule: the first rule whose condition holds gives the value.
  public struct CoarseRule: Hashable, Sendable {
    /// The value this rule gives.
    public var value: CoarseValue
    /// When it applies.
    public var condition: Condition
  }

  /// A lock rule: lock the window when the condition holds.
  public struct LockRule: Hashable, Sendable {
    /// The window (0–2) it applies to, or nil for every window.
    public var window: Int?
    /// When to lock.
    public var condition: Condition
  }

  /// A fine-value bit set when an event happened in window 1.
  public struct EventBit: Hashable, Sendable {
    /// Index into ``ConversionSchema/eventNames``.
    public var event: Int
    /// Bit position, 0–5.
    public var bit: Int
  }

  /// Every event name the schema mentions.
  public var eventNames: [String]
  /// Ascending revenue bounds (USD): the fine value's low bits hold how many bounds the window's
  /// revenue reaches.
  public var revenueBuckets: [Double]
  /// Fine-value bit set when an event (index) happened in window 0.
  public var eventBits: [EventBit]
  /// Coarse rules in priority order.
  public var coarseRules: [CoarseRule]
  /// Lock rules.
  public var lockRules: [LockRule]

  /// Bits the revenue bucket occupies.
  public var revenueBits: Int { Self.revenueBits(bucketCount: revenueBuckets.count) }

  /// Bits needed to hold a bucket index from 0 to `bucketCount`.
  public static func revenueBits(bucketCount: Int) -> Int {
    var bits = 0
    while (1 << bits) <= bucketCount { bits += 1 }
    return bits
  }

  /// A schema that sets no values beyond registration.
  public static let empty = ConversionSchema(
    eventNames: [], revenueBuckets: [], eventBits: [], coarseRules: [], lockRules: [])

  public func update(for state: MeasurementState) -> ConversionUpdate? {
    var update = ConversionUpdate()
    if state.window == 0 {
      var fine = revenueBuckets.reduce(0) { $0 + (state.totalRevenue >= $1 ? 1 : 0) }
      for eventBit in eventBits where state.eventCounts[eventBit.event] > 0 { fine |= 1 << eventBit.bit }
      update.fine = fine
    }
    update.coarse = coarseRules.first { $0.condition.holds(for: state) }?.value
    update.lock = lockRules.contains {
      ($0.window == nil || $0.window == state.window) && $0.condition.holds(for: state)
    }
    return update.fine == nil && update.coarse == nil && !update.lock ? nil : update
  }
}
