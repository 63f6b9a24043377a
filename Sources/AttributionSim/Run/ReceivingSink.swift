/// The receiving end of a run: every postback passes through a ``PostbackReceiver`` that
/// verifies it with the run's keys and deduplicates it per recipient, then goes on to
/// `downstream` with its receipt counted.
struct ReceivingSink<Downstream: RunSink>: RunSink {
  var receiver: PostbackReceiver
  var downstream: Downstream

  mutating func receive(_ postback: PostbackRecord) {
    _ = receiver.receive(postback.payload, endpoint: postback.recipient.rawValue)
    downstream.receive(postback)
  }

  mutating func receive(_ conversion: ConversionRecord) { downstream.receive(conversion) }
  var wantsTrace: Bool { downstream.wantsTrace }
  mutating func receive(_ trace: TraceRecord) { downstream.receive(trace) }
}
