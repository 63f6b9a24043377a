import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Rulebook §7.3 at scale: the default check (`tampered-only`) runs ECDSA only on the ads the
/// scenario tampers with, and must decide every ad exactly as signing and verifying all of them
/// does.
@Suite("§7.3 impression check modes")
struct ImpressionCheckModeTests {
  /// Runs `scenario` with `check` into a scratch folder, trace included, and returns every file's bytes.
  private func files(of scenario: Scenario, check: SigningSettings.ImpressionCheck) throws -> [String: Data] {
    var scenario = scenario
    scenario.signing.impressionCheck = check
    let folder = try TemporaryFolder.create("attrsim-check")
    defer { try? FileManager.default.removeItem(at: folder) }
    var writer = try RunDirectoryWriter(directory: folder, scenario: scenario, trace: true)
    try writer.commit(ScenarioRunner.run(scenario, sink: &writer), scenario: scenario)
    return try TemporaryFolder.files(in: folder)
  }

  @Test(
    "§7.3: tampered-only (the default) writes the files full cryptography writes, byte for byte, tampered ads rejected alike",
    arguments: ["signatures.json", "adattributionkit.json"])
  func tamperedOnlyMatchesFullCryptography(file: String) throws {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/" + file)
    // Some ads of the second network are altered after signing in both samples.
    scenario.adNetworks[1].invalidSignatureShare = 0.3
    #expect(SigningSettings().impressionCheck == .tamperedOnly, "the default")
    let full = try files(of: scenario, check: .cryptographic)
    let shortcut = try files(of: scenario, check: .tamperedOnly)
    #expect(full.keys.sorted() == shortcut.keys.sorted())
    #expect(full.keys.contains("postbacks.jsonl") && full.keys.contains("trace.jsonl"))
    for (name, bytes) in full { #expect(shortcut[name] == bytes, "\(name) differs") }
    // The comparison is not vacuous: ads were rejected for their signature, and the rest were used.
    let text = String(decoding: try #require(full["summary.json"]), as: UTF8.self)
    let rejected = try #require(text.firstMatch(of: /"badSignature": ([0-9]+)/)).output.1
    #expect(Int(rejected)! > 10, "\(rejected) ads rejected for their signature")
  }
}
