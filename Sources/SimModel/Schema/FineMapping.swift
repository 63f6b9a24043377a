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
