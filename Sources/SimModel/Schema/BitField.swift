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

  /// Whether the field buckets the predictor's predicted revenue.
  public var readsPrediction: Bool {
    if case .revenueBucket(.predicted, _) = content { return true }
    return false
  }

  /// The largest value the field holds.
  public var maximum: Int { (1 << width) - 1 }
  /// The field's bits within the fine value.
  public var mask: Int { maximum << low }
}
