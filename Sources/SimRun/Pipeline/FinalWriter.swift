import Foundation
import SimJSON
import SimOutput
import SimPlatform
import SimRecords

/// Writes what a shard's phase-2 tier stage passes on into `final.jsonl`, each output with the
/// place of the draft it came from.
package struct FinalWriter: RunSink {
  private var file: BufferedFile
  private let position: DraftPosition
  private var firstError: RunDirectoryWriter.WriteError?

  package init(folder: URL, position: DraftPosition) throws(RunDirectoryWriter.WriteError) {
    file = try BufferedFile(final: folder.appendingPathComponent(FinalCodec.fileName))
    self.position = position
  }

  /// Traces are kept, as in phase 1: the merge decides whether to write them.
  package var wantsTrace: Bool { true }

  private mutating func write(_ line: JSONValue) {
    guard firstError == nil else { return }
    do { try file.appendLine(line) } catch { firstError = error }
  }

  package mutating func receive(_ postback: PostbackRecord) { write(FinalCodec.encode(postback, at: position)) }
  package mutating func receive(_ conversion: ConversionRecord) { write(FinalCodec.encode(conversion, at: position)) }
  package mutating func receive(_ trace: TraceRecord) { write(FinalCodec.encode(.trace(trace), at: position)) }
  package mutating func receive(_ exchange: AdServicesExchange) { write(FinalCodec.encode(.adServices(exchange), at: position)) }
  package mutating func receive(_ record: SDKTraceRecord) { write(FinalCodec.encode(.sdk(record), at: position)) }

  /// Moves the file into place, or discards it after a failed write.
  package mutating func commit() throws(RunDirectoryWriter.WriteError) {
    if let firstError {
      file.discard()
      throw firstError
    }
    try file.moveIntoPlace()
  }

  package mutating func discard() { file.discard() }
}
