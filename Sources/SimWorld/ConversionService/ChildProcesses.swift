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

  private init() {}

  /// Records a started program.
  package func started(_ pid: Int32) { lock.withLock { _ = running.insert(pid) } }

  /// Forgets a program that has ended.
  package func ended(_ pid: Int32) { lock.withLock { _ = running.remove(pid) } }

  /// Sends SIGTERM to every program still running; returns how many were asked to stop.
  @discardableResult
  public func terminateAll() -> Int {
    lock.withLock {
      for pid in running { kill(pid, SIGTERM) }
      defer { running.removeAll() }
      return running.count
    }
  }
}
