import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `attrsim run` with a conversion-model command that misbehaves: one that never answers is
/// given up after a few timeouts, with a warning; one that ignores SIGTERM, or leaves a child
/// in the background, does not outlive an interrupted run.
@Suite("A misbehaving model command costs a few timeouts and never outlives the run")
struct ModelCommandTests {
  /// `sdk`'s user with `launches` more launches, each a request to the model.
  private static func scenario(command: String, timeout: String, launches: Int) -> String {
    let steps = (0..<launches).map { #"{ at: "\#(4 + $0)h", action: "launch" }"# }.joined(separator: ", ")
    return TestScenarios.sdk(sdk: #"{ model: { command: ["sh", "-c", "\#(command)"], timeout: "\#(timeout)" } }"#, steps: steps)
  }

  @Test("45.9: a model that dies at each start is given up after three exits, and the run warns of the requests it lost")
  func hungModelIsGivenUp() throws {
    let binary = try #require(ChildProcess.attrsim)
    let folder = try TemporaryFolder.create("model-command")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Exits rather than hangs, to keep the test fast: the unit tests show timeouts count alike.
    let text = Self.scenario(command: "echo 'model: no licence' >&2; exit 3", timeout: "60s", launches: 7)
    try text.write(to: folder.appendingPathComponent("hung.json"), atomically: true, encoding: .utf8)
    let (status, output, errors) = try ChildProcess.runApart(
      binary, ["run", "hung.json", "--allow-commands", "--out", "out"], in: folder)
    #expect(status == 0, "\(output)\(errors)")
    #expect(errors.contains("warning: 8 of 8 requests to the SDK's conversion model got no answer (0 timeouts, 8 unreachable)"))
    let trace = try String(contentsOf: folder.appendingPathComponent("out/sdk-trace.jsonl"), encoding: .utf8)
    let givenUp = trace.split(separator: "\n").filter { $0.contains("not started again after 3 failures in a row") }
    #expect(givenUp.count == 5)
  }

  @Test("45.9: SIGINT ends a model that ignores SIGTERM, and the child it left in the background")
  func interruptEndsStubbornModel() throws {
    let binary = try #require(ChildProcess.attrsim)
    let folder = try TemporaryFolder.create("model-command")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Both ignore SIGTERM (an ignored signal stays ignored across fork and exec); the run waits
    // on the 60 s timeout until interrupted.
    let command = "trap '' TERM; sleep 1000 & echo $! > child.pid; echo $$ > model.pid; while read -r l; do sleep 1000; done"
    try Self.scenario(command: command, timeout: "60s", launches: 0)
      .write(to: folder.appendingPathComponent("stubborn.json"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["run", "stubborn.json", "--allow-commands", "--out", "out"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pids = ["model.pid", "child.pid"].map { folder.appendingPathComponent($0) }
    var started: [Int32] = []
    let deadline = Date().addingTimeInterval(60)
    while started.count < 2, Date() < deadline, process.isRunning {
      started = pids.compactMap { (try? String(contentsOf: $0, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
      if started.count < 2 { Thread.sleep(forTimeInterval: 0.05) }
    }
    try #require(started.count == 2, "the model and its child started")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    // The grace period is a second; then SIGKILL.
    for pid in started { #expect(ChildProcess.ends(pid, within: 5), "process \(pid) outlived the interrupted run") }
  }
}
