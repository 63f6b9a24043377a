import AttributionCrypto
import Foundation
import SimEngine
import SimInput
import SimJSON
import SimModel
import SimOutput
import SimPlatform
import SimReceiver
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
  /// read the same inputs, that every folder still holds its copies of them as pinned, and loads
  /// the scenario from the first folder's copies alone (so the folders may have moved, and the
  /// original files may since have changed or gone).
  public init(folders: [URL]) throws(Failure) {
    var manifests: [ShardManifest] = []
    for folder in folders { manifests.append(try ShardManifest(folder: folder)) }
    guard let first = manifests.first else { throw Failure(description: "no shard folders given") }
    for (folder, manifest) in zip(folders, manifests) {
      guard manifest.seed == first.seed, manifest.shard.count == first.shard.count else {
        throw Failure(
          description: "\(folder.path): expected a shard of the run of \(folders[0].path) (shard \(first.shard) of "
            + "'\(first.scenarioPath)', seed \(first.seed)), found shard \(manifest.shard) of '\(manifest.scenarioPath)' "
            + "with seed \(manifest.seed): not the same run")
      }
      if let difference = first.inputs.difference(from: manifest.inputs) {
        throw Failure(
          description: "\(folder.path) (shard \(manifest.shard)) \(difference) (against \(folders[0].path), shard \(first.shard)): "
            + "the inputs changed between the shards; run them again")
      }
    }
    if let problem = Shard.problem(with: manifests.map(\.shard), folders: folders.map(\.path)) { throw Failure(description: problem) }
    // Every shard's copies, not only the first's: a shard whose copy changed ran something else.
    var copies: [InputCopies] = []
    for (folder, manifest) in zip(folders, manifests) {
      copies.append(try manifest.inputs.verified(in: folder, shard: "shard \(manifest.shard)"))
    }
    self.scenario = try Self.load(first, copies: copies[0])
    let order = manifests.indices.sorted { manifests[$0].shard.index < manifests[$1].shard.index }
    self.folders = order.map { folders[$0] }
    self.manifests = order.map { manifests[$0] }
  }

  /// The scenario a shard ran, from its pinned copies, with its seed.
  private static func load(_ manifest: ShardManifest, copies: InputCopies) throws(Failure) -> Scenario {
    do {
      // The shards ran these very files (the digests say so), within whatever limits they were given.
      var scenario = try ScenarioLoader.load(pinned: copies, original: manifest.inputs.source, limits: .large)
      scenario.seed = manifest.seed
      return scenario
    } catch {
      throw Failure(description: error.description)
    }
  }

  /// The folders of shards run without the event log: their drafts hold no in-app happenings.
  public var foldersWithoutEventLog: [URL] { zip(folders, manifests).filter { !$0.1.eventLog }.map(\.0) }

  /// Simulates `shard`'s users of the scenario at `path` (loaded as `scenario`) and writes their
  /// drafts and counts into `folder`, for ``merge(into:receive:decoding:)`` to finish; with
  /// `eventLog`, their in-app happenings too, for a merge that writes `events.csv`.
  public static func run(
    _ scenario: Scenario, path: String, shard: Shard, folder: URL, eventLog: Bool = false,
    progress: ((_ arrived: Int, _ total: Int) -> Void)? = nil
  ) throws(Failure) -> RunSummary {
    // The manifest goes first, so that a folder whose inputs are being replaced is never taken
    // for a finished shard; it comes back last, once every other file is in place.
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("shard.json"))
    let inputs: PinnedInputs
    do {
      inputs = try PinnedInputs.pin(scenario, into: folder)
    } catch {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(PinnedInputs.folderName))
      throw error
    }
    do {
      var sink: any DraftSink = try ShardWriter(folder: folder, eventLog: eventLog)
      let summary = ScenarioRunner.simulate(
        scenario, model: scenario.schema, keys: SimulatedKeys(scenario: scenario), shard: shard, sink: &sink,
        progress: progress)
      var writer = sink as! ShardWriter
      var manifest = ShardManifest(scenarioPath: path, inputs: inputs, seed: scenario.seed, shard: shard, summary: summary)
      manifest.eventLog = eventLog
      try writer.commit(manifest)
      return summary
    } catch {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(PinnedInputs.folderName))
      throw Failure(description: error.description, kind: .cannotWrite)
    }
  }

  /// Merges the shards' drafts in time order through tier decisions and the receivers into
  /// `sink`: crowds count every shard's installs before any tier is decided, so the outputs are
  /// those of a whole run, byte for byte.
  /// `decoding` values the postbacks as in ``ScenarioRunner/run(_:sink:model:tierPolicy:receive:decoding:jobs:progress:)``.
  /// `progress` is told the bytes of drafts read so far and in all, every few thousand drafts.
  public func merge<Sink: RunSink>(
    into sink: inout Sink, receive: Bool = true, decoding: CalibratedDecoding? = nil,
    progress: ((_ read: Int, _ total: Int) -> Void)? = nil
  ) throws(Failure) -> RunSummary {
    if isFinalised { return try mergeFinalised(into: &sink, receive: receive, decoding: decoding, progress: progress) }
    var readers: [LineReader] = []
    var total = 0
    for (folder, manifest) in zip(folders, manifests) {
      let url = folder.appendingPathComponent("drafts.jsonl")
      readers.append(try ShardFile.lines(url, what: "the drafts of shard \(manifest.shard)"))
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
      guard let index = heads.indexOfLeast(by: { $0.at < $1.at }) else { return }
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
  /// postbacks, passes them through the run's receivers (which verify, drop retries and follow
  /// each user's postbacks to their conversion: all within one user, so one shard) and writes
  /// them, its tiered conversions and its other outputs to `final.jsonl`, each line with the time
  /// and user of its draft and what the receivers made of it; then `final-signals.txt` (its
  /// first-signal delays, sorted) and `final.json` with the stage's and receivers' counts.
  /// Shards do this in parallel; ``merge(into:receive:decoding:progress:)`` then only
  /// interleaves their files and adds up. Memory holds the shard's conversions in flight and
  /// its receivers' state, not the run's.
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
    let scenario = try load(manifest, copies: try manifest.inputs.verified(in: folder, shard: "shard \(manifest.shard)"))
    // What can be refused is opened before anything is removed or made.
    let feed = try CrowdFeed(folder: counts)
    let url = folder.appendingPathComponent("drafts.jsonl")
    var reader = try ShardFile.lines(url, what: "the drafts of shard \(manifest.shard)")
    // final.json marks the shard finalised: an earlier one goes first, so a phase 2 that fails
    // part-way cannot leave it beside a new final.jsonl and an old final-signals.txt.
    try? FileManager.default.removeItem(at: folder.appendingPathComponent(FinalCodec.manifestName))
    let position = DraftPosition()
    var writer: FinalWriter
    // The merge's receivers as a whole run has them; the estimator does not matter here (only
    // whether a value decodes at all, which the schema alone decides), so the default.
    let keys = SimulatedKeys(scenario: scenario)
    let receiving = ScenarioRunner.receivers(scenario, model: scenario.schema, keys: keys, sink: DiscardingSink(), decoding: nil)
    do { writer = try FinalWriter(folder: folder, position: position, receiver: receiving.receiver, decoder: receiving.decoder) } catch {
      throw Failure(description: error.description, kind: .cannotWrite)
    }
    var stage = TierStage(scenario: scenario, policy: CrowdTierPolicy(scenario: scenario), keys: keys, downstream: writer)
    stage.crowdFeed = feed
    stage.position = position
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
    for counter in RunSummary.counts where counts[keyPath: counter.path] != 0 { tiers[counter.name] = .int(Int64(counts[keyPath: counter.path])) }
    let received = writer.receiver?.counts ?? ReceiptCounts()
    let delays = writer.decoder?.table.firstSignals.sortedMilliseconds ?? []
    let final: JSONValue = .object([
      "format": .string(FinalCodec.format), "version": .int(FinalCodec.version), "shard": .string(manifest.shard.description),
      "counts": .array(sum.covers.map { .int(Int64($0)) }), "tiers": .object(tiers), "received": received.json,
      "firstSignals": .int(Int64(delays.count)),
    ])
    // All three on disk before any is renamed, final.json last: a shard without it is not
    // finalised, and a failure leaves no temporary file.
    var signals: BufferedFile?
    var manifestFile: BufferedFile?
    do throws(RunDirectoryWriter.WriteError) {
      try writer.synchronize()
      signals = try BufferedFile(final: folder.appendingPathComponent(FinalCodec.signalsName))
      for delay in delays { try signals!.append("\(delay)\n") }
      try signals!.synchronize()
      manifestFile = try BufferedFile(final: folder.appendingPathComponent(FinalCodec.manifestName))
      try manifestFile!.append(final.serialized(pretty: true) + "\n")
      try manifestFile!.synchronize()
      try writer.moveIntoPlace()
      try signals!.moveIntoPlace()
      try manifestFile!.moveIntoPlace()
      try BufferedFile.synchronizeFolder(folder)
    } catch {
      writer.discard()
      signals?.discard()
      manifestFile?.discard()
      throw Failure(description: error.description, kind: .cannotWrite)
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

  /// The tier stage's counts a finalised shard wrote, its receivers' counts and how many
  /// first-signal delays it sorted.
  private static func finalCounts(_ folder: URL, shard: Shard) throws(Failure) -> (
    tiers: RunSummary, received: ReceiptCounts, firstSignals: Int
  ) {
    let url = folder.appendingPathComponent(FinalCodec.manifestName)
    func fail(_ reason: String) -> Failure { Failure(description: "\(url.path): \(reason)") }
    let object = try ManifestFile.members(
      at: url, what: "the manifest of finalised shard \(shard)", format: FinalCodec.format, version: FinalCodec.version,
      notKind: "not a finalised shard's manifest", otherVersion: "written by another version of attrsim; finalise the shard again")
    guard object["shard"] == .string(shard.description) else {
      throw fail(
        "$.shard: expected \"\(shard)\", the shard shard.json beside it holds, found \(object["shard"].map { $0.serialized() } ?? "nothing"); "
          + "finalise the shard again")
    }
    guard case .object(let tiers)? = object["tiers"], case .array(let byTier)? = tiers["conversionsByTier"],
      case .array(let postbacks)? = tiers["postbacks"], case .array(let digits)? = tiers["sourceIdentifierDigits"],
      byTier.count == 4, postbacks.count == 3, digits.count == 3
    else {
      throw fail("$.tiers: expected the tier stage's counts {conversionsByTier: 4 counts, postbacks: 3 × 3, sourceIdentifierDigits: 3}")
    }
    func int(_ value: JSONValue) throws(Failure) -> Int {
      guard case .int(let number) = value else { throw fail("expected whole counts, found \(value.serialized())") }
      return Int(number)
    }
    var summary = RunSummary()
    for index in 0..<4 { summary.conversionsByTier[index] = try int(byTier[index]) }
    for window in 0..<3 {
      guard case .array(let kinds) = postbacks[window], kinds.count == 3 else { throw fail("$.tiers.postbacks: expected 3 × 3 counts") }
      for kind in 0..<3 { summary.postbacks[window][kind] = try int(kinds[kind]) }
    }
    for index in 0..<3 { summary.sourceIdentifierDigits[index] = try int(digits[index]) }
    for counter in RunSummary.counts {
      if let value = tiers[counter.name] { summary[keyPath: counter.path] = try int(value) }
    }
    guard case .object(let counts)? = object["received"], let accepted = counts["accepted"], let duplicates = counts["duplicates"],
      let differing = counts["duplicatesDiffering"], case .object(let rejectedCounts)? = counts["rejected"],
      let firstSignals = object["firstSignals"]
    else {
      throw fail("$.received: expected the receivers' counts {accepted, duplicates, duplicatesDiffering, rejected} and $.firstSignals")
    }
    var received = ReceiptCounts(
      accepted: try int(accepted), duplicates: try int(duplicates), duplicatesDiffering: try int(differing))
    for (code, count) in rejectedCounts { received.rejected[code] = try int(count) }
    return (summary, received, try int(firstSignals))
  }

  /// Element `index` of the shards' sorted first-signal delays taken together (their median),
  /// found by reading the files side by side, one line of each at a time; each file must hold
  /// as many delays as its `final.json` counts (`counts`, in shard order).
  private func firstSignalDelay(at index: Int, counts: [Int]) throws(Failure) -> Int64? {
    var readers: [(reader: LineReader, file: String)] = []
    for (folder, manifest) in zip(folders, manifests) {
      let url = folder.appendingPathComponent(FinalCodec.signalsName)
      readers.append((try ShardFile.lines(url, what: "the first-signal delays of finalised shard \(manifest.shard)"), url.path))
    }
    func next(_ shard: Int) throws(Failure) -> Int64? {
      let line: String?
      do { line = try readers[shard].reader.next() } catch {
        throw Failure(description: "\(readers[shard].file):\(readers[shard].reader.lineNumber): \(error)")
      }
      guard let line else { return nil }
      guard let delay = Int64(line) else {
        throw Failure(description: "\(readers[shard].file):\(readers[shard].reader.lineNumber): expected milliseconds, found '\(line)'")
      }
      return delay
    }
    var heads: [Int64?] = []
    for shard in readers.indices { heads.append(try next(shard)) }
    var taken = 0
    var found: Int64?
    var read = Array(repeating: 0, count: readers.count)
    while true {
      guard let shard = heads.indexOfLeast(by: <) else { break }
      if taken == index { found = heads[shard] }
      taken += 1
      read[shard] += 1
      let previous = heads[shard]!
      heads[shard] = try next(shard)
      if let head = heads[shard], head < previous {
        throw Failure(description: "\(readers[shard].file): not sorted at line \(readers[shard].reader.lineNumber); finalise the shard again")
      }
    }
    for shard in readers.indices where read[shard] != counts[shard] {
      throw Failure(
        description: "\(readers[shard].file): holds \(read[shard]) delays where final.json beside it counts \(counts[shard]); "
          + "finalise the shard again")
    }
    return found
  }

  /// The final step of a two-phase merge: interleaves the finalised shards' outputs by (time,
  /// user ordinal), which is the whole run's order, into `sink`, adding up what the shards'
  /// receivers counted and decoding, in that order, the postbacks they accepted (so floating-point
  /// sums add up as in the whole run). It holds one line per shard and the decoded table's rows
  /// (per campaign and window): no crowds, no conversions in flight, nothing per user or postback.
  private func mergeFinalised<Sink: RunSink>(
    into sink: inout Sink, receive: Bool, decoding: CalibratedDecoding?, progress: ((Int, Int) -> Void)?
  ) throws(Failure) -> RunSummary {
    var summary = manifests.reduce(into: RunSummary()) { $0.add($1.summary) }
    var received = ReceiptCounts()
    var signalCounts: [Int] = []
    for (folder, manifest) in zip(folders, manifests) {
      let counts = try Self.finalCounts(folder, shard: manifest.shard)
      summary.add(counts.tiers)
      received.accepted += counts.received.accepted
      received.duplicates += counts.received.duplicates
      received.duplicatesDiffering += counts.received.duplicatesDiffering
      received.rejected.merge(counts.received.rejected, uniquingKeysWith: +)
      signalCounts.append(counts.firstSignals)
    }
    let firstSignals = signalCounts.reduce(0, +)
    summary.adAttributionKit = scenario.usesAdAttributionKit
    summary.hasAppleAds = scenario.appleAds != nil
    summary.hasSDK = scenario.app.sdk != nil
    var readers: [LineReader] = []
    var total = 0
    for (folder, manifest) in zip(folders, manifests) {
      let url = folder.appendingPathComponent(FinalCodec.fileName)
      readers.append(try ShardFile.lines(url, what: "the outputs of finalised shard \(manifest.shard)"))
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
    // The merge values postbacks with its own estimator; what the receivers kept per user, the
    // shards worked out (the lines carry it), and the median delay comes from their sorted files.
    var decoder = receive ? ScenarioRunner.decoder(scenario, model: scenario.schema, decoding: decoding) : nil
    decoder?.table.firstSignals = FirstSignalDelays(keepsEach: false)
    func unreceived(_ index: Int) -> Failure {
      Failure(
        description: "\(folders[index].appendingPathComponent(FinalCodec.fileName).path):\(readers[index].lineNumber): "
          + "finalised without the receivers' answers; finalise the shard again")
    }
    func feed(_ target: inout Sink) throws(Failure) {
      var heads: [(at: SimTime, ordinal: Int, output: FinalCodec.Output)?] = []
      for index in readers.indices { heads.append(try next(index)) }
      var count = 0
      while true {
        guard let index = heads.indexOfLeast(by: { ($0.at, $0.ordinal) < ($1.at, $1.ordinal) }) else { return }
        switch heads[index]!.output {
        case .postback(let postback, let accepted):
          // As the whole run's receivers do: winning postbacks the ad network accepted are decoded.
          if decoder != nil, PostbackReceiver.decodes(postback) {
            guard let accepted else { throw unreceived(index) }
            if accepted { decoder!.decode(postback, tracksUser: false) }
          }
          target.receive(postback)
        case .conversion(let conversion, let signals):
          if decoder != nil {
            guard let signals else { throw unreceived(index) }
            decoder!.add(conversion, signals: signals)
          }
          target.receive(conversion)
        case .trace(let trace): if target.wantsTrace { target.receive(trace) }
        case .adServices(let exchange): target.receive(exchange)
        case .sdk(let record): target.receive(record)
        case .inApp(let event): if target.wantsEventLog { target.receive(event) }
        }
        heads[index] = try next(index)
        count += 1
        if count % 4096 == 0 { progress?(readers.reduce(0) { $0 + $1.bytesRead }, total) }
      }
    }
    try feed(&sink)
    guard receive else { return summary }
    if decoder != nil {
      guard decoder!.table.firstSignals.count == firstSignals else {
        throw Failure(
          description: "the shards' final.json files count \(firstSignals) first signals, their final.jsonl files "
            + "\(decoder!.table.firstSignals.count): the files are damaged or mixed; finalise the shards again")
      }
      decoder!.table.firstSignals.setMedian(milliseconds: try firstSignalDelay(at: firstSignals / 2, counts: signalCounts))
    }
    summary.received = received
    summary.decoding = decoder?.table
    summary.decoding?.delivery = summary.campaignDelivery
    return summary
  }
}

