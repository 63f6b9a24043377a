import AttributionCrypto
import Foundation
import SimEngine
import SimInput
import SimJSON
import SimModel
import SimOutput
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
          description: "\(folder.path) (shard \(manifest.shard)) \(difference) (against \(folders[0].path), shard \(first.shard)): "
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
  /// `progress` is told the bytes of drafts read so far and in all, every few thousand drafts.
  public func merge<Sink: RunSink>(
    into sink: inout Sink, receive: Bool = true, decoding: CalibratedDecoding? = nil,
    progress: ((_ read: Int, _ total: Int) -> Void)? = nil
  ) throws(Failure) -> RunSummary {
    if isFinalised { return try mergeFinalised(into: &sink, receive: receive, decoding: decoding, progress: progress) }
    var readers: [LineReader] = []
    var total = 0
    for folder in folders {
      let url = folder.appendingPathComponent("drafts.jsonl")
      guard let reader = LineReader(url: url) else { throw Failure(description: "\(url.path): cannot read") }
      readers.append(reader)
      total += ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }
    var failure: Failure?
    let worldCounts = manifests.reduce(into: RunSummary()) { $0.add($1.summary) }
    let summary = ScenarioRunner.finish(
      scenario, model: scenario.schema, tierPolicy: nil, keys: SimulatedKeys(scenario: scenario), sink: &sink,
      receive: receive, decoding: decoding
    ) { stage in
      do throws(Failure) {
        try Self.mergeDrafts(from: &readers, folders: folders, into: &stage) { read in progress?(read, total) }
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
    from readers: inout [LineReader], folders: [URL], into sink: inout any DraftSink, progress: (Int) -> Void
  ) throws(Failure) {
    var heads: [DraftEnvelope?] = []
    for index in readers.indices { heads.append(try next(from: &readers[index], folder: folders[index])) }
    var count = 0
    while true {
      count += 1
      if count % 4096 == 0 { progress(readers.reduce(0) { $0 + $1.bytesRead }) }
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

  // MARK: - Two-phase tiers

  /// Phase 2 of the two-phase tier stage, on one shard: decides its conversions' tiers from
  /// `counts` (every shard's crowd counts, summed by ``reduceCounts(_:into:)``), signs its
  /// postbacks and writes them, its tiered conversions and its other outputs to `final.jsonl`,
  /// each line with the time and user of its draft, then `final.json` with the stage's counts.
  /// Shards do this in parallel; ``merge(into:receive:decoding:progress:)`` then only
  /// interleaves their files. Memory holds the shard's conversions in flight, not the run's.
  public static func finalise(shard folder: URL, counts: URL) throws(Failure) {
    let manifest = try ShardManifest(folder: folder)
    let sum = try CrowdCountSet(folder: counts)
    let mine = CrowdCountSet(
      scenarioPath: manifest.scenarioPath, inputs: manifest.inputs, seed: manifest.seed, shardCount: manifest.shard.count,
      covers: [])
    if let problem = mine.problem(adding: sum, from: counts, to: folder) { throw Failure(description: problem) }
    guard sum.isComplete else {
      let missing = (0..<sum.shardCount).filter { !sum.covers.contains($0) }.map { "\($0)/\(sum.shardCount)" }
      throw Failure(
        description: "\(counts.path): does not count shard(s) \(missing.joined(separator: ", ")): tiers need every shard's "
          + "installs; reduce the counts of all \(sum.shardCount) shards first")
    }
    let scenarioCopy = try manifest.inputs.verified(in: folder)
    var scenario: Scenario
    do { scenario = try ScenarioLoader.load(path: scenarioCopy, limits: .large) } catch {
      throw Failure(description: error.description)
    }
    scenario.seed = manifest.seed
    let position = DraftPosition()
    var writer: FinalWriter
    do { writer = try FinalWriter(folder: folder, position: position) } catch { throw Failure(description: error.description) }
    var stage = TierStage(
      scenario: scenario, policy: CrowdTierPolicy(scenario: scenario), keys: SimulatedKeys(scenario: scenario),
      downstream: writer)
    stage.crowdFeed = try CrowdFeed(folder: counts)
    stage.position = position
    let url = folder.appendingPathComponent("drafts.jsonl")
    guard var reader = LineReader(url: url) else {
      writer.discard()
      throw Failure(description: "\(url.path): cannot read")
    }
    do throws(Failure) {
      while let envelope = try next(from: &reader, folder: folder) { stage.receive(envelope) }
      stage.flush()
      if let failure = stage.crowdFeed?.failure { throw failure }
      guard stage.orphans == 0 else {
        throw Failure(
          description: "\(url.path): \(stage.orphans) draft(s) belong to conversions whose install the shard never drafted: "
            + "the shard file is damaged; run the shard again")
      }
    } catch {
      var unfinished = stage.downstream
      unfinished.discard()
      throw error
    }
    writer = stage.downstream
    let counts = stage.summary
    var tiers: [String: JSONValue] = [
      "conversionsByTier": .array(counts.conversionsByTier.map { .int(Int64($0)) }),
      "postbacks": .array(counts.postbacks.map { .array($0.map { .int(Int64($0)) }) }),
      "sourceIdentifierDigits": .array(counts.sourceIdentifierDigits.map { .int(Int64($0)) }),
    ]
    for (name, path) in RunSummary.counts where counts[keyPath: path] != 0 { tiers[name] = .int(Int64(counts[keyPath: path])) }
    let final: JSONValue = .object([
      "format": .string(FinalCodec.format), "version": .int(FinalCodec.version), "shard": .string(manifest.shard.description),
      "counts": .array(sum.covers.map { .int(Int64($0)) }), "tiers": .object(tiers),
    ])
    do {
      try writer.commit()
      try BufferedFile.write(final.serialized(pretty: true) + "\n", to: folder.appendingPathComponent(FinalCodec.manifestName))
    } catch {
      throw Failure(description: error.description)
    }
  }

  /// Sums the crowd counts of shard folders or earlier sums into `output` (phase 1's reduce); a
  /// reduce of sums is a tree. Refuses counts of different scenarios or seeds, or a shard twice.
  public static func reduceCounts(_ folders: [URL], into output: URL) throws(Failure) {
    try CrowdCountSet.reduce(folders: folders, into: output)
  }

  /// Whether every folder has been through phase 2, so that the merge only interleaves.
  public var isFinalised: Bool {
    folders.allSatisfy { FileManager.default.fileExists(atPath: $0.appendingPathComponent(FinalCodec.manifestName).path) }
  }

  /// The tier stage's counts a finalised shard wrote.
  private static func finalCounts(_ folder: URL, shard: Shard) throws(Failure) -> RunSummary {
    let url = folder.appendingPathComponent(FinalCodec.manifestName)
    func fail(_ reason: String) -> Failure { Failure(description: "\(url.path): \(reason)") }
    let object = try ManifestFile.members(
      at: url, format: FinalCodec.format, version: FinalCodec.version, notKind: "not a finalised shard's manifest",
      otherVersion: "written by another version of attrsim; finalise the shard again")
    guard object["shard"] == .string(shard.description) else {
      throw fail("finalises shard \(object["shard"].map { $0.serialized() } ?? "?"), but shard.json beside it is shard \(shard); finalise again")
    }
    guard case .object(let tiers)? = object["tiers"], case .array(let byTier)? = tiers["conversionsByTier"],
      case .array(let postbacks)? = tiers["postbacks"], case .array(let digits)? = tiers["sourceIdentifierDigits"],
      byTier.count == 4, postbacks.count == 3, digits.count == 3
    else { throw fail("expected the tier stage's counts") }
    func int(_ value: JSONValue) throws(Failure) -> Int {
      guard case .int(let number) = value else { throw fail("expected whole counts") }
      return Int(number)
    }
    var summary = RunSummary()
    for index in 0..<4 { summary.conversionsByTier[index] = try int(byTier[index]) }
    for window in 0..<3 {
      guard case .array(let kinds) = postbacks[window], kinds.count == 3 else { throw fail("$.tiers.postbacks: expected 3 × 3 counts") }
      for kind in 0..<3 { summary.postbacks[window][kind] = try int(kinds[kind]) }
    }
    for index in 0..<3 { summary.sourceIdentifierDigits[index] = try int(digits[index]) }
    for (name, path) in RunSummary.counts {
      if let value = tiers[name] { summary[keyPath: path] = try int(value) }
    }
    return summary
  }

  /// The final step of a two-phase merge: interleaves the finalised shards' outputs by (time,
  /// user ordinal), which is the whole run's order, through the receivers into `sink`. It holds
  /// one line per shard, no crowds and no conversions in flight.
  private func mergeFinalised<Sink: RunSink>(
    into sink: inout Sink, receive: Bool, decoding: CalibratedDecoding?, progress: ((Int, Int) -> Void)?
  ) throws(Failure) -> RunSummary {
    var summary = manifests.reduce(into: RunSummary()) { $0.add($1.summary) }
    for (folder, manifest) in zip(folders, manifests) { summary.add(try Self.finalCounts(folder, shard: manifest.shard)) }
    summary.adAttributionKit = scenario.usesAdAttributionKit
    summary.hasAppleAds = scenario.appleAds != nil
    summary.hasSDK = scenario.app.sdk != nil
    var readers: [LineReader] = []
    var total = 0
    for folder in folders {
      let url = folder.appendingPathComponent(FinalCodec.fileName)
      guard let reader = LineReader(url: url) else { throw Failure(description: "\(url.path): cannot read") }
      readers.append(reader)
      total += ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }
    func next(_ index: Int) throws(Failure) -> (at: SimTime, ordinal: Int, output: FinalCodec.Output)? {
      let file = folders[index].appendingPathComponent(FinalCodec.fileName).path
      do {
        guard let line = try readers[index].next() else { return nil }
        return try FinalCodec.decode(DraftCodec.value(try JSONParser.parse(line)))
      } catch let error as DraftCodec.DecodingError {
        throw Failure(description: "\(file):\(readers[index].lineNumber): \(error.reason)")
      } catch {
        throw Failure(description: "\(file):\(readers[index].lineNumber): \(error)")
      }
    }
    func feed<Target: RunSink>(_ target: inout Target) throws(Failure) {
      var heads: [(at: SimTime, ordinal: Int, output: FinalCodec.Output)?] = []
      for index in readers.indices { heads.append(try next(index)) }
      var count = 0
      while true {
        var best: Int?
        for index in heads.indices {
          guard let head = heads[index] else { continue }
          if best == nil || (head.at, head.ordinal) < (heads[best!]!.at, heads[best!]!.ordinal) { best = index }
        }
        guard let index = best else { return }
        switch heads[index]!.output {
        case .postback(let postback): target.receive(postback)
        case .conversion(let conversion): target.receive(conversion)
        case .trace(let trace): if target.wantsTrace { target.receive(trace) }
        case .adServices(let exchange): target.receive(exchange)
        case .sdk(let record): target.receive(record)
        }
        heads[index] = try next(index)
        count += 1
        if count % 4096 == 0 { progress?(readers.reduce(0) { $0 + $1.bytesRead }, total) }
      }
    }
    guard receive else {
      try feed(&sink)
      return summary
    }
    var receiving = ScenarioRunner.receivers(
      scenario, model: scenario.schema, keys: SimulatedKeys(scenario: scenario), sink: sink, decoding: decoding)
    try feed(&receiving)
    sink = ScenarioRunner.received(receiving, into: &summary)
    return summary
  }
}

