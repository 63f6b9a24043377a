import SimRecords

/// Keeps a run's postbacks and nothing else, to deliver them after the run.
public struct PostbackCollector: RunSink {
  /// Postbacks in send order.
  public private(set) var postbacks: [PostbackRecord] = []

  /// An empty collector.
  public init() {}

  public mutating func receive(_ postback: PostbackRecord) { postbacks.append(postback) }
  public mutating func receive(_ conversion: ConversionRecord) {}
}
