/// A number as written in the source, with its floating-point and (when exact) integer value.
///
/// Keeping the literal lets error messages quote the number exactly as the user typed it, and
/// keeping `int64` separately avoids losing precision on integers beyond 2^53.
public struct JSONNumber: Sendable, Hashable {
  /// The number exactly as written, e.g. "0x1F", "+.5" or "-Infinity".
  public let literal: String
  /// The value rounded to the nearest double; may be infinite or NaN for `Infinity` and `NaN`.
  public let double: Double
  /// The exact value when the literal denotes an integer that fits in Int64, otherwise nil.
  ///
  /// Set for integer literals (decimal or hex) and for decimal literals whose value is exactly
  /// integral, such as "3.0" or "1e3"; nil for "1.5", out-of-range integers, `Infinity` and `NaN`.
  /// "-0" has an `int64` of 0 while `double` keeps the sign.
  public let int64: Int64?

  /// Creates a number from its literal text and already-computed values.
  public init(literal: String, double: Double, int64: Int64?) {
    self.literal = literal
    self.double = double
    self.int64 = int64
  }
}
