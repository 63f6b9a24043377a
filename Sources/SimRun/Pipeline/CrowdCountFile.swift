import Foundation
import SimEngine
import SimJSON
import SimOutput
import SimPlatform
import SimRecords

/// Reads `counts.jsonl` line by line, in bounded memory.
package struct CrowdCountReader {
  private var lines: LineReader
  private let path: String
  /// The line before, to check the order the reduce and the tier stage's feed rely on.
  private var previous: CrowdCount?

  /// Opens `folder/counts.jsonl`.
  package init(folder: URL) throws(ShardFailure) {
    let url = folder.appendingPathComponent(CrowdCountSet.fileName)
    lines = try ShardFile.lines(url, what: "the crowd counts of a shard or of a sum of shards")
    path = url.path
  }

  /// The next line, or nil at the end.
  package mutating func next() throws(ShardFailure) -> CrowdCount? {
    let text: String?
    do { text = try lines.next() } catch { throw ShardFailure(description: "\(path):\(lines.lineNumber + 1): \(error)") }
    guard let text else { return nil }
    guard let node = try? JSONParser.parse(text), let count = CrowdCount(json: JSONValue(node)) else {
      throw ShardFailure(description: "\(path):\(lines.lineNumber): expected a crowd count {at, network, campaign, publisher, country, time, count}")
    }
    // Merged and fed to tiers in this order: a line out of it would give wrong tiers silently.
    if let previous, !CrowdCount.precedes(previous, count) {
      throw ShardFailure(
        description: "\(path):\(lines.lineNumber): expected lines in time and key order, each key once, but this one "
          + "comes before or repeats the line above it: the file is damaged; count the shard again")
    }
    previous = count
    return count
  }
}

/// Writes a shard's installs as `counts.jsonl` while its drafts stream past: those drafted at
/// one instant are held, sorted and added up, then written.
package struct CrowdCountWriter {
  private var file: BufferedFile
  private var pending: [CrowdCount] = []

  package init(folder: URL) throws(RunDirectoryWriter.WriteError) {
    file = try BufferedFile(final: folder.appendingPathComponent(CrowdCountSet.fileName))
  }

  /// Counts an install drafted at `at`.
  package mutating func add(_ facts: ConversionFacts, at: SimTime) throws(RunDirectoryWriter.WriteError) {
    if let first = pending.first, first.at != at { try flush() }
    pending.append(CrowdCount(at: at, facts: facts, count: 1))
  }

  private mutating func flush() throws(RunDirectoryWriter.WriteError) {
    let sorted = pending.sorted(by: CrowdCount.precedes)
    pending.removeAll(keepingCapacity: true)
    var current: CrowdCount?
    for entry in sorted {
      if var sum = current, sum.sameKey(as: entry) {
        sum.count += entry.count
        current = sum
        continue
      }
      if let current { try file.appendLine(current.json) }
      current = entry
    }
    if let current { try file.appendLine(current.json) }
  }

  /// Writes what is held and waits until it is on disk, for ``moveIntoPlace()``.
  package mutating func synchronize() throws(RunDirectoryWriter.WriteError) {
    try flush()
    try file.synchronize()
  }

  /// Moves the file into place, after ``synchronize()``.
  package mutating func moveIntoPlace() throws(RunDirectoryWriter.WriteError) {
    try file.moveIntoPlace()
  }

  package mutating func discard() { file.discard() }
}
