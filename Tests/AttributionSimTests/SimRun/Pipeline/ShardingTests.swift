@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import SimJSON
import Testing

/// Rulebook §6 crowds under sharding: tiers are decided after every shard's installs are
/// counted, so a run split into shards and merged equals the whole run.
@Suite("Sharded runs and crowd counting")
struct ShardingTests {
  /// Six users install at the same instant: three from campaign 1207, one from 3307, two from
  /// 5207, with tier thresholds 1 / 2 / 3 installs.
  static let sixAtOnce: String = {
    let campaigns = ["a", "a", "a", "b", "c", "c"]
    let users = campaigns.enumerated().map { index, campaign in
      """
      { name: "u\(index)", country: "US", timeline: [
          { at: "1h", action: "click", network: "alpha", campaign: "\(campaign)", publisher: "pub" },
          { at: "2h", action: "install" }, { at: "2h5m", action: "launch" } ] }
      """
    }
    return """
      {
        version: 1, name: "six", seed: 3, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "4.0" },
        app: { appId: 111 },
        adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [
          { name: "a", sourceIdentifier: 1207 }, { name: "b", sourceIdentifier: 3307 }, { name: "c", sourceIdentifier: 5207 }] }],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
        privacy: { thresholds: { tier1: 1, tier2: 2, tier3: 3 } },
        users: [\(users.joined(separator: ","))],
      }
      """
  }()

  /// A scratch folder holding `text` as a scenario file, removed after `body`.
  private func withScenario<T>(_ text: String, _ body: (String, URL) throws -> T) throws -> T {
    let folder = try TemporaryFolder.create("attrsim-shards")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("scenario.json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return try body(path, folder)
  }

  /// Runs `path` in `count` shards and merges them into memory.
  private func merged(_ path: String, shards count: Int, in folder: URL) throws -> CollectingSink {
    let scenario = try ScenarioLoader.load(path: path)
    var folders: [URL] = []
    for index in 0..<count {
      let shardFolder = folder.appendingPathComponent("shard-\(count)-\(index)")
      _ = try ShardSet.run(scenario, path: path, shard: Shard(index: index, count: count)!, folder: shardFolder)
      folders.append(shardFolder)
    }
    var sink = CollectingSink()
    _ = try ShardSet(folders: folders.reversed()).merge(into: &sink)
    return sink
  }

  private func lines(_ sink: CollectingSink) -> [String] {
    let epoch = Epoch(unixMilliseconds: 0)
    return sink.postbacks.map { $0.jsonLine(epoch: epoch).serialized() } + sink.conversions.map { $0.json.serialized() }
  }

  private func firstPostbackSources(_ sink: CollectingSink) -> [String: String] {
    var sources: [String: String] = [:]
    for postback in sink.postbacks where postback.sequenceIndex == 0 && postback.recipient == .adNetwork {
      guard case .object(let body) = postback.payload, case .string(let source) = body["source-identifier"] else { continue }
      sources[postback.user] = source
    }
    return sources
  }

  @Test("§6: installs at the same instant count in each other's crowds, whatever the shard count (1, 2, 4 shards)")
  func sameInstantAcrossShards() throws {
    try withScenario(Self.sixAtOnce) { path, folder in
      let whole = ScenarioRunner.collect(try ScenarioLoader.load(path: path)).outputs
      // Worked by hand: "07" has 6 installs, "207" 5, "1207" 3 (all tier 3); "307" and "3307" 1
      // (tier 1); "5207" 2 (tier 2). 1207: tiers 3/3/3, ties go to 4 digits. 3307: only the
      // 2-digit form reaches tier 3. 5207: 2 and 3 digits tie at tier 3, so 3 digits.
      #expect(
        firstPostbackSources(whole) == [
          "u0": "1207", "u1": "1207", "u2": "1207", "u3": "07", "u4": "207", "u5": "207",
        ])
      #expect(whole.conversions.allSatisfy { $0.tier == 3 })
      for count in [1, 2, 4] {
        let sharded = try merged(path, shards: count, in: folder)
        #expect(lines(sharded) == lines(whole), "\(count) shard(s)")
      }
    }
  }

