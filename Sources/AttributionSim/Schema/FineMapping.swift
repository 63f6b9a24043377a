/// How a schema maps measurements to the 6-bit fine value (the only value before 4.0; window 1's
/// fine value from 4.0).
public enum FineMapping: Hashable, Sendable {
  /// Bit fields packed into the value: the usual MMP layouts (revenue bucket, event flags,
  /// counters).
  case bits([BitField])
  /// A table of values, each with the condition that gives it; the highest value whose
  /// condition holds is set.
  case table([ValueRule])

  /// No fine value beyond registration's 0.
  public static let none = FineMapping.bits([])
}

/// A field of a bit layout: bits `low ..< low + width` of the fine value.
public struct BitField: Hashable, Sendable {
  /// What the field holds.
  public enum Content: Hashable, Sendable {
    /// How many of the ascending bounds the revenue reaches (0 below the first).
    case revenueBucket(RevenueSource, bounds: [Double])
    /// 1 when the event (index) happened.
    case flag(event: Int)
    /// A count or day counter, capped at the field's largest value.
    case count(Measure)
  }

  /// The lowest bit, 0–5.
  public var low: Int
  /// How many bits.
  public var width: Int
  /// What it holds.
  public var content: Content
  /// JSON path of the field in its file, for lint findings; empty when built in code.
  public var source: String

  /// A field of `width` bits from bit `low`.
  public init(low: Int, width: Int, content: Content, source: String = "") {
    self.low = low
    self.width = width
    self.content = content
    self.source = source
  }

  /// The largest value the field holds.
  public var maximum: Int { (1 << width) - 1 }
  /// The field's bits within the fine value.
  public var mask: Int { maximum << low }
}

/// An entry of a value table: `value` when `condition` holds (and no higher value's does).
public struct ValueRule: Hashable, Sendable {
  /// The fine value, 0–63.
  public var value: Int
  /// When it applies.
  public var condition: Condition
  /// The revenue the value stands for when decoded, overriding the range's estimate (e.g. a
  /// plan's price); nil to estimate from the range.
  public var revenueEstimate: Double?
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// An entry.
  public init(value: Int, condition: Condition, revenueEstimate: Double? = nil, source: String = "") {
    self.value = value
    self.condition = condition
    self.revenueEstimate = revenueEstimate
    self.source = source
  }
}

/// A coarse-value rule: in its window the first rule whose condition holds gives the value.
public struct CoarseRule: Hashable, Sendable {
  /// The value it gives.
  public var value: CoarseValue
  /// When it applies.
  public var condition: Condition
  /// The revenue the value stands for when decoded, overriding the range's estimate; nil to
  /// estimate from the range.
  public var revenueEstimate: Double?
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// A rule.
  public init(value: CoarseValue, condition: Condition, revenueEstimate: Double? = nil, source: String = "") {
    self.value = value
    self.condition = condition
    self.revenueEstimate = revenueEstimate
    self.source = source
  }
}

/// A lock rule: finalize the window when the condition holds at an activity (the app must be
/// running to call the API, so a time-based lock happens at the first activity after the time).
public struct LockRule: Hashable, Sendable {
  /// The window (0–2) it applies to, or nil for every window.
  public var window: Int?
  /// When to lock.
  public var condition: Condition
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// A rule.
  public init(window: Int?, condition: Condition, source: String = "") {
    self.window = window
    self.condition = condition
    self.source = source
  }
}
