import Foundation
import SimJSON
import SimModel
import SimOutput
import SimRecords

/// Writes a shard's drafts to `drafts.jsonl`, its installs' crowd counts to `counts.jsonl`
/// (phase 1 of the two-phase tier stage), then `shard.json`, into a folder; each appears only
/// once complete.
package struct ShardWriter: DraftSink {
  private var drafts: BufferedFile
  private var counts: CrowdCountWriter
  private let folder: URL
  private var firstError: RunDirectoryWriter.WriteError?

  /// Creates the folder if needed and opens the temporary drafts file; `eventLog` keeps the users'
  /// in-app happenings among the drafts.
  package init(folder: URL, eventLog: Bool = false) throws(RunDirectoryWriter.WriteError) {
    self.folder = folder
    wantsEventLog = eventLog
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot create output folder '\(folder.path)': \(FileProblem.reason(writing: folder.path, error))")
    }
    drafts = try BufferedFile(final: folder.appendingPathComponent("drafts.jsonl"))
    counts = try CrowdCountWriter(folder: folder)
  }

  /// Traces are kept: the merged run decides whether to write them.
  package var wantsTrace: Bool { true }
  /// In-app happenings only when asked for (`run --shard --event-log`): every app open and event
  /// would otherwise multiply every sharded run's drafts.
  package let wantsEventLog: Bool

  package mutating func receive(_ envelope: DraftEnvelope) {
    guard firstError == nil else { return }
    do {
      try drafts.appendLine(DraftCodec.encode(envelope))
      if case .install(let install) = envelope.draft { try counts.add(install.winner, at: envelope.at) }
    } catch {
      firstError = error
    }
  }

  /// Moves the drafts and counts into place and writes `shard.json`, all or nothing: every file
  /// is written out and on disk before any is renamed, and the manifest is renamed last (a
  /// folder without it is a shard that did not finish); on a failure no temporary file stays.
  package mutating func commit(_ manifest: ShardManifest) throws(RunDirectoryWriter.WriteError) {
    var file: BufferedFile?
    do throws(RunDirectoryWriter.WriteError) {
      if let firstError { throw firstError }
      try drafts.synchronize()
      try counts.synchronize()
      file = try BufferedFile(final: folder.appendingPathComponent("shard.json"))
      try file!.append(manifest.json.serialized(pretty: true) + "\n")
      try file!.synchronize()
      // A folder holding new drafts beside an old manifest must never look complete, nor keep an
      // earlier run's phase 2.
      try? FileManager.default.removeItem(at: folder.appendingPathComponent("shard.json"))
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(FinalCodec.manifestName))
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(FinalCodec.fileName))
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(FinalCodec.signalsName))
      try drafts.moveIntoPlace()
      try counts.moveIntoPlace()
      try file!.moveIntoPlace()
      try BufferedFile.synchronizeFolder(folder)
    } catch {
      drafts.discard()
      counts.discard()
      file?.discard()
      throw error
    }
  }

  /// Removes the temporary files, for a shard that will not be committed.
  package mutating func discard() {
    drafts.discard()
    counts.discard()
  }
}
