import Foundation
import SimJSON
import SimModel
import SimRecords

/// `shard.json`: which scenario, seed and slice a shard folder holds, and the world's counts for
/// its users.
package struct ShardManifest {
  /// The format's name and version, checked on reading.
  package static let format = "attrsim-run-shard", version: Int64 = 1

  /// The scenario file, as an absolute path.
  package var scenarioPath: String
  /// SHA-256 of the scenario file's bytes when the shard ran, in hex.
  package var scenarioDigest: String
  package var seed: UInt64
  package var shard: Shard
  /// The world's counts for the shard's users.
  package var summary: RunSummary

  package var json: JSONValue {
    .object([
      "format": .string(Self.format), "version": .int(Self.version), "scenario": .string(scenarioPath),
      "scenarioDigest": .string(scenarioDigest), "seed": .int(Int64(bitPattern: seed)),
      "shard": .string(shard.description),
      "summary": .object(Dictionary(uniqueKeysWithValues: RunSummary.counts.map { ($0.name, .int(Int64(summary[keyPath: $0.path]))) })),
      "campaignDelivery": summary.campaignDelivery.json,
    ])
  }

  /// Reads `folder/shard.json`.
  package init(folder: URL) throws(ShardFailure) {
    let url = folder.appendingPathComponent("shard.json")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      throw ShardFailure(description: "\(url.path): cannot read; is '\(folder.path)' a folder written by 'attrsim run --shard'?")
    }
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "\(url.path): \(reason)") }
    let root: JSONValue
    do { root = JSONValue(try JSONParser.parse(text)) } catch { throw fail(error.description) }
    guard case .object(let object) = root, object["format"] == .string(Self.format) else {
      throw fail("not a run shard (expected \"format\": \"\(Self.format)\")")
    }
    guard object["version"] == .int(Self.version) else { throw fail("unsupported version; expected \(Self.version)") }
    guard case .string(let path) = object["scenario"], case .string(let digest) = object["scenarioDigest"],
      case .int(let seed) = object["seed"], case .string(let shardText) = object["shard"], let shard = Shard(shardText),
      case .object(let counts) = object["summary"]
    else { throw fail("expected scenario, scenarioDigest, seed, shard \"I/N\" and summary") }
    var summary = RunSummary()
    for (name, path) in RunSummary.counts {
      guard case .int(let count) = counts[name] else { throw fail("$.summary.\(name): expected an integer") }
      summary[keyPath: path] = Int(count)
    }
    // Spend is billed on these; a shard without them was written before spend existed.
    guard let deliveryJSON = object["campaignDelivery"], let delivery = CampaignDelivery(json: deliveryJSON) else {
      throw fail("$.campaignDelivery: expected per-campaign impressions (shard written by an older attrsim? run it again)")
    }
    summary.campaignDelivery = delivery
    self.init(scenarioPath: path, scenarioDigest: digest, seed: UInt64(bitPattern: seed), shard: shard, summary: summary)
  }

  package init(scenarioPath: String, scenarioDigest: String, seed: UInt64, shard: Shard, summary: RunSummary) {
    self.scenarioPath = scenarioPath
    self.scenarioDigest = scenarioDigest
    self.seed = seed
    self.shard = shard
    self.summary = summary
  }
}
