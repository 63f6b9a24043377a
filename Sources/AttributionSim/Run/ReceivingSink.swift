/// The receiving end of a run: every postback passes through a ``PostbackReceiver`` that
/// verifies it with the run's keys and deduplicates it per recipient; winning postbacks the ad
/// network accepted are decoded against the truth of finished conversions. Everything goes on
/// to `downstream` unchanged.
struct ReceivingSink<Downstream: RunSink>: RunSink {
  var receiver: PostbackReceiver
  /// Nil when the run's conversion model cannot decode its own values.
  var report: DecodingReport?
  var downstream: Downstream

  mutating func receive(_ postback: PostbackRecord) {
    let receipt = receiver.receive(postback.payload, endpoint: postback.recipient.rawValue)
    if case .accepted = receipt, postback.recipient == .adNetwork, postback.didWin { report?.decode(postback) }
    downstream.receive(postback)
  }

  mutating func receive(_ conversion: ConversionRecord) {
    report?.add(conversion)
    downstream.receive(conversion)
  }

  mutating func receive(_ exchange: AdServicesExchange) { downstream.receive(exchange) }
  mutating func receive(_ record: SDKTraceRecord) { downstream.receive(record) }

  var wantsTrace: Bool { downstream.wantsTrace }
  mutating func receive(_ trace: TraceRecord) { downstream.receive(trace) }
}
