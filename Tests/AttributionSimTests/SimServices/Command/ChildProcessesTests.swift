import Foundation
import Testing

@testable import AttributionSim

/// The registry an interrupted run stops its started programs from.
@Suite struct ChildProcessesTests {
  private static func sleeper() -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["30"]
    return process
  }

  /// A program is recorded as it starts, so stopping finds it; once stopping has begun, nothing
  /// more starts (a signal between a start and its record used to leave the program running).
  @Test func terminateAllStopsWhatStartedAndNothingStartsAfterIt() throws {
    let registry = ChildProcesses()
    let running = Self.sleeper()
    try registry.start(running)
    // Whether SIGTERM ends it depends on the signal mask the test runner passes on (attrsim
    // clears its own first); what matters here is that stopping found it.
    defer { kill(running.processIdentifier, SIGKILL) }
    #expect(registry.terminateAll() == 1, "the started program is asked to stop")
    let late = Self.sleeper()
    #expect(throws: ChildProcesses.Stopping.self) { try registry.start(late) }
    #expect(!late.isRunning, "refused before it ran")
  }
}
