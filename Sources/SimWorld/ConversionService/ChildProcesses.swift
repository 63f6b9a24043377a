import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The programs this process has started and not yet seen end, so that an interrupted run can
/// stop them instead of leaving them running after it exits.
///
/// The library never handles signals itself: the command line catches them and calls
/// ``terminateAll()`` before it exits.
public final class ChildProcesses: @unchecked Sendable {
  /// The registry of this process.
  public static let shared = ChildProcesses()

  private let lock = NSLock()
  private var running: Set<Int32> = []
  /// Set by ``terminateAll()``: the process is ending, so nothing more may start.
  private var stopping = false

  /// An empty registry; the process has one, ``shared`` (tests make their own).
  package init() {}

  /// Starts `process` and records it under one lock, so that ``terminateAll()`` either comes
  /// first (and nothing starts) or sees it: a signal taken between starting and recording would
  /// otherwise leave the program running after the run exits.
  ///
  /// - Throws: `process.run()`'s error, or ``Stopping`` once ``terminateAll()`` has run.
  package func start(_ process: Process) throws {
    try lock.withLock {
      if stopping { throw Stopping() }
      try process.run()
      running.insert(process.processIdentifier)
    }
  }

  /// The process is ending: no program may start.
  package struct Stopping: Error, CustomStringConvertible {
    package var description: String { "the run is ending" }
  }

  /// Forgets a program that has ended.
  package func ended(_ pid: Int32) { lock.withLock { _ = running.remove(pid) } }

  /// Sends SIGTERM to every program still running; returns how many were asked to stop.
  @discardableResult
  public func terminateAll() -> Int {
    lock.withLock {
      stopping = true
      for pid in running { kill(pid, SIGTERM) }
      defer { running.removeAll() }
      return running.count
    }
  }
}
