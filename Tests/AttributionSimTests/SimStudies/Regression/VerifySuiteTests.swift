import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// The project's own regression suite, JUnit output, and the `attrsim verify` command's exit status.
@Suite("Regression: verify") struct VerifySuiteTests {
  /// The samples that take seconds each in a debug build (a tenth of that in release): `.ci/run`
  /// verifies them, with the rest, using the release build beside the test suite.
  static let verifiedByCIRelease: Set<String> = [
    "whale-game.json", "subscription.json", "hybrid-game.json", "adattributionkit.json", "sweeps/crowd-base.json",
  ]

  @Test("Scenarios/ is the regression suite: every scenario's expectations and golden copies hold (the slowest five in .ci/run)")
  func scenariosFolderPasses() {
    let found = ScenarioFiles(paths: [TestPaths.scenarios])
    #expect(found.scenarios.count >= 8)
    #expect(found.skipped.contains { $0.file.hasSuffix("schemas/quickstart-hybrid.json") && $0.reason == "a conversion schema" })
    #expect(found.skipped.contains { $0.file.hasSuffix("sweeps/crowd-thresholds.json") && $0.reason == "a sweep" })
    let quick = found.scenarios.filter { file in !Self.verifiedByCIRelease.contains { file.hasSuffix("Scenarios/" + $0) } }
    #expect(quick.count == found.scenarios.count - Self.verifiedByCIRelease.count, "each slow sample is still in Scenarios/")
    // Two at a time: this machine's cores.
    let results = ScenarioVerifier().verify(paths: quick, jobs: 2)
    for result in results {
      #expect(result.passed, "\(result.report())")
      #expect(result.notes.isEmpty, "every sample scenario states what must hold: \(result.file)")
    }
  }

  @Test(".ci/run verifies the whole of Scenarios/ with the release build, so the samples left out above are checked too")
  func ciVerifiesEveryScenario() throws {
    let script = try String(contentsOf: TestPaths.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
    let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
    #expect(lines.contains { $0.hasPrefix("swift build -c release") })
    #expect(lines.contains { $0.hasPrefix(".build/release/attrsim verify Scenarios/") })
  }

  @Test("attrsim verify exits 1 with the readable difference for a broken expectation, 0 when it holds, and writes JUnit")
  func commandExitStatus() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let (folder, path) = try GoldenTests.scratchScenario(golden: "")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let good = #"postbacks: [{ user: "u", sequenceIndex: 0, fields: { "conversion-value": 0 } }]"#
    try text.replacing(required: "expect: {  }", with: "expect: { \(good) }").write(toFile: path, atomically: true, encoding: .utf8)
    let passing = try ChildProcess.run(binary, ["verify", path])
    #expect(passing.status == 0, "\(passing.output)")
    #expect(passing.output.hasSuffix("1 passed, 0 failed\n"))

    let broken = good.replacing(required: #""conversion-value": 0"#, with: #""conversion-value": 9"#)
    try text.replacing(required: "expect: {  }", with: "expect: { \(broken) }").write(toFile: path, atomically: true, encoding: .utf8)
    let junit = folder.appendingPathComponent("junit.xml").path
    let failing = try ChildProcess.run(binary, ["verify", path, "--junit", junit])
    #expect(failing.status == 1)
    #expect(failing.output.contains("FAIL expect.postbacks[0]: u's postback to the ad network, sequence index 0"))
    #expect(failing.output.contains("field 'conversion-value': expected 9, got 0"))
    #expect(failing.output.hasSuffix("0 passed, 1 failed\n"))
    #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"failures="1""#))
  }

  @Test("attrsim verify --filter skips the rest and counts them, --format json prints only a summary, --keep-failed names its folder")
  func commandOptions() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let (folder, path) = try VerifyReportTests.failingScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = folder.appendingPathComponent("other.json").path
    try FileManager.default.copyItem(atPath: path, toPath: other)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("scripted.golden"), to: folder.appendingPathComponent("other.golden"))
    let scenarios = folder.path

    // The scenarios' schema reads events their scripted users never perform: warnings, on standard error.
    let filtered = try ChildProcess.runApart(binary, ["verify", scenarios, "--filter", "oth*", "-j", "2"])
    #expect(filtered.errors.contains("warning: fineValue.eventBits.tutorial_complete: event 'tutorial_complete'"), "\(filtered.errors)")
    #expect(filtered.status == 1)
    #expect(filtered.output.hasPrefix("FAIL \(other)"))
    #expect(!filtered.output.contains("scripted.json"))
    #expect(filtered.output.hasSuffix("0 passed, 1 failed, 1 skipped (--filter)\n"))
    let verbose = try ChildProcess.run(binary, ["verify", scenarios, "--filter", "oth*", "-v"])
    #expect(verbose.output.contains("SKIP \(path)  (not matched by --filter 'oth*')"))
    let none = try ChildProcess.run(binary, ["verify", scenarios, "--filter", "nothing"])
    #expect(none.status == 1)
    #expect(none.output.contains("error: --filter 'nothing' matches none of the 2 scenario file(s) under \(scenarios)"))

    let json = try ChildProcess.runApart(binary, ["verify", scenarios, "--format", "json", "--jobs", "2"])
    #expect(json.status == 1)
    let summary = JSONValue(try JSONParser.parse(json.output))
    #expect(summary.member("failed") == 2 && summary.member("passed") == 0)
    #expect(try ChildProcess.run(binary, ["verify", scenarios, "--format", "xml"]).status == 64)
    #expect(try ChildProcess.run(binary, ["verify", scenarios, "--jobs", "0"]).status == 64)

    let keep = folder.appendingPathComponent("kept").path
    let kept = try ChildProcess.run(binary, ["verify", path, "--keep-failed", keep])
    let target = keep + (path as NSString).deletingPathExtension
    #expect(kept.output.contains("the run's outputs are kept in \(target)/"))
    #expect(kept.output.contains("  outputs kept in \(target)/"))
    #expect(FileManager.default.fileExists(atPath: target + "/normalised/postbacks.jsonl"))
  }
}
