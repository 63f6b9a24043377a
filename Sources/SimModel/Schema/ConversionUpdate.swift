/// One call to the conversion-value API: a fine value, a coarse value and whether to lock.
public struct ConversionUpdate: Hashable, Sendable {
  /// The fine value; valid values are 0–63, others are rejected by the platform.
  public var fine: Int?
  /// The coarse value.
  public var coarse: CoarseValue?
  /// Whether to finalize the current conversion window now.
  public var lock: Bool

  /// An update with the given parts.
  public init(fine: Int? = nil, coarse: CoarseValue? = nil, lock: Bool = false) {
    self.fine = fine
    self.coarse = coarse
    self.lock = lock
  }

  /// The valid fine values (6 bits).
  public static let fineRange = 0...63
}
