import Foundation
import Testing

@testable import AttributionSim

/// The project's own regression suite, JUnit output, and the `attrsim verify` command's exit status.
@Suite("Regression: verify") struct VerifySuiteTests {
  @Test("Scenarios/ is the regression suite: every scenario's expectations and golden copies hold")
  func scenariosFolderPasses() {
    let found = ScenarioFiles(paths: [TestScenarios.scenariosDirectory])
    #expect(found.scenarios.count >= 8)
    #expect(found.skipped.contains { $0.file.hasSuffix("schemas/quickstart-hybrid.json") && $0.reason == "a conversion schema" })
    #expect(found.skipped.contains { $0.file.hasSuffix("sweeps/crowd-thresholds.json") && $0.reason == "a sweep" })
    let results = Self.verifyConcurrently(found.scenarios)
    for result in results {
      #expect(result.passed, "\(result.report())")
      #expect(result.notes.isEmpty, "every sample scenario states what must hold: \(result.file)")
    }
  }

  @Test("JUnit XML has one test suite per scenario and one test case per check, failures with their differences")
  func junit() throws {
    let failing = CheckResult(name: "expect.checks[0]: users is exactly 2", problems: ["expected exactly 2, got 1 <&>"], context: ["rule checked: r"])
    let results = [
      VerificationResult(file: "a.json", checks: [CheckResult(name: "ok one"), failing]),
      VerificationResult(file: "b.json", checks: [CheckResult(name: "ok two")]),
    ]
    let xml = JUnitReport.xml(results)
    #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(xml.contains(#"<testsuites name="attrsim verify" tests="3" failures="1" errors="0">"#))
    #expect(xml.contains(#"<testsuite name="a.json" tests="2" failures="1" errors="0">"#))
    #expect(xml.contains(#"<testcase classname="b.json" name="ok two"/>"#))
    #expect(xml.contains(#"<failure message="expected exactly 2, got 1 &lt;&amp;&gt;">expected exactly 2, got 1 &lt;&amp;&gt;"#))
    #expect(xml.contains("· rule checked: r</failure>"))
  }

  @Test("attrsim verify exits 1 with the readable difference for a broken expectation, 0 when it holds, and writes JUnit")
  func commandExitStatus() throws {
    let binary = try #require(Self.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let (folder, path) = try GoldenTests.scratchScenario(golden: "")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let good = #"postbacks: [{ user: "u", sequenceIndex: 0, fields: { "conversion-value": 0 } }]"#
    try text.replacingOccurrences(of: "expect: {  }", with: "expect: { \(good) }").write(toFile: path, atomically: true, encoding: .utf8)
    let passing = try Self.run(binary, ["verify", path])
    #expect(passing.status == 0, "\(passing.output)")
    #expect(passing.output.hasSuffix("1 passed, 0 failed\n"))

    let broken = good.replacingOccurrences(of: #""conversion-value": 0"#, with: #""conversion-value": 9"#)
    try text.replacingOccurrences(of: "expect: {  }", with: "expect: { \(broken) }").write(toFile: path, atomically: true, encoding: .utf8)
    let junit = folder.appendingPathComponent("junit.xml").path
    let failing = try Self.run(binary, ["verify", path, "--junit", junit])
    #expect(failing.status == 1)
    #expect(failing.output.contains("FAIL expect.postbacks[0]: u's postback to the ad network, sequence index 0"))
    #expect(failing.output.contains("field 'conversion-value': expected 9, got 0"))
    #expect(failing.output.hasSuffix("0 passed, 1 failed\n"))
    #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"failures="1""#))
  }

  /// Verifies scenarios two at a time (this machine's cores), results in input order.
  static func verifyConcurrently(_ files: [String]) -> [VerificationResult] {
    let results = Results(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.set(index, ScenarioVerifier().verify(path: files[index]))
    }
    return results.all
  }

  /// The `attrsim` executable `swift test` builds beside the test bundle.
  static let attrsim: String? = {
    let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
      .map { $0.deletingLastPathComponent().appendingPathComponent("attrsim").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static func run(_ binary: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// Results filled in from concurrent work, each slot once.
private final class Results: @unchecked Sendable {
  private var slots: [VerificationResult?]
  private let lock = NSLock()
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ index: Int, _ result: VerificationResult) { lock.withLock { slots[index] = result } }
  var all: [VerificationResult] { lock.withLock { slots.compactMap { $0 } } }
}
