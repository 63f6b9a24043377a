import SimPlatform
import SimRecords

/// One output of the tier stage in a pipelined run (``OutputPipeline``), in run order: a
/// postback still to be built and signed, or a record ready for the receivers and the sink.
enum StagedOutput {
  case job(PostbackJob)
  case postback(PostbackRecord)
  case conversion(ConversionRecord)
  case trace(TraceRecord)
  case adServices(AdServicesExchange)
  case sdk(SDKTraceRecord)
  case inApp(InAppEventRecord)

  /// Hands the record to `sink`; jobs are made into postbacks before this.
  func deliver<Sink: RunSink>(to sink: inout Sink) {
    switch self {
    case .job: preconditionFailure("a postback is delivered once it is signed")
    case .postback(let record): sink.receive(record)
    case .conversion(let record): sink.receive(record)
    case .trace(let record): sink.receive(record)
    case .adServices(let exchange): sink.receive(exchange)
    case .sdk(let record): sink.receive(record)
    case .inApp(let event): sink.receive(event)
    }
  }
}
