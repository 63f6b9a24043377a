import Foundation
import SimJSON
import SimModel
import SimOutput
import SimRecords

/// Crowd counts of some shards of one run: a shard folder's own, or a sum written by
/// ``reduce(folders:into:)`` into a folder of `counts.jsonl` and `counts.json`. Sums add up
/// again, so a reduce can be a tree: pairs of shards, then pairs of sums, and so on.
package struct CrowdCountSet {
  package static let fileName = "counts.jsonl", manifestName = "counts.json"
  /// Version 2 notes each pinned input's original (see ``ShardManifest/version``).
  package static let format = "attrsim-crowd-counts", version: Int64 = 2

  /// The scenario file as the shards' command lines named it, for messages.
  package var scenarioPath: String
  /// The inputs the shards pinned: counts add up only over shards of the same scenario.
  package var inputs: PinnedInputs
  package var seed: UInt64
  /// N, the run's shard count.
  package var shardCount: Int
  /// The shards counted, in order.
  package var covers: [Int]

  /// Whether every shard of the run is counted: what phase 2 needs.
  package var isComplete: Bool { covers == Array(0..<shardCount) }

  /// Reads a shard folder's `shard.json`, or a sum's `counts.json`.
  package init(folder: URL) throws(ShardFailure) {
    let url = folder.appendingPathComponent(Self.manifestName)
    guard FileManager.default.fileExists(atPath: url.path) else {
      guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("shard.json").path) else {
        throw ShardFailure(
          description: "\(folder.path): expected crowd counts, a sum's counts.json or a run shard's shard.json, found neither: "
            + "not a sum or a shard, or one whose reduce or run did not finish")
      }
      let manifest = try ShardManifest(folder: folder)
      self.init(
        scenarioPath: manifest.scenarioPath, inputs: manifest.inputs, seed: manifest.seed,
        shardCount: manifest.shard.count, covers: [manifest.shard.index])
      return
    }
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "\(url.path): \(reason)") }
    let object = try ManifestFile.members(
      at: url, what: "a sum of crowd counts", format: Self.format, version: Self.version,
      notKind: "not a sum of crowd counts", otherVersion: "written by another version of attrsim; reduce again")
    guard case .string(let path)? = object["scenario"] else { throw fail("$.scenario: expected the scenario's path") }
    let inputs: PinnedInputs
    do { inputs = try PinnedInputs(json: object["inputs"]) } catch { throw fail(error.description) }
    guard case .int(let seed)? = object["seed"] else { throw fail("$.seed: expected an integer") }
    guard case .int(let count)? = object["shards"], count >= 1 else { throw fail("$.shards: expected a shard count of 1 or more") }
    guard case .array(let list)? = object["covers"] else { throw fail("$.covers: expected a list of shard indices") }
    var covers: [Int] = []
    for entry in list {
      guard case .int(let index) = entry, index >= 0, index < count else { throw fail("$.covers: expected shard indices below \(count)") }
      covers.append(Int(index))
    }
    self.init(scenarioPath: path, inputs: inputs, seed: UInt64(bitPattern: seed), shardCount: Int(count), covers: covers)
  }

  package init(scenarioPath: String, inputs: PinnedInputs, seed: UInt64, shardCount: Int, covers: [Int]) {
    self.scenarioPath = scenarioPath
    self.inputs = inputs
    self.seed = seed
    self.shardCount = shardCount
    self.covers = covers
  }

  package var json: JSONValue {
    .object([
      "format": .string(Self.format), "version": .int(Self.version), "scenario": .string(scenarioPath),
      "inputs": inputs.json, "seed": .int(Int64(bitPattern: seed)), "shards": .int(Int64(shardCount)),
      "covers": .array(covers.map { .int(Int64($0)) }),
    ])
  }

  /// Why `other` (read from `folder`) cannot be added to these counts (read from `mine`); nil when it can.
  package func problem(adding other: CrowdCountSet, from folder: URL, to mine: URL) -> String? {
    if let difference = inputs.difference(from: other.inputs) {
      return "\(folder.path) \(difference) (against \(mine.path)): crowd counts of different scenarios do not add up"
    }
    guard other.seed == seed else {
      return "\(folder.path): counts a run with seed \(other.seed), \(mine.path) one with seed \(seed): they do not add up"
    }
    guard other.shardCount == shardCount else {
      return "\(folder.path): counts shards of \(other.shardCount), \(mine.path) shards of \(shardCount): not the same sharding"
    }
    if let twice = other.covers.first(where: covers.contains) {
      return "\(folder.path): counts shard \(twice)/\(shardCount), which \(mine.path) already counts: it would be counted twice"
    }
    return nil
  }

  /// Adds up the crowd counts in `folders` (shard folders or earlier sums) into `output`'s
  /// `counts.jsonl` and `counts.json`, streaming: memory holds one line per folder, whatever
  /// the users. Refuses counts of different scenarios, seeds or shardings, or of a shard twice,
  /// naming the folders, before writing anything.
  @discardableResult
  package static func reduce(folders: [URL], into output: URL) throws(ShardFailure) -> CrowdCountSet {
    guard let firstFolder = folders.first else { throw ShardFailure(description: "no folders of crowd counts given") }
    var sum = try CrowdCountSet(folder: firstFolder)
    var counted = [(folder: firstFolder, set: sum)]
    for folder in folders.dropFirst() {
      let next = try CrowdCountSet(folder: folder)
      // Against each folder before it, so a shard counted twice names the folder that has it.
      for earlier in counted {
        if let problem = earlier.set.problem(adding: next, from: folder, to: earlier.folder) {
          throw ShardFailure(description: problem)
        }
      }
      sum.covers = (sum.covers + next.covers).sorted()
      counted.append((folder, next))
    }
    var readers: [CrowdCountReader] = []
    for folder in folders { readers.append(try CrowdCountReader(folder: folder)) }
    do {
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    } catch {
      throw ShardFailure(
        description: "cannot create '\(output.path)': \(FileProblem.reason(writing: output.path, error))", kind: .cannotWrite)
    }
    var file: BufferedFile
    var manifest: BufferedFile
    do {
      file = try BufferedFile(final: output.appendingPathComponent(fileName))
      manifest = try BufferedFile(final: output.appendingPathComponent(manifestName))
    } catch {
      throw ShardFailure(description: error.description, kind: .cannotWrite)
    }
    do throws(ShardFailure) {
      var heads: [CrowdCount?] = []
      for index in readers.indices { heads.append(try readers[index].next()) }
      var current: CrowdCount?
      while true {
        guard let index = heads.indexOfLeast(by: CrowdCount.precedes) else { break }
        let head = heads[index]!
        heads[index] = try readers[index].next()
        if var running = current, running.sameKey(as: head) {
          let (total, overflow) = running.count.addingReportingOverflow(head.count)
          if overflow { throw ShardFailure(description: "\(output.path): a crowd's count passes \(Int.max): the counts are damaged") }
          running.count = total
          current = running
          continue
        }
        if let current { try write(current, to: &file) }
        current = head
      }
      if let current { try write(current, to: &file) }
      // Both on disk before either is renamed, the manifest last: a sum without its manifest is
      // not read as one.
      do {
        try manifest.append(sum.json.serialized(pretty: true) + "\n")
        try file.synchronize()
        try manifest.synchronize()
        try? FileManager.default.removeItem(at: output.appendingPathComponent(manifestName))
        try file.moveIntoPlace()
        try manifest.moveIntoPlace()
      } catch {
        throw ShardFailure(description: error.description, kind: .cannotWrite)
      }
    } catch {
      file.discard()
      manifest.discard()
      throw error
    }
    return sum
  }

  private static func write(_ count: CrowdCount, to file: inout BufferedFile) throws(ShardFailure) {
    do { try file.appendLine(count.json) } catch { throw ShardFailure(description: error.description, kind: .cannotWrite) }
  }
}
