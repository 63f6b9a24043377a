import Dispatch
import Foundation

/// Runs programs as child processes for tests: the built `attrsim`, shells, groff, and the like.
package enum ChildProcess {
  /// The `attrsim` executable `swift test` builds beside the test bundle, or nil when absent.
  package static let attrsim: String? = {
    let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
      .map { $0.deletingLastPathComponent().appendingPathComponent("attrsim").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The path of the first of `names` found on `PATH`, or nil when none is installed.
  package static func onPath(_ names: String...) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    for name in names {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }

  /// Runs a program to its end as ``run(_:_:in:environment:)`` does, with its standard output
  /// and standard error apart (machine-readable output on one, warnings on the other).
  package static func runApart(
    _ executable: String, _ arguments: [String], in folder: URL? = nil
  ) throws -> (status: Int32, output: String, errors: String) {
    let process = prepared(executable, arguments, in: folder, environment: [:])
    let (output, errors) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Standard error is read on its own thread, so a full pipe on either side cannot stall the
    // child; the group orders that thread's write before the read below.
    let box = ErrorsBox()
    let done = DispatchGroup()
    done.enter()
    Thread {
      box.data = errors.fileHandleForReading.readDataToEndOfFile()
      done.leave()
    }.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: box.data, as: UTF8.self))
  }

  /// Standard error's bytes, handed from its reading thread (ordered by a DispatchGroup).
  private final class ErrorsBox: @unchecked Sendable {
    var data = Data()
  }

  /// Runs a program to its end, in `folder` when given and with `environment` added to this
  /// process's (a nil value removes the variable), attrsim's progress lines off unless
  /// `environment` says otherwise: its exit status, and its standard error and output together.
  package static func run(
    _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String?] = [:]
  ) throws -> (status: Int32, output: String) {
    let result = try run(executable, arguments, in: folder, environment: environment, killAfter: nil)
    return (result.status, result.output)
  }

  /// Runs a program as ``run(_:_:in:environment:)`` does, killing it (SIGKILL, its whole process
  /// group when it leads one) once `killAfter` seconds have passed: `timedOut` says it was killed.
  package static func run(
    _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String?] = [:],
    killAfter seconds: Double?
  ) throws -> (status: Int32, output: String, timedOut: Bool) {
    let process = prepared(executable, arguments, in: folder, environment: environment)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let watch = Watch()
    if let seconds {
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        guard watch.running() else { return }
        kill(pid, SIGKILL)
      }
    }
    // A killed program's own children may hold the pipe open: read until the program ends,
    // then what is already buffered.
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let timedOut = watch.finish()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), timedOut)
  }

  /// Whether a watched program is still running, and whether the watchdog killed it.
  private final class Watch: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var killed = false
    /// True (and remembered as a kill) while the program has not ended.
    func running() -> Bool { lock.withLock { if !ended { killed = true }; return !ended } }
    /// Marks the program ended; whether it had been killed.
    func finish() -> Bool { lock.withLock { ended = true; return killed } }
  }

  /// A process for `executable` with `arguments`, in `folder` when given, with `environment`
  /// added to this process's (a nil value removes the variable) and attrsim's progress lines off
  /// unless `environment` says otherwise.
  private static func prepared(
    _ executable: String, _ arguments: [String], in folder: URL?, environment: [String: String?]
  ) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    var merged = ProcessInfo.processInfo.environment
    // attrsim prints progress lines to a log every few seconds: a slow machine would add lines
    // to transcripts the tests compare. A test that wants them passes --progress or this variable.
    merged["ATTRSIM_PROGRESS"] = "never"
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    return process
  }

  /// Whether process `pid` ends (or only waits to be reaped) within `seconds`; one still running
  /// then is killed (SIGKILL), so a failing test leaves nothing behind.
  package static func ends(_ pid: Int32, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while kill(pid, 0) == 0, !isZombie(pid) {
      guard Date() < deadline else {
        kill(pid, SIGKILL)
        return false
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return true
  }

  /// Whether `pid` has ended and only waits to be reaped.
  private static func isZombie(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
    return status.contains("State:\tZ")
  }
}
