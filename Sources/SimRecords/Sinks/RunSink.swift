import SimPlatform

/// Receives a run's outputs as they happen, so that long runs need not hold them in memory.
///
/// Sinks that can fail (files) keep their first error and report it after the run.
public protocol RunSink {
  /// A postback at its send time, in send-time order.
  mutating func receive(_ postback: PostbackRecord)
  /// A conversion's ground truth, once it can no longer change.
  mutating func receive(_ conversion: ConversionRecord)
  /// Whether the sink wants trace records; the world skips building them otherwise.
  var wantsTrace: Bool { get }
  /// A platform decision, in time order.
  mutating func receive(_ trace: TraceRecord)
  /// A call to Apple's attribution API, in time order (scenarios with Apple Ads, §8).
  mutating func receive(_ exchange: AdServicesExchange)
  /// The client SDK's metadata after an activity, in time order (apps with an SDK, issue 9).
  mutating func receive(_ record: SDKTraceRecord)
  /// Whether the sink wants users' in-app happenings; the world skips building them otherwise.
  var wantsEventLog: Bool { get }
  /// A user's in-app happening, in time order (runs writing `events.csv`).
  mutating func receive(_ event: InAppEventRecord)
}

extension RunSink {
  /// By default a sink takes no trace.
  public var wantsTrace: Bool { false }
  /// By default trace records are dropped.
  public mutating func receive(_ trace: TraceRecord) {}
  /// By default AdServices calls are dropped.
  public mutating func receive(_ exchange: AdServicesExchange) {}
  /// By default SDK trace lines are dropped.
  public mutating func receive(_ record: SDKTraceRecord) {}
  /// By default a sink takes no in-app happenings.
  public var wantsEventLog: Bool { false }
  /// By default in-app happenings are dropped.
  public mutating func receive(_ event: InAppEventRecord) {}
}
