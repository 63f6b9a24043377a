import Foundation
import SimJSON
import SimOutput
import SimPlatform
import SimReceiver
import SimRecords

/// Writes what a shard's phase-2 tier stage passes on into `final.jsonl`, each output with the
/// place of the draft it came from, after the run's receivers have seen it.
///
/// Everything the receivers keep per user or per postback (the identifiers that tell a retry,
/// a user's postbacks awaiting their conversion) stays within one user and so one shard; here it
/// is worked out in parallel on the cluster, and the lines carry the answers: whether each
/// postback was accepted, and what each conversion's postbacks showed.
package struct FinalWriter: RunSink {
  private var file: BufferedFile
  private let position: DraftPosition
  private var firstError: RunDirectoryWriter.WriteError?
  /// The run's receiver, as the whole run has it, and its decoder, used only for what it
  /// keeps per user (the last merge values postbacks with its own estimator); nil when the shard
  /// is finalised without receiving.
  package private(set) var receiver: PostbackReceiver?
  package private(set) var decoder: PostbackDecoder?

  package init(
    folder: URL, position: DraftPosition, receiver: PostbackReceiver?, decoder: PostbackDecoder?
  ) throws(RunDirectoryWriter.WriteError) {
    file = try BufferedFile(final: folder.appendingPathComponent(FinalCodec.fileName))
    self.position = position
    self.receiver = receiver
    self.decoder = decoder
  }

  /// Traces are kept, as in phase 1: the merge decides whether to write them.
  package var wantsTrace: Bool { true }
  /// In-app happenings too: a shard carries them only when run with the event log.
  package var wantsEventLog: Bool { true }

  private mutating func write(_ line: JSONValue) {
    guard firstError == nil else { return }
    do { try file.appendLine(line) } catch { firstError = error }
  }

  package mutating func receive(_ postback: PostbackRecord) {
    // As the whole run's receivers (ReceivingSink) do, through the same call.
    var accepted: Bool?
    if receiver != nil { accepted = receiver!.receive(postback, decodingInto: &decoder) }
    write(FinalCodec.encode(postback, at: position, accepted: accepted))
  }

  package mutating func receive(_ conversion: ConversionRecord) {
    let signals = decoder?.add(conversion)
    write(FinalCodec.encode(conversion, at: position, signals: signals))
  }
  package mutating func receive(_ trace: TraceRecord) { write(FinalCodec.encode(.trace(trace), at: position)) }
  package mutating func receive(_ exchange: AdServicesExchange) { write(FinalCodec.encode(.adServices(exchange), at: position)) }
  package mutating func receive(_ record: SDKTraceRecord) { write(FinalCodec.encode(.sdk(record), at: position)) }
  package mutating func receive(_ event: InAppEventRecord) { write(FinalCodec.encode(.inApp(event), at: position)) }

  /// Writes out what is held and waits until it is on disk, or throws the first failed write.
  package mutating func synchronize() throws(RunDirectoryWriter.WriteError) {
    if let firstError { throw firstError }
    try file.synchronize()
  }

  /// Moves the file into place, after ``synchronize()``.
  package mutating func moveIntoPlace() throws(RunDirectoryWriter.WriteError) {
    try file.moveIntoPlace()
  }

  package mutating func discard() { file.discard() }
}
