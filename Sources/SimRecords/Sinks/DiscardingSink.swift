/// Discards outputs; for benchmarks that measure the simulation alone.
public struct DiscardingSink: RunSink {
  /// A sink that keeps nothing.
  public init() {}

  public mutating func receive(_ postback: PostbackRecord) {}
  public mutating func receive(_ conversion: ConversionRecord) {}
}
