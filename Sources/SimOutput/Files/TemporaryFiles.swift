import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files this process is writing, so that an interrupted run can remove them, and
/// the stale ones of dead processes, which a later run into the same folder removes; and the
/// scratch folders it works in, which an interruption removes too.
///
/// A temporary file is named `.<final name>.<process ID>.tmp` and sits beside its final file
/// until it is renamed into place. The library never handles signals itself: the command line
/// catches them and calls ``removeAll()`` before it exits.
public final class TemporaryFiles: @unchecked Sendable {
  /// The registry of this process.
  public static let shared = TemporaryFiles()

  // Recursive: ``uninterrupted(_:)`` holds it while the files it renames unregister themselves.
  private let lock = NSRecursiveLock()
  private var paths: Set<String> = []
  /// Scratch folders of this process, removed whole on an interruption.
  private var folders: Set<String> = []
  /// Folders already cleared of stale temporary files.
  private var swept: Set<String> = []
  /// Set by ``removeAll()``: the process is ending, and creates no more.
  private var sealed = false

  private init() {}

  /// An error number of the system, as it words it.
  package struct SystemError: Error {
    /// The `errno` value.
    package let number: Int32
    /// "no space left on device": strerror(3) in lowercase, as in every message.
    package var reason: String { number == EINTR ? "interrupted" : String(cString: strerror(number)).lowercased() }
  }

  /// The temporary path of `final` for this process.
  package static func path(for final: URL) -> URL {
    final.deletingLastPathComponent()
      .appendingPathComponent(".\(final.lastPathComponent).\(getpid()).tmp")
  }

  /// Creates `temporary` empty (replacing a file of that name) and registers it; returns its
  /// descriptor, open for writing, or the system's error number: `EINTR` when the process is
  /// being interrupted. The first file in a folder first removes the folder's stale ones.
  package func create(_ temporary: URL) -> Result<Int32, SystemError> {
    lock.withLock {
      guard !sealed else { return .failure(SystemError(number: EINTR)) }
      let folder = temporary.deletingLastPathComponent().standardizedFileURL.path
      if swept.insert(folder).inserted { Self.removeStale(in: folder) }
      // O_NOFOLLOW: a link planted under the temporary name must not redirect the output.
      let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
      guard fd >= 0 else { return .failure(SystemError(number: errno)) }
      paths.insert(temporary.path)
      return .success(fd)
    }
  }

  /// Creates `folder`, a scratch folder of this process, and registers it, so that an
  /// interruption removes it with everything in it; nil when created, else why not (`EINTR`
  /// when the process is being interrupted).
  package func createFolder(_ folder: URL) -> SystemError? {
    lock.withLock {
      guard !sealed else { return SystemError(number: EINTR) }
      guard mkdir(folder.path, 0o777) == 0 else { return SystemError(number: errno) }
      folders.insert(folder.path)
      return nil
    }
  }

  /// Registers `folder`, about to be created by a copy, as a scratch folder (see
  /// ``createFolder(_:)``); false when the process is being interrupted.
  package func registerFolder(_ folder: URL) -> Bool {
    lock.withLock {
      guard !sealed else { return false }
      folders.insert(folder.path)
      return true
    }
  }

  /// Removes the scratch folder `folder` with everything in it, and forgets it.
  package func removeFolder(_ folder: URL) {
    lock.withLock {
      try? FileManager.default.removeItem(at: folder)
      folders.remove(folder.path)
    }
  }

  /// Forgets the scratch folder `folder`, renamed into place.
  package func unregisterFolder(_ folder: URL) {
    _ = lock.withLock { folders.remove(folder.path) }
  }

  /// Forgets `temporary`, renamed into place or removed.
  package func unregister(_ temporary: URL) {
    _ = lock.withLock { paths.remove(temporary.path) }
  }

  /// Runs `body`, renames of a set of outputs, with ``removeAll()`` waiting until it is done:
  /// an interruption leaves the whole old set or the whole new one, never a mix.
  package func uninterrupted<T>(_ body: () throws(RunDirectoryWriter.WriteError) -> T) throws(RunDirectoryWriter.WriteError) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Removes every temporary file being written and every scratch folder, and refuses new ones;
  /// returns how many files were removed. Called as the process ends on a signal; safe from any
  /// thread.
  @discardableResult
  public func removeAll() -> Int {
    lock.withLock {
      sealed = true
      let removed = paths.filter { unlink($0) == 0 }.count
      paths.removeAll()
      for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
      folders.removeAll()
      return removed
    }
  }

  /// The paths being written, sorted.
  public var inFlight: [String] { lock.withLock { paths.sorted() } }

  /// Removes from `folder` the temporary files of processes that no longer run (left by a
  /// killed run) and returns their names; files of live processes, this one's and any other
  /// file are left alone.
  @discardableResult
  public static func removeStale(in folder: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    var removed: [String] = []
    for name in names.sorted() {
      guard let pid = processID(inTemporaryName: name), pid != getpid(), !isRunning(pid) else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      var info = stat()
      // Only regular files: a folder or link of that name is not one of ours.
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
      removed.append(name)
    }
    return removed
  }

  /// The process ID in a name of the form `.<name>.<pid>.tmp`, or nil for any other name.
  package static func processID(inTemporaryName name: String) -> pid_t? {
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
    let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, let last = parts.last, !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber }),
      parts.dropLast().contains(where: { !$0.isEmpty }),
      let pid = pid_t(last), pid > 0
    else { return nil }
    return pid
  }

  /// Whether a process with this ID exists (one of another user counts as running).
  private static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
  }
}
