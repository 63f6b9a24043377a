import SimPlatform

/// Hands every output to two sinks: a writer and an observer such as a report or a checker.
public struct TeeSink<First: RunSink, Second: RunSink>: RunSink {
  /// The sinks, in the order they receive.
  public var first: First, second: Second

  /// A sink feeding `first`, then `second`.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public mutating func receive(_ postback: PostbackRecord) {
    first.receive(postback)
    second.receive(postback)
  }

  public mutating func receive(_ conversion: ConversionRecord) {
    first.receive(conversion)
    second.receive(conversion)
  }

  public mutating func receive(_ exchange: AdServicesExchange) {
    first.receive(exchange)
    second.receive(exchange)
  }

  public mutating func receive(_ record: SDKTraceRecord) {
    first.receive(record)
    second.receive(record)
  }

  public var wantsTrace: Bool { first.wantsTrace || second.wantsTrace }

  public mutating func receive(_ trace: TraceRecord) {
    if first.wantsTrace { first.receive(trace) }
    if second.wantsTrace { second.receive(trace) }
  }

  public var wantsEventLog: Bool { first.wantsEventLog || second.wantsEventLog }

  public mutating func receive(_ event: InAppEventRecord) {
    if first.wantsEventLog { first.receive(event) }
    if second.wantsEventLog { second.receive(event) }
  }
}
