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

  /// Seconds a program has to end after SIGTERM before it is killed.
  public static let gracePeriod = 1.0

  /// Stops every program still running, with whatever it started: SIGTERM to each one's process
  /// group, then, for groups still alive after ``gracePeriod`` seconds (a program that ignores
  /// SIGTERM, or a child it left in the background), SIGKILL. Returns how many were asked to stop.
  @discardableResult
  public func terminateAll() -> Int {
    let groups = lock.withLock {
      stopping = true
      defer { running.removeAll() }
      return running
    }
    // Each program leads a process group of its own (Foundation starts it so on Linux); the
    // second kill covers systems where it does not.
    for pid in groups {
      kill(-pid, SIGTERM)
      kill(pid, SIGTERM)
    }
    let deadline = Date().addingTimeInterval(Self.gracePeriod)
    var alive = groups
    while !alive.isEmpty, Date() < deadline {
      alive = alive.filter { kill(-$0, 0) == 0 || kill($0, 0) == 0 }
      if !alive.isEmpty { usleep(20_000) }
    }
    for pid in alive {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
    }
    return groups.count
  }
}
