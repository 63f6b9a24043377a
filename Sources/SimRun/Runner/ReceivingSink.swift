import SimPlatform
import SimRecords
import SimReceiver

/// The receiving end of a run: every postback passes through a ``PostbackReceiver`` that
/// verifies it with the run's keys and deduplicates it per recipient; winning postbacks the ad
/// network accepted are decoded against the truth of finished conversions. Everything goes on
/// to `downstream` unchanged.
package struct ReceivingSink<Downstream: RunSink>: RunSink {
  package var receiver: PostbackReceiver
  /// Nil when the run's conversion model cannot decode its own values.
  package var decoder: PostbackDecoder?
  package var downstream: Downstream

  package mutating func receive(_ postback: PostbackRecord) {
    _ = receiver.receive(postback, decodingInto: &decoder)
    downstream.receive(postback)
  }

  package mutating func receive(_ conversion: ConversionRecord) {
    decoder?.add(conversion)
    downstream.receive(conversion)
  }

  package mutating func receive(_ exchange: AdServicesExchange) { downstream.receive(exchange) }
  package mutating func receive(_ record: SDKTraceRecord) { downstream.receive(record) }

  package var wantsTrace: Bool { downstream.wantsTrace }
  package mutating func receive(_ trace: TraceRecord) { downstream.receive(trace) }

  package var wantsEventLog: Bool { downstream.wantsEventLog }
  package mutating func receive(_ event: InAppEventRecord) { downstream.receive(event) }
}