  /// The edits each sample scenario gets: cohorts cut tenfold so the test stays quick, and
  /// schema paths made absolute since the copy is read from a temporary folder.
  static let sampleEdits: [String: [(String, String)]] = [
    "quickstart.json": [
      ("count: 6000", "count: 600"), ("count: 4000", "count: 400"), ("\"schemas/", "\"\(TestPaths.scenarios)/schemas/"),
    ],
    "adattributionkit.json": [("count: 3000", "count: 300"), ("\"schemas/", "\"\(TestPaths.scenarios)/schemas/")],
    "apple-ads.json": [("count: 3000", "count: 300")],
    "sdk-lint.json": [],
  ]

  @Test(
    "a run merged from 3 shards writes the whole run's files byte for byte (re-engagements and AdServices calls included)",
    arguments: ["quickstart.json", "adattributionkit.json", "apple-ads.json", "sdk-lint.json"])
  func mergeEqualsWholeRun(file: String) throws {
    let source = TestPaths.scenarios + "/" + file
    var text = try String(contentsOfFile: source, encoding: .utf8)
    for (old, new) in try #require(Self.sampleEdits[file]) { text = text.replacing(required: old, with: new) }
    try withScenario(text) { path, folder in
      let scenario = try ScenarioLoader.load(path: path)
      let wholeFolder = folder.appendingPathComponent("whole")
      let adServices = scenario.appleAds != nil
      var writer = try RunDirectoryWriter(directory: wholeFolder, scenario: scenario, trace: true)
      try writer.commit(ScenarioRunner.run(scenario, sink: &writer), scenario: scenario)
      var folders: [URL] = []
      for index in 0..<3 {
        folders.append(folder.appendingPathComponent("part\(index)"))
        _ = try ShardSet.run(scenario, path: path, shard: Shard(index: index, count: 3)!, folder: folders[index])
      }
      let mergedFolder = folder.appendingPathComponent("merged")
      var merged = try RunDirectoryWriter(directory: mergedFolder, scenario: scenario, trace: true)
      try merged.commit(try ShardSet(folders: folders).merge(into: &merged), scenario: scenario)
      let files = ["postbacks.jsonl", "conversions.jsonl", "summary.json", "keys.json", "decoded.csv", "trace.jsonl"]
      for file in files + (adServices ? ["adservices.jsonl"] : []) + (scenario.app.sdk != nil ? ["sdk-trace.jsonl"] : []) {
        let expected = try Data(contentsOf: wholeFolder.appendingPathComponent(file))
        let got = try Data(contentsOf: mergedFolder.appendingPathComponent(file))
        #expect(got == expected, "\(file) differs")
      }
    }
  }

  @Test("merging refuses a missing shard, a repeated one, shards that read different inputs and a tampered copy")
  func incompleteShardSets() throws {
    try withScenario(Self.sixAtOnce) { path, folder in
      let scenario = try ScenarioLoader.load(path: path)
      let folders = (0..<3).map { folder.appendingPathComponent("s\($0)") }
      for index in 0..<3 { _ = try ShardSet.run(scenario, path: path, shard: Shard(index: index, count: 3)!, folder: folders[index]) }
      #expect(throws: ShardSet.Failure.self) { try ShardSet(folders: [folders[0], folders[2]]) }
      do {
        _ = try ShardSet(folders: [folders[0], folders[1], folders[1]])
        Issue.record("a repeated shard was accepted")
      } catch {
        #expect(String(describing: error).contains("expected each of the 3 shards once, found shard 1/3 again"))
      }
      // Shard 2 run again after the scenario changed: its inputs differ from the others'.
      try (Self.sixAtOnce + " ").write(toFile: path, atomically: true, encoding: .utf8)
      _ = try ShardSet.run(try ScenarioLoader.load(path: path), path: path, shard: Shard(index: 2, count: 3)!, folder: folders[2])
      do {
        _ = try ShardSet(folders: folders)
        Issue.record("shards of two versions of the scenario were accepted")
      } catch {
        #expect(String(describing: error).contains("read 'scenario.json' with other contents"))
        #expect(String(describing: error).contains("the inputs changed between the shards"))
      }
      // A copy edited after its shard ran.
      try Self.sixAtOnce.write(toFile: path, atomically: true, encoding: .utf8)
      _ = try ShardSet.run(scenario, path: path, shard: Shard(index: 2, count: 3)!, folder: folders[2])
      _ = try ShardSet(folders: folders)
      try (Self.sixAtOnce + "\n").write(
        to: folders[0].appendingPathComponent("inputs/scenario.json"), atomically: true, encoding: .utf8)
      do {
        _ = try ShardSet(folders: folders)
        Issue.record("a tampered input copy was accepted")
      } catch {
        #expect(String(describing: error).contains("changed after the shard ran"))
      }
    }
  }

