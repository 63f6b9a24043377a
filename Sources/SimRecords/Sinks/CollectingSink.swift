import SimPlatform

/// Keeps every output in memory: for tests and for library users asserting on a run.
public struct CollectingSink: RunSink {
  /// Postbacks in send order.
  public private(set) var postbacks: [PostbackRecord] = []
  /// Conversions in the order they finished.
  public private(set) var conversions: [ConversionRecord] = []
  /// The trace, in time order.
  public private(set) var trace: [TraceRecord] = []
  /// Calls to Apple's attribution API, in time order.
  public private(set) var adServices: [AdServicesExchange] = []
  /// The client SDK's trace, in time order.
  public private(set) var sdk: [SDKTraceRecord] = []

  /// An empty collector.
  public init() {}

  public mutating func receive(_ postback: PostbackRecord) { postbacks.append(postback) }
  public mutating func receive(_ conversion: ConversionRecord) { conversions.append(conversion) }
  public var wantsTrace: Bool { true }
  public mutating func receive(_ trace: TraceRecord) { self.trace.append(trace) }
  public mutating func receive(_ exchange: AdServicesExchange) { adServices.append(exchange) }
  public mutating func receive(_ record: SDKTraceRecord) { sdk.append(record) }
}
