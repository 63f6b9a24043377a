import AttributionCrypto
import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Rulebook §7.2: the simulated Apple signs every postback over its version's fields, with a key
/// from the seed or a file, and publishes the public key in `keys.json`.
@Suite("§7.2 postback signatures in runs")
struct PostbackSigningTests {
  private static let users = TestScenarios.overtakenClicker

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
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
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

  /// Shared fields of the hand-built postbacks below.
  private static let common: [String: JSONValue] = [
    "ad-network-id": "example123.skadnetwork", "app-id": 525_463_029,
    "transaction-id": "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28",
  ]

  @Test(
    "§7.2: each version's signing string is its fields in order joined by U+2063, and signs and verifies on its curve",
    arguments: [
      // 1.0 and 2.0 are P-192; 1.0 has no version key.
      ("1.0", ["campaign-id": 42], ["example123.skadnetwork", "42", "525463029", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28"]),
      ("2.0", ["version": "2.0", "campaign-id": 42, "redownload": true, "source-app-id": 1_234_567_891],
       ["2.0", "example123.skadnetwork", "42", "525463029", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "true", "1234567891"]),
      // Below the privacy threshold 2.1 has no source-app-id: it is left out with its separator.
      ("2.1", ["version": "2.1", "campaign-id": 42, "redownload": false],
       ["2.1", "example123.skadnetwork", "42", "525463029", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "false"]),
      ("2.2", ["version": "2.2", "campaign-id": 42, "redownload": false, "fidelity-type": 0],
       ["2.2", "example123.skadnetwork", "42", "525463029", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "false", "0"]),
      ("3.0", ["version": "3.0", "campaign-id": 42, "redownload": false, "source-app-id": 1_234_567_891,
               "fidelity-type": 1, "did-win": false, "conversion-value": 20],
       ["3.0", "example123.skadnetwork", "42", "525463029", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "false", "1234567891",
        "1", "false"]),
      // Web ads: source-domain takes source-app-id's place; values are outside the signature.
      ("4.0", ["version": "4.0", "source-identifier": "5239", "redownload": false, "source-domain": "example.com",
               "fidelity-type": 1, "did-win": true, "postback-sequence-index": 0, "coarse-conversion-value": "high"],
       ["4.0", "example123.skadnetwork", "5239", "525463029", "6aafb7a5-0170-41b5-bbe4-fe71dedf1e28", "false", "example.com",
        "1", "true", "0"]),
    ] as [(String, [String: JSONValue], [String])])
  func signingStringRoundTrip(version: String, fields: [String: JSONValue], signed: [String]) throws {
    var body = Self.common.merging(fields) { $1 }
    let text = try PostbackSigningString.make(for: body)
    #expect(text == signed.joined(separator: "\u{2063}"))
    let key = try ECPrivateKey.generate(curve: ["1.0", "2.0"].contains(version) ? .p192 : .p256)
    body["attribution-signature"] = .string(Base64.encode(try key.signature(for: Array(text.utf8))))
    #expect(PostbackVerifier(keys: [key.publicKey]).verify(.object(body)) == .valid(warnings: []))
    body["app-id"] = 525_463_030
    #expect(PostbackVerifier(keys: [key.publicKey]).verify(.object(body)) == .invalid(.badSignature))
  }
}
