/// The server side of a conversion model: what a postback's value says about its window.
///
/// ``ConversionSchema`` decodes its own values; a Swift model can conform too.
public protocol ConversionDecoder: Sendable {
  /// What fine value `fine` means in window `window` (0 before 4.0); nil when the model cannot
  /// produce it (an "unknown value").
  func decode(fine: Int, window: Int) -> DecodedValue?
  /// What coarse value `coarse` means in window `window`; nil when the model cannot produce it.
  func decode(coarse: CoarseValue, window: Int) -> DecodedValue?
}

/// A decoded conversion value: a revenue range with a point estimate, and what it says about
/// each event.
public struct DecodedValue: Hashable, Sendable {
  /// Revenue (USD) in the window is at least this.
  public var revenueAtLeast: Double
  /// Revenue is below this; nil when unbounded.
  public var revenueBelow: Double?
  /// Events the value says happened (true) or did not (false); absent events are unknown.
  public var events: [String: Bool]

  /// A decoded value.
  public init(revenueAtLeast: Double, revenueBelow: Double?, events: [String: Bool] = [:]) {
    self.revenueAtLeast = revenueAtLeast
    self.revenueBelow = revenueBelow
    self.events = events
  }

  /// The revenue point estimate: the range's midpoint, or its lower bound when it is unbounded
  /// above (a conservative choice: the top bucket's true mean is unknown to the decoder).
  /// arXiv 2102.08458 frames the optimal estimate as the conditional mean within the range,
  /// which needs the revenue distribution; the midpoint assumes it flat.
  public var revenueEstimate: Double {
    guard let upper = revenueBelow else { return revenueAtLeast }
    return (revenueAtLeast + upper) / 2
  }
}
