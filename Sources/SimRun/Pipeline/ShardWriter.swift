import Foundation
import SimJSON
import SimModel
import SimOutput
import SimRecords

/// Writes a shard's drafts to `drafts.jsonl`, then `shard.json`, into a folder; both appear only
/// once complete.
package struct ShardWriter: DraftSink {
  private var drafts: BufferedFile
  private let folder: URL
  private var firstError: RunDirectoryWriter.WriteError?

  /// Creates the folder if needed and opens the temporary drafts file.
  package init(folder: URL) throws(RunDirectoryWriter.WriteError) {
    self.folder = folder
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot create output folder '\(folder.path)': \(FileProblem.reason(writing: folder.path, error))")
    }
    drafts = try BufferedFile(final: folder.appendingPathComponent("drafts.jsonl"))
  }

  /// Traces are kept: the merged run decides whether to write them.
  package var wantsTrace: Bool { true }

  package mutating func receive(_ envelope: DraftEnvelope) {
    guard firstError == nil else { return }
    do { try drafts.appendLine(DraftCodec.encode(envelope)) } catch { firstError = error }
  }

  /// Moves the drafts into place and writes `shard.json`.
  package mutating func commit(_ manifest: ShardManifest) throws(RunDirectoryWriter.WriteError) {
    if let firstError {
      drafts.discard()
      throw firstError
    }
    // A folder holding new drafts beside an old manifest must never look complete.
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("shard.json"))
    try drafts.moveIntoPlace()
    var file = try BufferedFile(final: folder.appendingPathComponent("shard.json"))
    do {
      try file.append(manifest.json.serialized(pretty: true) + "\n")
      try file.moveIntoPlace()
    } catch {
      file.discard()
      throw error
    }
  }
}
