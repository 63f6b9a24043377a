import AttributionTestSupport
import Foundation
import Testing

/// `attrsim run` and `attrsim postback verify` on the AdAttributionKit scenarios (rulebook §7.4, §7.5).
@Suite("AdAttributionKit postbacks from the command line")
struct AdAttributionKitCommandTests {
  @Test(
    "§7.5: every postback of the AdAttributionKit and mixed scenarios verifies with 'attrsim postback verify' and the run's keys.json",
    arguments: ["adattributionkit.json", "mixed-frameworks.json"])
  func everyPostbackVerifies(scenario: String) throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aak-verify-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = TestPaths.scenarios + "/" + scenario
    let run = try ChildProcess.run(binary, ["run", path, "--out", folder.path])
    #expect(run.status == 0, "\(run.output)")
    let postbacks = folder.appendingPathComponent("postbacks.jsonl").path
    let lines = try String(contentsOfFile: postbacks, encoding: .utf8).split(separator: "\n")
    let signedWithJWS = lines.filter { $0.contains("\"jws-string\"") }.count
    #expect(signedWithJWS > 0)
    let verified = try ChildProcess.runApart(
      binary, ["postback", "verify", postbacks, "--key", folder.appendingPathComponent("keys.json").path])
    #expect(verified.status == 0, "\(verified.output.prefix(2_000))\(verified.errors.prefix(2_000))")
    // 45.13: the run's keys take Apple's key IDs, and each one taken is said.
    #expect(verified.errors.contains("warning: its key for kid 'apple-cas-identifier/0' replaces Apple's published AdAttributionKit key"))
    let verdicts = verified.output.split(separator: "\n")
    #expect(verdicts.count == lines.count)
    // The simulated Apple, like Apple, does not normalise ECDSA's S: about half the signatures
    // are high-S, the only warning a run's postbacks earn.
    let warned = verdicts.filter { $0.contains("; warning: ") }
    #expect(verdicts.allSatisfy { $0.hasSuffix(": valid") || $0.contains(": valid, duplicate of") || $0.contains(": valid; warning: high-S signature") })
    #expect(warned.allSatisfy { $0.components(separatedBy: "; warning: ").count == 2 }, "\(warned.prefix(3))")
    #expect(!warned.isEmpty && warned.count < verdicts.count)
    // Without the run's keys, Apple's published key for the same kid rejects the simulator's JWS.
    let withoutKeys = try ChildProcess.run(binary, ["postback", "verify", postbacks])
    #expect(withoutKeys.status == 1)
    #expect(withoutKeys.output.contains("bad signature: the JWS does not verify with the key its kid names"))
  }
}