  @Test("the shards pin every input: the merge reads their copies, so the folders may move and the originals change")
  func pinnedInputs() throws {
    let text = Self.sixAtOnce.replacing(required: "app: { appId: 111 },", with: #"app: { appId: 111 }, schema: "schemas/s.json","#)
    try withScenario(text) { path, folder in
      let schemas = folder.appendingPathComponent("schemas")
      try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
      let schemaText = try String(contentsOfFile: TestPaths.scenarios + "/schemas/quickstart-hybrid.json", encoding: .utf8)
      try schemaText.write(to: schemas.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
      let scenario = try ScenarioLoader.load(path: path)
      #expect(scenario.inputFiles == [path, folder.path + "/schemas/s.json"])

      var whole = CollectingSink()
      let wholeSummary = ScenarioRunner.run(scenario, sink: &whole)
      let shards = folder.appendingPathComponent("shards")
      for index in 0..<2 {
        _ = try ShardSet.run(
          scenario, path: path, shard: Shard(index: index, count: 2)!, folder: shards.appendingPathComponent("s\(index)"))
      }
      #expect(FileManager.default.fileExists(atPath: shards.path + "/s0/inputs/schemas/s.json"))
      // The originals change and the folders move: the merge still reads what the shards ran.
      try (schemaText + " ").write(to: schemas.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
      try FileManager.default.removeItem(atPath: path)
      let moved = folder.appendingPathComponent("elsewhere")
      try FileManager.default.moveItem(at: shards, to: moved)
      var merged = CollectingSink()
      let set = try ShardSet(folders: [moved.appendingPathComponent("s1"), moved.appendingPathComponent("s0")])
      let mergedSummary = try set.merge(into: &merged)
      #expect(merged.postbacks.map { $0.payload.serialized() } == whole.postbacks.map { $0.payload.serialized() })
      #expect(mergedSummary.attributedInstalls == wholeSummary.attributedInstalls)
    }
  }

  @Test("shards split users into contiguous slices whose sizes differ by at most one")
  func shardRanges() {
    #expect((0..<4).map { Shard(index: $0, count: 4)!.range(of: 10) } == [0..<2, 2..<5, 5..<7, 7..<10])
    #expect(Shard("2/3")?.range(of: 3) == 2..<3)
    #expect(Shard("3/3") == nil && Shard("-1/2") == nil && Shard("1/0") == nil && Shard("1") == nil)
  }

  @Test("§6: a tier-0 window 2 is counted and traced when it closes, even when its send time falls after the horizon")
  func tierZeroWithheldAtClose() throws {
    let text = """
      {
        version: 1, name: "alone", seed: 5, epoch: "2026-03-02T00:00:00Z", horizon: "8d",
        platform: { framework: "skadnetwork", version: "4.0" },
        app: { appId: 111 },
        adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "a", sourceIdentifier: 1207 }] }],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
        privacy: { thresholds: { tier1: 2, tier2: 3, tier3: 4 } },
        rules: { laterPostbacksWithoutUpdate: true },
        users: [{ name: "solo", country: "US", timeline: [
          { at: "1h", action: "click", network: "alpha", campaign: "a", publisher: "pub" },
          { at: "2h", action: "install" }, { at: "3h", action: "launch" } ] }],
      }
      """
    try withScenario(text) { path, folder in
      let (summary, outputs) = ScenarioRunner.collect(try ScenarioLoader.load(path: path))
      // Alone in every crowd: tier 0. Window 2 closes at 3h + 7d, before the 8-day horizon;
      // window 3 (35 days) never closes.
      #expect(summary.conversionsByTier == [1, 0, 0, 0])
      #expect(summary.windowsWithoutPostback == 1)
      // Per install: postback 1 sent; window 2 withheld by its tier although its send time is
      // past the horizon; window 3 still open.
      #expect(summary.installPostbacks1 == 1 && summary.installWindowsTierZero == 1)
      #expect(summary.installWindowsPastHorizon == 1)
      let notes = outputs.trace.filter { $0.rule == "§6" }
      #expect(notes.map(\.message) == ["tier 0: no postback for window 2"])
      #expect(notes.first?.time == SimTime.zero + SimDuration.hours(3 + 7 * 24))
      #expect(lines(try merged(path, shards: 1, in: folder)) == lines(outputs))
    }
  }

  @Test("drafts survive the shard file exactly: whole doubles stay doubles, nulls and rank 0 stay apart")
  func draftCodecRoundTrip() throws {
    var measures = Measures(eventCount: 2, currencyCount: 2)
    measures.purchaseRevenue = [5.0, -0.0]
    measures.adRevenue = [1e16, 0.1 + 0.2]
    measures.eventCounts = [0, 3]
    measures.eventRevenue = [0.0, 12.5]
    let drafts: [String] = [
      #"{"at":5,"u":2,"postback":{"installTime":1,"user":"u","network":0,"campaign":1,"publisher":0,"transactionId":"t","redownload":false,"fidelityType":1,"runnerUpRank":0,"window":0,"fine":null,"coarse":"low","country":"US","preparedAt":4,"conversion":0,"conversionType":"download"}}"#,
      #"{"at":5,"u":2,"postback":{"installTime":1,"user":"u","network":0,"campaign":1,"publisher":0,"transactionId":"t","redownload":true,"fidelityType":0,"runnerUpRank":null,"window":2,"fine":63,"coarse":null,"country":"GB","preparedAt":4,"conversion":1,"conversionType":"re-engagement"}}"#,
      #"{"at":7,"u":0,"windowClosed":{"installTime":1,"window":1,"user":"u","conversion":2}}"#,
    ]
    for text in drafts {
      let envelope = try DraftCodec.decode(DraftCodec.value(try JSONParser.parse(text)))
      #expect(DraftCodec.encode(envelope).serialized() == JSONValue(try JSONParser.parse(text)).serialized())
    }
    let record: JSONValue = .object(["money": .double(5.0), "count": .int(5)])
    let conversion = #"{"at":9,"u":1,"conversion":{"record":\#(record.serialized()),"windowed":true,"network":0,"campaign":0,"installTime":1,"user":"u","attributed":true,"windows":[\#(measuresJSON(measures))],"conversion":1,"install":false,"fates":["sent"]}}"#
    let decoded = try DraftCodec.decode(DraftCodec.value(try JSONParser.parse(conversion)))
    guard case .conversion(let stored) = decoded.draft else {
      Issue.record("not a conversion")
      return
    }
    #expect(stored.untiered.serialized() == #"{"count":5,"money":5.0}"#)
    #expect(stored.truth.windows == [measures])
    #expect(stored.truth.fates == [.sent] && !stored.truth.isInstall)
    #expect(DraftCodec.encode(decoded).serialized() == DraftCodec.value(try JSONParser.parse(conversion)).serialized())
  }

  @Test("in-app drafts survive the shard file exactly: revenue to its last digit, a whole amount, none, no network")
  func inAppDraftRoundTrip() throws {
    func at(_ milliseconds: Int64) -> SimTime { SimTime.zero + .milliseconds(milliseconds) }
    let records = [
      InAppEventRecord(
        time: at(5), user: "co#3", name: "first_open", kind: .firstOpen, country: "US", network: "alpha", campaign: "2024"),
      InAppEventRecord(time: at(6), user: "bob", name: "ad_impression", kind: .ad, revenue: 0.1 + 0.2, currency: "USD", country: "DE"),
      InAppEventRecord(time: at(7), user: "bob", name: "purchase", kind: .purchase, revenue: 5, currency: "EUR", country: "DE"),
      InAppEventRecord(time: at(8), user: "eve", name: "refund", kind: .purchase, revenue: -4.99, currency: "USD", country: "FR"),
      InAppEventRecord(time: at(9), user: "eve", name: "level_up", kind: .event, country: "FR"),
    ]
    for record in records {
      let line = DraftCodec.encode(DraftEnvelope(at: record.time, ordinal: 4, draft: .inApp(record))).serialized()
      let decoded = try DraftCodec.decode(DraftCodec.value(try JSONParser.parse(line)))
      guard case .inApp(let back) = decoded.draft else {
        Issue.record("not an in-app draft: \(line)")
        continue
      }
      #expect(back == record && decoded.at == record.time && decoded.ordinal == 4, "\(line)")
    }
  }

  private func measuresJSON(_ measures: Measures) -> String {
    func list(_ values: [Double]) -> String { "[" + values.map(\.description).joined(separator: ",") + "]" }
    return #"{"sessions":0,"activeDays":0,"events":[\#(measures.eventCounts.map(String.init).joined(separator: ","))],"iap":\#(list(measures.purchaseRevenue)),"ad":\#(list(measures.adRevenue)),"eventValues":\#(list(measures.eventRevenue))}"#
  }
}
