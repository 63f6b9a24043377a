import Dispatch
import Foundation
import SimJSON
import SimWorld

/// A conversion-value service run as a local command that talks JSON lines: for each request
/// it reads one line, a JSON object of the request's parameters, and writes one line, an answer
/// read like an HTTP endpoint's body (Docs/conversion-services.md).
///
/// The command starts at the first request and serves every later one; requests are answered
/// one at a time, in the order they take the service's lock. A command that cannot start fails
/// every request as `.unreachable` without trying again. A command that exits fails the
/// request in hand as `.unreachable`, and one that does not answer within `timeout` seconds
/// fails it as `.timeout` and is killed, since its next line could be this late answer; either
/// way a fresh copy starts at the next request. After ``failureLimit`` such failures in a row
/// the command is not started again: every later request fails at once as `.unreachable`,
/// saying so, rather than waiting out a dead or hung model's timeout on each. Its standard error
/// is read and kept only for messages: the last line it wrote is part of an exit's description.
public final class CommandConversionService: ConversionService, @unchecked Sendable {
  /// The executable (a path, or a name looked up on PATH) and its arguments.
  public let command: [String]
  /// Where the command runs, and what a relative executable path is relative to; nil for the
  /// simulator's current directory.
  public let workingDirectory: URL?
  /// Seconds to wait for each answer, and for the command to exit after ``close()``.
  public let timeout: Double

  private let lock = NSLock()
  private var running: CommandProcess?
  /// Why the command could not start: it will not start later either.
  private var launchFailure: String?
  private var launchCount = 0
  private var closed = false
  /// Timeouts and exits since the last answer.
  private var failuresInARow = 0
  /// Why the command is no longer started, once it has failed ``failureLimit`` times in a row.
  private var abandoned: String?

  /// Timeouts or exits in a row after which the command is not started again.
  public static let failureLimit = 3

  /// A service that runs `command` in `workingDirectory` and waits `timeout` seconds for each
  /// answer; nothing starts until the first request.
  public init(command: [String], workingDirectory: URL? = nil, timeout: Double) {
    precondition(timeout > 0, "a conversion service's timeout must be positive")
    self.command = command
    self.workingDirectory = workingDirectory
    self.timeout = timeout
  }

  deinit { close() }

  /// How many times the command has been started.
  public var launches: Int { lock.withLock { launchCount } }

  /// Why the command is no longer started, once it has failed ``failureLimit`` times in a row;
  /// nil while it is.
  public var abandonment: String? { lock.withLock { abandoned } }

  /// Sends the request as one line and waits for the command's line, at most `timeout` seconds.
  public func answer(_ request: ConversionRequest) -> ConversionAnswer {
    lock.lock()
    defer { lock.unlock() }
    guard !closed else { return .failed(.unreachable("the command service was closed")) }
    if let launchFailure { return .failed(.unreachable(launchFailure)) }
    if let abandoned { return .failed(.unreachable(abandoned)) }
    let process: CommandProcess
    if let running {
      process = running
    } else {
      switch CommandProcess.launch(command, workingDirectory: workingDirectory) {
      case .success(let started):
        launchCount += 1
        running = started
        process = started
      case .failure(let failure):
        launchFailure = failure.message
        return .failed(.unreachable(failure.message))
      }
    }
    switch process.exchange(Self.line(for: request), deadline: .now() + timeout) {
    case .line(let line):
      failuresInARow = 0
      return ConversionAnswer(json: Data(line))
    case .timeout:
      process.stop(graceful: false, deadline: .now())
      running = nil
      countFailure("no answer within \(Self.seconds(timeout))")
      return .failed(.timeout)
    case .ended(let why):
      process.stop(graceful: false, deadline: .now())
      running = nil
      countFailure(why)
      return .failed(.unreachable(why))
    }
  }

  /// Counts a timeout or an exit; at ``failureLimit`` in a row, gives the command up.
  private func countFailure(_ why: String) {
    failuresInARow += 1
    guard failuresInARow >= Self.failureLimit else { return }
    abandoned = "not started again after \(failuresInARow) failures in a row (the last: \(why))"
  }

  /// "1 s", "0.5 s": a timeout for messages.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
  }

  /// Ends the command: closes its input, gives it `timeout` seconds to exit, then kills it.
  /// Later requests are answered `.failed(.unreachable)`.
  public func close() {
    lock.lock()
    defer { lock.unlock() }
    closed = true
    running?.stop(graceful: true, deadline: .now() + timeout)
    running = nil
  }

  /// The request as one line: a JSON object of its parameters with sorted keys; a name given
  /// twice keeps its first value, as ``ConversionRequest``'s subscript does.
  package static func line(for request: ConversionRequest) -> [UInt8] {
    var object: [String: JSONValue] = [:]
    for parameter in request.parameters where object[parameter.name] == nil {
      object[parameter.name] = .string(parameter.value)
    }
    var bytes: [UInt8] = []
    JSONValue.object(object).write(to: &bytes)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }
}
