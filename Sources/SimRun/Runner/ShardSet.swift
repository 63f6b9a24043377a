import AttributionCrypto
import Foundation
import SimEngine
import SimInput
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// The shard folders of one sharded run, checked to be complete and alike, ready to merge into
/// the outputs a whole run would give.
public struct ShardSet {
  /// Why shards could not be run or merged.
  public typealias Failure = ShardFailure

  /// The scenario the shards ran, loaded from the copies of its files pinned beside them, with
  /// their seed.
  public let scenario: Scenario
  private let folders: [URL]
  private let manifests: [ShardManifest]

  /// Reads each folder's `shard.json`, checks that the folders are the N shards of one run that
  /// read the same inputs, and loads the scenario from the first folder's pinned copies (so the
  /// folders may have moved, and the original files may since have changed).
  public init(folders: [URL]) throws(Failure) {
    var manifests: [ShardManifest] = []
    for folder in folders { manifests.append(try ShardManifest(folder: folder)) }
    guard let first = manifests.first else { throw Failure(description: "no shard folders given") }
    for (folder, manifest) in zip(folders, manifests) {
      guard manifest.inputs.scenario == first.inputs.scenario, manifest.seed == first.seed,
        manifest.shard.count == first.shard.count
      else {
        throw Failure(
          description: "\(folder.path): shard \(manifest.shard) of '\(manifest.scenarioPath)' (seed \(manifest.seed)) "
            + "is not from the same run as \(folders[0].path) (shard \(first.shard) of '\(first.scenarioPath)', seed \(first.seed))")
      }
      if let difference = first.inputs.difference(from: manifest.inputs) {
        throw Failure(
          description: "\(folder.path): shard \(manifest.shard) \(difference) than \(folders[0].path) (shard \(first.shard)): "
            + "the inputs changed between the shards; run them again")
      }
    }
    if let problem = Shard.problem(with: manifests.map(\.shard)) { throw Failure(description: problem) }
    let scenarioCopy = try first.inputs.verified(in: folders[0])
    do {
      // The shards ran these very files (the digests say so), within whatever limits they were given.
      var scenario = try ScenarioLoader.load(path: scenarioCopy, limits: .large)
      scenario.seed = first.seed
      self.scenario = scenario
    } catch {
      throw Failure(description: error.description)
    }
    let order = manifests.indices.sorted { manifests[$0].shard.index < manifests[$1].shard.index }
    self.folders = order.map { folders[$0] }
    self.manifests = order.map { manifests[$0] }
  }

  /// Simulates `shard`'s users of the scenario at `path` (loaded as `scenario`) and writes their
  /// drafts and counts into `folder`, for ``merge(into:receive:decoding:)`` to finish.
  public static func run(
    _ scenario: Scenario, path: String, shard: Shard, folder: URL,
    progress: ((_ arrived: Int, _ total: Int) -> Void)? = nil
  ) throws(Failure) -> RunSummary {
    let inputs = try PinnedInputs.pin(scenario, into: folder)
    do {
      var sink: any DraftSink = try ShardWriter(folder: folder)
      let summary = ScenarioRunner.simulate(
        scenario, model: scenario.schema, keys: SimulatedKeys(scenario: scenario), shard: shard, sink: &sink,
        progress: progress)
      var writer = sink as! ShardWriter
      try writer.commit(
        ShardManifest(scenarioPath: path, inputs: inputs, seed: scenario.seed, shard: shard, summary: summary))
      return summary
    } catch {
      throw Failure(description: error.description)
    }
  }

  /// Merges the shards' drafts in time order through tier decisions and the receivers into
  /// `sink`: crowds count every shard's installs before any tier is decided, so the outputs are
  /// those of a whole run, byte for byte.
  /// `decoding` values the report's postbacks as in ``ScenarioRunner/run(_:sink:model:tierPolicy:receive:decoding:jobs:progress:)``.
  public func merge<Sink: RunSink>(
    into sink: inout Sink, receive: Bool = true, decoding: CalibratedDecoding? = nil
  ) throws(Failure) -> RunSummary {
    var readers: [LineReader] = []
    for folder in folders {
      let url = folder.appendingPathComponent("drafts.jsonl")
      guard let reader = LineReader(url: url) else { throw Failure(description: "\(url.path): cannot read") }
      readers.append(reader)
    }
    var failure: Failure?
    let worldCounts = manifests.reduce(into: RunSummary()) { $0.add($1.summary) }
    let summary = ScenarioRunner.finish(
      scenario, model: scenario.schema, tierPolicy: nil, keys: SimulatedKeys(scenario: scenario), sink: &sink,
      receive: receive, decoding: decoding
    ) { stage in
      do throws(Failure) {
        try Self.mergeDrafts(from: &readers, folders: folders, into: &stage)
      } catch {
        failure = error
      }
      return worldCounts
    }
    if let failure { throw failure }
    guard summary.orphanDrafts == 0 else {
      throw Failure(
        description: "\(summary.orphanDrafts) draft(s) belong to conversions whose install no shard drafted: "
          + "the shard files are damaged or mixed; run the shards again")
    }
    return summary
  }

  /// Feeds the readers' drafts to `sink` in time order; ties go to the earlier shard (the tier
  /// stage puts same-time drafts in user order anyway).
  private static func mergeDrafts(
    from readers: inout [LineReader], folders: [URL], into sink: inout any DraftSink
  ) throws(Failure) {
    var heads: [DraftEnvelope?] = []
    for index in readers.indices { heads.append(try next(from: &readers[index], folder: folders[index])) }
    while true {
      var best: Int?
      for index in heads.indices {
        guard let head = heads[index] else { continue }
        if best == nil || head.at < heads[best!]!.at { best = index }
      }
      guard let index = best else { return }
      sink.receive(heads[index]!)
      heads[index] = try next(from: &readers[index], folder: folders[index])
    }
  }

  private static func next(from reader: inout LineReader, folder: URL) throws(Failure) -> DraftEnvelope? {
    let file = folder.appendingPathComponent("drafts.jsonl").path
    do {
      guard let line = try reader.next() else { return nil }
      return try DraftCodec.decode(DraftCodec.value(try JSONParser.parse(line)))
    } catch let error as DraftCodec.DecodingError {
      throw Failure(description: "\(file):\(reader.lineNumber): \(error.reason)")
    } catch {
      throw Failure(description: "\(file):\(reader.lineNumber): \(error)")
    }
  }
}
