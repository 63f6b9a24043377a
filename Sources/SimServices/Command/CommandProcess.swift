import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One running command and the line conversation over its standard input and output.
///
/// Not thread-safe: ``CommandConversionService`` holds a lock around every use. All waiting is
/// poll(2) on the pipes with a deadline, on the caller's thread: standard error is drained in
/// the same loop, so a chatty command never blocks on it while an answer is awaited.
package final class CommandProcess {
  /// How one exchange ended.
  package enum Outcome {
    /// The line the command wrote, without its line break.
    case line([UInt8])
    /// No whole line before the deadline.
    case timeout
    /// The command closed its output (it exited, usually): why, for a message.
    case ended(String)
  }

  private let process: Process
  private let input: Pipe
  private let output: Pipe
  private let errors: Pipe
  private let exitSignal = ExitSignal()
  private var inputOpen = true
  private var outputOpen = true
  private var errorsOpen = true
  /// Output read but not yet returned as a line.
  private var buffered: [UInt8] = []
  /// The end of what the command wrote to standard error, for messages.
  private var errorTail: [UInt8] = []
  private static let errorTailLimit = 2048

  /// Starts `command` (executable then arguments) in `workingDirectory`, or says why it cannot.
  package static func launch(_ command: [String], workingDirectory: URL?) -> Result<CommandProcess, LaunchFailure> {
    guard let name = command.first, !name.isEmpty else { return .failure(LaunchFailure("no command given")) }
    if let workingDirectory {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: workingDirectory.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return .failure(LaunchFailure("working directory \(workingDirectory.path) does not exist")) }
    }
    guard let executable = executablePath(name, workingDirectory: workingDirectory) else {
      return .failure(LaunchFailure("command not found: \(name)"))
    }
    let started = CommandProcess(executable: executable, arguments: Array(command.dropFirst()), workingDirectory: workingDirectory)
    do {
      try ChildProcesses.shared.start(started.process)
    } catch {
      return .failure(LaunchFailure("cannot run \(executable): \(describe(error))"))
    }
    started.prepareInput()
    return .success(started)
  }

  /// Why a command could not be started.
  package struct LaunchFailure: Error {
    package let message: String
    package init(_ message: String) { self.message = message }
  }

  private init(executable: String, arguments: [String], workingDirectory: URL?) {
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    input = Pipe()
    output = Pipe()
    errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let exitSignal = exitSignal
    process.terminationHandler = { process in
      ChildProcesses.shared.ended(process.processIdentifier)
      exitSignal.signal(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
    }
  }

  /// Makes writes to the command fail with an error instead of blocking or raising SIGPIPE.
  private func prepareInput() {
    let fd = input.fileHandleForWriting.fileDescriptor
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    #if canImport(Darwin)
      _ = fcntl(fd, F_SETNOSIGPIPE, 1)
    #endif
  }

  // MARK: - The conversation

  /// Writes `line` (which ends with a line break) and reads the command's next line, both
  /// before `deadline`.
  ///
  /// Output left over from earlier exchanges answers nothing asked now, so it is dropped first.
  package func exchange(_ line: [UInt8], deadline: DispatchTime) -> Outcome {
    if outputOpen { pump(writing: [], timeoutMilliseconds: 0) }
    buffered.removeAll()
    var pending = line[...]
    while true {
      if pending.isEmpty || !inputOpen, let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        var answer = Array(buffered[..<end])
        buffered.removeSubrange(...end)
        if answer.last == UInt8(ascii: "\r") { answer.removeLast() }
        return .line(answer)
      }
      guard outputOpen else { return .ended(endDescription(before: deadline)) }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline.uptimeNanoseconds else { return .timeout }
      // Rounded up, so the last poll does not spin on a zero timeout.
      let milliseconds = Int32(min((deadline.uptimeNanoseconds - now + 999_999) / 1_000_000, UInt64(Int32.max)))
      let written = pump(writing: inputOpen ? pending : [], timeoutMilliseconds: milliseconds)
      pending = pending.dropFirst(written)
    }
  }

  /// One poll of the pipes: writes what it can of `bytes`, reads what is ready; returns how
  /// many bytes were written.
  @discardableResult
  private func pump(writing bytes: ArraySlice<UInt8>, timeoutMilliseconds: Int32) -> Int {
    var fds: [pollfd] = []
    let inputFD = input.fileHandleForWriting.fileDescriptor
    let outputFD = output.fileHandleForReading.fileDescriptor
    let errorFD = errors.fileHandleForReading.fileDescriptor
    if !bytes.isEmpty { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
    if outputOpen { fds.append(pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)) }
    if errorsOpen { fds.append(pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)) }
    guard !fds.isEmpty else { return 0 }
    let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
    guard ready > 0 else { return 0 }
    var written = 0
    for entry in fds where entry.revents != 0 {
      switch entry.fd {
      case inputFD: written = write(bytes)
      case outputFD: if !read(outputFD, into: &buffered) { outputOpen = false }
      default:
        if !read(errorFD, into: &errorTail) { errorsOpen = false }
        if errorTail.count > Self.errorTailLimit { errorTail.removeFirst(errorTail.count - Self.errorTailLimit) }
      }
    }
    return written
  }

  /// Reads what is ready from `fd`; false at the end of the stream.
  private func read(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(fd, &chunk, chunk.count)
      #else
        let count = Darwin.read(fd, &chunk, chunk.count)
      #endif
      if count > 0 {
        buffer += chunk[..<count]
        return true
      }
      if count < 0, errno == EINTR { continue }
      return false
    }
  }

  /// Writes what the pipe takes of `bytes` without blocking; returns how many were written.
  private func write(_ bytes: ArraySlice<UInt8>) -> Int {
    let fd = input.fileHandleForWriting.fileDescriptor
    while true {
      let count = Self.writeWithoutSIGPIPE(fd, bytes)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      // EPIPE: the command closed its input; what it wrote, and its exit, tell the rest.
      if errno != EAGAIN { inputOpen = false }
      return 0
    }
  }

  #if canImport(Glibc)
    /// write(2) with SIGPIPE blocked on this thread, and a SIGPIPE it raised consumed, so a
    /// command that exits is an error here rather than the end of the simulator.
    private static func writeWithoutSIGPIPE(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      var previousMask = sigset_t()
      pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
      defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
      var pendingBefore = sigset_t()
      sigpending(&pendingBefore)
      let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      let savedErrno = errno
      if count < 0, savedErrno == EPIPE, sigismember(&pendingBefore, SIGPIPE) == 0 {
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&pipeSignal, nil, &noWait)
      }
      errno = savedErrno
      return count
    }
  #else
    /// write(2); F_SETNOSIGPIPE on the descriptor already turns SIGPIPE into EPIPE.
    private static func writeWithoutSIGPIPE(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
      bytes.withUnsafeBytes { Darwin.write(fd, $0.baseAddress, $0.count) }
    }
  #endif

  // MARK: - Ending

  /// Why the output ended: the exit status once the command has exited (waiting until
  /// `deadline` at most), with the last line it wrote to standard error.
  private func endDescription(before deadline: DispatchTime) -> String {
    var why: String
    if let status = exitSignal.wait(until: deadline) {
      why = status.signalled ? "the command was killed by signal \(status.code)" : "the command exited with status \(status.code)"
    } else {
      why = "the command closed its standard output"
    }
    // What it wrote to standard error before exiting is waiting in the pipe: its last words.
    let errorFD = errors.fileHandleForReading.fileDescriptor
    while errorsOpen {
      var probe = pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)
      guard poll(&probe, 1, 0) > 0 else { break }
      if !read(errorFD, into: &errorTail) { errorsOpen = false }
    }
    if let last = lastErrorLine() { why += ": \(last)" }
    return why
  }

  /// The last non-empty line of standard error, cut to 200 characters.
  private func lastErrorLine() -> String? {
    let text = String(decoding: errorTail, as: UTF8.self)
    guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else {
      return nil
    }
    return line.count > 200 ? String(line.prefix(200)) + "…" : String(line)
  }

  /// Ends the command: with `graceful`, it is sent end of input and given until `deadline` to
  /// exit; then it and any processes it started are killed, and its pipes are closed.
  package func stop(graceful: Bool, deadline: DispatchTime) {
    try? input.fileHandleForWriting.close()
    inputOpen = false
    let pid = process.processIdentifier
    if pid > 0, !graceful || exitSignal.wait(until: deadline) == nil {
      // Foundation starts the command in its own process group (on Linux), so this also ends
      // what it started, such as a `sleep` in a shell loop; the second kill covers systems
      // where the group does not exist.
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
      _ = exitSignal.wait(until: .now() + 5)
    } else if pid > 0 {
      // It exited by itself; what it left running in the background (`model &`) would outlive
      // the run.
      kill(-pid, SIGKILL)
    }
    try? output.fileHandleForReading.close()
    try? errors.fileHandleForReading.close()
    outputOpen = false
    errorsOpen = false
  }

  // MARK: - Helpers

  /// The executable a command name stands for: a path (relative to the working directory) when
  /// it contains a slash, otherwise the first match on PATH.
  private static func executablePath(_ name: String, workingDirectory: URL?) -> String? {
    let files = FileManager.default
    if name.contains("/") {
      let base = workingDirectory?.path ?? files.currentDirectoryPath
      let path = name.hasPrefix("/") ? name : base + "/" + name
      return files.isExecutableFile(atPath: path) ? path : nil
    }
    let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in searchPath.split(separator: ":") where !directory.isEmpty {
      let path = directory + "/" + name
      var isDirectory: ObjCBool = false
      if files.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        files.isExecutableFile(atPath: path)
      {
        return path
      }
    }
    return nil
  }

  private static func describe(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain, let text = strerror(Int32(error.code)) { return String(cString: text) }
    return error.localizedDescription
  }
}

/// The command's exit status, handed from Foundation's termination callback to the waiting
/// conversation.
private final class ExitSignal: @unchecked Sendable {
  struct Status {
    let code: Int32
    let signalled: Bool
  }

  private let condition = NSCondition()
  private var status: Status?

  func signal(status code: Int32, signalled: Bool) {
    condition.lock()
    status = Status(code: code, signalled: signalled)
    condition.broadcast()
    condition.unlock()
  }

  /// The status once the command has exited, or nil if it is still running at `deadline`.
  func wait(until deadline: DispatchTime) -> Status? {
    condition.lock()
    defer { condition.unlock() }
    while status == nil {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline.uptimeNanoseconds else { return nil }
      let seconds = Double(deadline.uptimeNanoseconds - now) / 1e9
      _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }
    return status
  }
}
