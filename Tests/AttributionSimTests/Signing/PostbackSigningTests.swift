import AttributionCrypto
import AttributionSim
import Foundation
import SimJSON
import Testing

/// Rulebook §7.2: the simulated Apple signs every postback over its version's fields, with a key
/// from the seed or a file, and publishes the public key in `keys.json`.
@Suite("§7.2 postback signatures in runs")
struct PostbackSigningTests {
  private static let users = """
    { name: "u", country: "FR", timeline: [
      { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
      { at: "2h", action: "click", network: "n2", campaign: "c", publisher: "hub" },
      { at: "3h", action: "install" }, { at: "3h5m", action: "launch" },
      { at: "4h", action: "update", fine: 9, coarse: "medium" }, { at: "4d", action: "update", coarse: "high" },
    ] }
    """

  /// Runs into a temporary folder; returns the folder's `postbacks.jsonl` and `keys.json` text.
  private func runFiles(_ scenario: Scenario) throws -> (postbacks: String, keys: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("attrsim-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var writer = try RunDirectoryWriter(directory: directory, epoch: scenario.epoch)
    let summary = ScenarioRunner.run(scenario, sink: &writer)
    try writer.commit(summary, scenario: scenario)
    return (
      try String(contentsOf: directory.appendingPathComponent("postbacks.jsonl"), encoding: .utf8),
      try String(contentsOf: directory.appendingPathComponent("keys.json"), encoding: .utf8)
    )
  }

  @Test("§7.2: every postback in postbacks.jsonl verifies with the keys.json beside it, and not with Apple's keys")
  func runOutputVerifiesWithKeysFile() throws {
    var scenario = try ScenarioLoader.load(path: TestScenarios.scenariosDirectory + "/quickstart.json")
    scenario.cohorts[0].count = 600
    scenario.cohorts[1].count = 300
    let (postbacks, keysText) = try runFiles(scenario)
    let keys = try PublicKeyFile.postbackKeys(in: keysText)
    let entries = PostbackFile.entries(in: postbacks)
    #expect(entries.count > 50)
    let simulator = PostbackVerifier(keys: keys)
    let apple = PostbackVerifier(keys: PostbackVerifier.applesKeys)
    for entry in entries {
      let body = try entry.body.get()
      #expect(simulator.verify(body) == .valid(warnings: []), "line \(entry.line ?? 0)")
      #expect(apple.verify(body) == .invalid(.badSignature), "a simulated postback must not pass as Apple's")
    }
  }

  @Test("§7.2: winning, non-winning and developer-copy postbacks of 2.2, 3.0 and 4.0 verify over their version's fields")
  func everyVersionVerifies() throws {
    for version in ["2.2", "3.0", "4.0"] {
      let scenario = try TestScenarios.load(TestScenarios.multiNetwork(version: version, users: Self.users))
      let key = SimulatedKeys(scenario: scenario).apple.key.publicKey
      let postbacks = ScenarioRunner.collect(scenario).outputs.postbacks
      // 2.2: one winner; 3.0: winner + runner-up; 4.0: postbacks 1 and 2 (window 3 has no update)
      // + runner-up; each winner also goes to the developer.
      let expected = ["2.2": 2, "3.0": 3, "4.0": 5][version]!
      #expect(postbacks.count == expected, "version \(version)")
      for postback in postbacks {
        let body = try #require(postback.payload.objectValue)
        let signature = try Base64.decode(try #require(body["attribution-signature"]?.stringValue))
        let text = try PostbackSigningString.make(for: body)
        #expect(key.isValidSignature(signature, for: Array(text.utf8)), "version \(version)")
      }
    }
  }

  @Test("§7.2: the key derives from the seed: same seed, same key and signatures; another seed, another key")
  func keysDeriveFromSeed() throws {
    var scenario = try TestScenarios.load(TestScenarios.multiNetwork(version: "4.0", users: Self.users))
    let first = ScenarioRunner.collect(scenario).outputs.postbacks.map(\.payload)
    let second = ScenarioRunner.collect(scenario).outputs.postbacks.map(\.payload)
    #expect(first == second)
    let key = SimulatedKeys(scenario: scenario).apple.key.publicKey.spkiDER
    scenario.seed += 1
    #expect(SimulatedKeys(scenario: scenario).apple.key.publicKey.spkiDER != key)
    #expect(SimulatedKeys(scenario: scenario).adNetworks[0].key.publicKey.spkiDER
      != SimulatedKeys(scenario: scenario).adNetworks[1].key.publicKey.spkiDER, "each network has its own key")
  }

  @Test("§7.2: an Apple key file named in the scenario signs the postbacks and is the key in keys.json")
  func keyFromFile() throws {
    let key = try ECPrivateKey.generate()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("apple-\(UUID().uuidString).pem").path
    try key.pem.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let scenario = try TestScenarios.load(
      TestScenarios.multiNetwork(version: "3.0", users: Self.users, extra: "signing: { appleKey: \"\(path)\" },"))
    let (postbacks, keysText) = try runFiles(scenario)
    let keys = try PublicKeyFile.postbackKeys(in: keysText)
    #expect(keys.map(\.spkiDER) == [key.publicKey.spkiDER])
    #expect(keysText.contains("\"origin\": \"file \(path)\""))
    let verifier = PostbackVerifier(keys: [key.publicKey])
    for entry in PostbackFile.entries(in: postbacks) {
      #expect(verifier.verify(try entry.body.get()) == .valid(warnings: []))
    }
  }

  @Test("every run's receivers accept each postback once per recipient, and report it in summary.json")
  func receiversCountEveryPostback() throws {
    let scenario = try TestScenarios.load(TestScenarios.multiNetwork(version: "4.0", users: Self.users))
    let (summary, _) = ScenarioRunner.collect(scenario)
    // Two winning postbacks (window 3 has no update) and one non-winning to networks, two copies
    // to the developer.
    #expect(summary.received == PostbackReceiver.Counts(accepted: 5, duplicates: 0, duplicatesDiffering: 0, rejected: [:]))
    let json = summary.json(scenario: "multi", seed: 3).objectValue?["received"]
    #expect(json?.objectValue?["accepted"] == .int(5) && json?.objectValue?["total"] == .int(5))
  }
}
