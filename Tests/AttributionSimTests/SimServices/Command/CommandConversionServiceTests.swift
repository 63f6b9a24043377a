import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// The command adapter with small `sh` scripts as conversion models: the lines they receive,
/// their answers, and commands that misbehave.
@Suite("Command conversion service")
struct CommandConversionServiceTests {
  private func request(_ pairs: (String, String)...) -> ConversionRequest {
    ConversionRequest(parameters: pairs.map { .init($0.0, $0.1) })
  }

  private func shell(_ script: String, in directory: URL? = nil, timeout: Double = 10) -> CommandConversionService {
    CommandConversionService(command: ["/bin/sh", "-c", script], workingDirectory: directory, timeout: timeout)
  }

  /// A model that keeps every line it reads in received.txt and answers with the `n` it was sent.
  private let echoModel = #"""
    while IFS= read -r line; do
      printf '%s\n' "$line" >> received.txt
      n=$(printf '%s' "$line" | sed 's/.*"n":"\([0-9]*\)".*/\1/')
      printf '{"conversion_value": %s, "skan_updated_coarse_value": "1"}\n' "$n"
    done
    """#

  @Test("answers come back in order, and each request is one JSON line of its parameters")
  func answersInOrderAndRequestLines() throws {
    let directory = try TemporaryFolder.create("command-service")
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = shell(echoModel, in: directory)
    #expect(service.launches == 0)
    for n in 1...5 {
      #expect(service.answer(request(("n", String(n)), ("event", "level \"up\""))) == .update(fine: n, coarse: 1, lock: false))
    }
    service.close()
    let received = try String(contentsOf: directory.appendingPathComponent("received.txt"), encoding: .utf8)
    let expected = (1...5).map { #"{"event":"level \"up\"","n":"\#($0)"}"# + "\n" }.joined()
    #expect(received == expected)
    #expect(service.launches == 1)
    #expect(service.answer(request(("n", "6"))) == .failed(.unreachable("the command service was closed")))
  }

  @Test("an executable path is found relative to the working directory")
  func relativeExecutableInWorkingDirectory() throws {
    let directory = try TemporaryFolder.create("command-service")
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("model.sh")
    try "#!/bin/sh\n\(echoModel)\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let service = CommandConversionService(command: ["./model.sh"], workingDirectory: directory, timeout: 10)
    #expect(service.answer(request(("n", "42"))) == .update(fine: 42, coarse: 1, lock: false))
  }

  @Test("a line that is not JSON is malformed, and the command keeps serving")
  func garbageIsMalformed() {
    let service = shell(#"while read -r line; do echo 'Traceback (most recent call last):'; done"#)
    for _ in 0..<2 {
      guard case .failed(.malformed(let why)) = service.answer(request(("n", "1"))) else {
        Issue.record("expected a malformed answer")
        return
      }
      #expect(why.hasPrefix("expected JSON"))
    }
    #expect(service.launches == 1)
  }

  @Test("a command that exits fails the request in hand with its status and last error line, then restarts")
  func exitingCommandRestarts() {
    let service = shell(#"""
      read -r line; echo '{"conversion_value": 1}'
      read -r line; echo 'model: out of memory' >&2; exit 3
      """#)
    #expect(service.answer(request()) == .update(fine: 1, coarse: nil, lock: false))
    #expect(service.answer(request()) == .failed(.unreachable("the command exited with status 3: model: out of memory")))
    #expect(service.answer(request()) == .update(fine: 1, coarse: nil, lock: false))
    #expect(service.launches == 2)
  }

  @Test("a command that does not answer in time is a timeout, and the next request gets a fresh command")
  func silentCommandTimesOutAndRestarts() {
    let service = shell(
      #"""
      while read -r line; do
        case "$line" in *hang*) ;; *) echo '{"conversion_value": 7}' ;; esac
      done
      """#, timeout: 3)
    #expect(service.answer(request(("mode", "hang"))) == .failed(.timeout))
    #expect(service.answer(request(("mode", "normal"))) == .update(fine: 7, coarse: nil, lock: false))
    #expect(service.launches == 2)
  }

  @Test("a command that cannot be found is unreachable, and is not tried again")
  func missingCommandIsUnreachable() {
    let service = CommandConversionService(command: ["attrsim-no-such-model"], timeout: 1)
    let expected = ConversionAnswer.failed(.unreachable("command not found: attrsim-no-such-model"))
    #expect(service.answer(request()) == expected)
    #expect(service.answer(request()) == expected)
    #expect(service.launches == 0)
  }

  @Test("a missing working directory is unreachable")
  func missingWorkingDirectoryIsUnreachable() {
    let nowhere = URL(fileURLWithPath: "/nonexistent/attrsim-models")
    let service = shell("cat", in: nowhere)
    #expect(service.answer(request()) == .failed(.unreachable("working directory /nonexistent/attrsim-models does not exist")))
  }

  @Test("a command that writes a lot to standard error is not blocked by it")
  func chattyStandardErrorDoesNotBlock() {
    // About 250 KB of standard error per answer, several times what a pipe holds.
    let service = shell(#"""
      while read -r line; do
        i=0
        while [ $i -lt 3000 ]; do
          echo "debug: step $i of the model, padded to make the line longer than most" >&2
          i=$((i + 1))
        done
        echo '{"conversion_value": 2}'
      done
      """#)
    #expect(service.answer(request()) == .update(fine: 2, coarse: nil, lock: false))
    #expect(service.answer(request()) == .update(fine: 2, coarse: nil, lock: false))
  }

  @Test("a command that exits at once fails each request without crashing the caller")
  func commandThatExitsAtOnce() {
    let service = shell("echo 'bad model' >&2; exit 1")
    for _ in 0..<3 {
      let answer = service.answer(request(("n", String(repeating: "x", count: 200_000))))
      guard case .failed(.unreachable(let why)) = answer else {
        Issue.record("expected unreachable, got \(answer)")
        return
      }
      #expect(why == "the command exited with status 1: bad model")
    }
  }

  @Test("a command that stops reading in the middle of a request fails it without a SIGPIPE ending the simulator")
  func commandThatStopsReading() {
    // The request is larger than a pipe holds, so the write is still going when input closes.
    let service = shell("exec 0<&-; sleep 0.2; echo 'model: stopped reading' >&2; exit 1")
    let answer = service.answer(request(("n", String(repeating: "x", count: 500_000))))
    #expect(answer == .failed(.unreachable("the command exited with status 1: model: stopped reading")))
  }

  @Test("through a pool, answers of a command match their requests")
  func commandBehindAPool() throws {
    let directory = try TemporaryFolder.create("command-service")
    defer { try? FileManager.default.removeItem(at: directory) }
    let pool = ConversionRequestPool(service: shell(echoModel, in: directory), width: 3)
    let tickets = (0..<12).map { pool.submit(request(("n", String($0)))) }
    for ticket in tickets.reversed() {
      #expect(pool.answer(for: ticket) == .update(fine: ticket.number, coarse: 1, lock: false))
    }
  }

  @Test("45.9: after three timeouts or exits in a row the command is not started again, and later requests say why at once")
  func repeatedFailuresGiveTheCommandUp() {
    let service = shell("while read -r line; do sleep 1000; done", timeout: 0.2)
    for _ in 0..<CommandConversionService.failureLimit { #expect(service.answer(request()) == .failed(.timeout)) }
    let expected = ConversionAnswer.failed(
      .unreachable("not started again after 3 failures in a row (the last: no answer within 0.2 s)"))
    #expect(service.answer(request()) == expected)
    #expect(service.answer(request()) == expected)
    #expect(service.launches == CommandConversionService.failureLimit)
    #expect(service.abandonment != nil)
  }

  @Test("45.9: an answer between failures starts the count again")
  func answerResetsTheFailureCount() {
    // Exits after every answer: each second request fails, never two in a row.
    let service = shell(#"read -r line; echo '{"conversion_value": 1}'; read -r line; exit 2"#)
    for _ in 0..<4 {
      #expect(service.answer(request()) == .update(fine: 1, coarse: nil, lock: false))
      #expect(service.answer(request()) == .failed(.unreachable("the command exited with status 2")))
    }
    #expect(service.abandonment == nil)
  }

  @Test("45.9: what the command left running in the background ends with it")
  func backgroundChildEndsWithTheCommand() throws {
    let directory = try TemporaryFolder.create("command-service")
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = shell(
      #"sleep 1000 & echo $! > child.pid; while IFS= read -r line; do echo '{}'; done"#, in: directory, timeout: 5)
    #expect(service.answer(request()) == .update(fine: nil, coarse: nil, lock: false))
    service.close()
    let text = try String(contentsOf: directory.appendingPathComponent("child.pid"), encoding: .utf8)
    let child = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(ChildProcess.ends(child, within: 5), "the command's background child outlived it")
  }
}
