import AttributionTestSupport
import Foundation
import Testing

/// `--progress never|always|auto`: what a cluster's log shows of a run, sweep or merge. The
/// tests' child processes run with `ATTRSIM_PROGRESS=never`, so that no other transcript gains a
/// line on a slow machine; these ask for the lines explicitly. No assertion depends on timing:
/// the periodic lines may or may not come, the closing line of `always` always does.
@Suite("--progress lines for logs")
struct ProgressCommandTests {
  /// Every progress line, and whether each has the documented shape.
  private func progressLines(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.hasPrefix("progress: ") }
  }

  @Test("--progress always: plain lines ending in one that says what was done and how long it took; never: none")
  func alwaysAndNever() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-progress")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestScenarios.minimal.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    let always = try ChildProcess.run(binary, ["run", "s.json", "--out", "a", "--progress", "always"], in: folder)
    #expect(always.status == 0, "\(always.output)")
    let lines = progressLines(always.output)
    #expect(lines.last?.contains(" users arrived done in ") == true, "\(always.output)")
    // Any periodic line before it: done of total, percentage, rate and time left.
    let periodic = /progress: \d+\/\d+ users arrived \(\d+%\), [0-9.]+[kM]? users\/s, [0-9hms]+ left/
    #expect(lines.dropLast().allSatisfy { $0.wholeMatch(of: periodic) != nil }, "\(lines)")

    let never = try ChildProcess.run(binary, ["run", "s.json", "--out", "n", "--progress", "never"], in: folder)
    #expect(never.status == 0)
    #expect(progressLines(never.output).isEmpty)
    // The environment's choice applies without the option; the option wins over it.
    let environment = try ChildProcess.run(
      binary, ["run", "s.json", "--out", "e"], in: folder, environment: ["ATTRSIM_PROGRESS": "always"])
    #expect(progressLines(environment.output).last?.contains("done in") == true, "\(environment.output)")
    let overridden = try ChildProcess.run(
      binary, ["run", "s.json", "--out", "o", "--progress", "never"], in: folder, environment: ["ATTRSIM_PROGRESS": "always"])
    #expect(progressLines(overridden.output).isEmpty)
  }

  @Test("--progress takes never, always or auto, on run, sweep and merge alike")
  func choices() throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    for command in ["run", "sweep", "merge"] {
      let result = try ChildProcess.run(binary, [command, "x.json", "--progress", "sometimes"])
      #expect(result.status == 64, "\(command): \(result.output)")
      #expect(result.output.contains("expected never, always or auto"), "\(command): \(result.output)")
    }
  }
}
