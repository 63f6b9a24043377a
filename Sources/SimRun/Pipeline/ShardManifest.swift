import Foundation
import SimJSON
import SimModel
import SimRecords

/// `shard.json`: which scenario, seed and slice a shard folder holds, and the world's counts for
/// its users.
package struct ShardManifest {
  /// The format's name and version, checked on reading.
  /// Version 2 pins every input file (version 1 recorded the scenario's path and digest only);
  /// version 3 notes each copy's original, so that a reference by absolute path finds the copy;
  /// version 4's drafts carry each conversion's window fates and event values, and its summary
  /// the postbacks-per-install counters.
  package static let format = "attrsim-run-shard", version: Int64 = 4

  /// The scenario file, as the shard's command line named it: for messages only, since the merge
  /// reads the pinned copies.
  package var scenarioPath: String
  /// The scenario and the files it names, copied beside the shard with their digests.
  package var inputs: PinnedInputs
  package var seed: UInt64
  package var shard: Shard
  /// The world's counts for the shard's users.
  package var summary: RunSummary
  /// Whether the drafts hold the users' in-app happenings (`run --shard --event-log`).
  package var eventLog = false

  package var json: JSONValue {
    var members: [String: JSONValue] = [
      "format": .string(Self.format), "version": .int(Self.version), "scenario": .string(scenarioPath),
      "inputs": inputs.json, "seed": .int(Int64(bitPattern: seed)),
      "shard": .string(shard.description),
      "summary": .object(Dictionary(uniqueKeysWithValues: RunSummary.counts.map { ($0.name, .int(Int64(summary[keyPath: $0.path]))) })),
      "campaignDelivery": summary.campaignDelivery.json,
    ]
    // Only when set: a shard without the event log writes the manifest it always has.
    if eventLog { members["eventLog"] = .bool(true) }
    return .object(members)
  }

  /// Reads `folder/shard.json`.
  package init(folder: URL) throws(ShardFailure) {
    let url = folder.appendingPathComponent("shard.json")
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "\(url.path): \(reason)") }
    // The manifest is written last, after every other file of the shard is in place: a folder
    // without it holds a shard that did not finish.
    let object = try ManifestFile.members(
      at: url, what: "a run shard's manifest", format: Self.format, version: Self.version,
      unreadable: "no such file (expected a run shard's manifest): '\(folder.path)' is not a folder written by "
        + "'attrsim run --shard', or its shard did not finish; run it (again)",
      notKind: "not a run shard", otherVersion: "written by another version of attrsim; run the shards again")
    guard case .string(let path) = object["scenario"] else { throw fail("$.scenario: expected the scenario's path") }
    let inputs: PinnedInputs
    do { inputs = try PinnedInputs(json: object["inputs"]) } catch { throw fail(error.description) }
    guard case .int(let seed) = object["seed"] else { throw fail("$.seed: expected an integer") }
    guard case .string(let shardText) = object["shard"], let shard = Shard(shardText) else {
      throw fail("$.shard: expected \"I/N\" with I below N, found \(object["shard"].map { $0.serialized() } ?? "nothing")")
    }
    guard case .object(let counts) = object["summary"] else { throw fail("$.summary: expected an object of counts") }
    var summary = RunSummary()
    for counter in RunSummary.counts {
      guard case .int(let count) = counts[counter.name] else { throw fail("$.summary.\(counter.name): expected an integer") }
      summary[keyPath: counter.path] = Int(count)
    }
    // Spend is billed on these; a shard without them was written before spend existed.
    guard let deliveryJSON = object["campaignDelivery"], let delivery = CampaignDelivery(json: deliveryJSON) else {
      throw fail("$.campaignDelivery: expected per-campaign impressions (a shard written by another version of attrsim? run it again)")
    }
    summary.campaignDelivery = delivery
    self.init(scenarioPath: path, inputs: inputs, seed: UInt64(bitPattern: seed), shard: shard, summary: summary)
    eventLog = object["eventLog"] == .bool(true)
  }

  package init(scenarioPath: String, inputs: PinnedInputs, seed: UInt64, shard: Shard, summary: RunSummary) {
    self.scenarioPath = scenarioPath
    self.inputs = inputs
    self.seed = seed
    self.shard = shard
    self.summary = summary
  }
}
