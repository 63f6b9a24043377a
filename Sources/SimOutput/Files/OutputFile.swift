import Foundation
import SimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One output file named on the command line (`decode --out`, `calibrate --out`, `verify
/// --junit`): a regular file, or a new one, is replaced whole through a temporary file and a
/// rename; a character device or FIFO (`/dev/null`, a pipe) is written through, never replaced,
/// and `-`, `/dev/stdout` and `/dev/fd/N` are written on the descriptor this process holds. Its
/// folder must exist: nothing is created but the file.
public struct OutputFile {
  /// How the file is written.
  enum Way: Equatable {
    /// Through a temporary file renamed onto this path: the link's target for a link.
    case replace(String)
    /// Opened and written in place: a device, a FIFO, or what a link into /dev or /proc names.
    case through
    /// A descriptor this process holds: 1 for `-` and `/dev/stdout`, N for `/dev/fd/N`. Written
    /// on it, at its offset: opening the path anew would start at the file's beginning and
    /// overwrite what the process printed there.
    case descriptor(Int32)
  }

  /// The path as the user named it.
  public let path: String

  /// The output at `path`.
  public init(_ path: String) {
    self.path = path
  }

  /// Whether the output goes to this process's standard output (`-`), so that a command prints
  /// nothing else there about it.
  public var isStandardOutput: Bool { path == "-" }

  /// Why the file cannot be written, found before any work (its folder is missing, it is a
  /// folder, a block device or a socket); nil when it can.
  public func obstacle() -> RunDirectoryWriter.WriteError? {
    switch way() {
    case .success: nil
    case .failure(let error): error
    }
  }

  /// Writes `text` as the whole file: replaced atomically when it is a regular file (or none),
  /// written through when it is a device, a FIFO (which a program must be reading) or `-`.
  public func write(_ text: String) throws(RunDirectoryWriter.WriteError) {
    switch way() {
    case .failure(let error):
      throw error
    case .success(.replace(let target)):
      let url = URL(fileURLWithPath: target)
      var file = try BufferedFile(final: url)
      do {
        try file.append(text)
        try file.moveIntoPlace()
        try BufferedFile.synchronizeFolder(url.deletingLastPathComponent())
      } catch {
        file.discard()
        throw error
      }
    case .success(.through):
      try writeThrough(text)
    case .success(.descriptor(let descriptor)):
      try writeAll(text, to: descriptor, shown: isStandardOutput ? "standard output" : path)
    }
  }

  /// How `path` is written, following links: what a link into /dev or /proc names (as
  /// `/dev/stdout` does) is written through whatever it is, since replacing it would replace a
  /// system entry or another program's file.
  func way() -> Result<Way, RunDirectoryWriter.WriteError> {
    if let descriptor = Self.descriptor(named: path) { return .success(.descriptor(descriptor)) }
    var current = path
    var system = Self.isSystemPath(current)
    var info = stat()
    // A bound on the chain, as the system's own (ELOOP).
    for _ in 0..<40 {
      guard lstat(current, &info) == 0 else {
        guard errno == ENOENT || errno == ENOTDIR else { return .failure(problem(Self.reason(errno), cannotCreate: true)) }
        return newFile(at: current, system: system)
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { break }
      // A link to /dev/stdout or /dev/fd/N: that descriptor, not what it is open on.
      if let descriptor = Self.descriptor(named: current) { return .success(.descriptor(descriptor)) }
      guard let target = Self.linkTarget(current) else { return .failure(problem(Self.reason(errno), cannotCreate: true)) }
      current = target.hasPrefix("/") ? target : Self.folder(of: current) + target
      system = system || Self.isSystemPath(current)
    }
    switch info.st_mode & S_IFMT {
    case S_IFLNK:
      return .failure(problem("too many levels of symbolic links", cannotCreate: true))
    case S_IFREG:
      return .success(system ? .through : .replace(current))
    case S_IFCHR, S_IFIFO:
      return .success(.through)
    case S_IFDIR:
      return .failure(problem("is a directory (expected a file path)"))
    case S_IFBLK:
      return .failure(problem("is a block device; attrsim writes only files, character devices and FIFOs", cannotCreate: true))
    case S_IFSOCK:
      return .failure(problem("is a socket; attrsim writes only files, character devices and FIFOs", cannotCreate: true))
    default:
      return .failure(problem("is not a file", cannotCreate: true))
    }
  }

  /// A file to be created at `target` (the path, or where its links lead): its folder must exist.
  private func newFile(at target: String, system: Bool) -> Result<Way, RunDirectoryWriter.WriteError> {
    let folder = Self.folder(of: target).isEmpty ? "." : String(Self.folder(of: target).dropLast())
    var info = stat()
    guard stat(folder.isEmpty ? "/" : folder, &info) == 0 else {
      return .failure(
        problem(
          errno == ENOENT ? "no such folder '\(folder)' (attrsim creates the file, not its folder)" : Self.reason(errno),
          cannotCreate: true))
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      return .failure(problem("'\(folder)' is not a folder", cannotCreate: true))
    }
    if system {
      return .failure(problem("no such device or file; attrsim creates no file in /dev or /proc", cannotCreate: true))
    }
    return .success(.replace(target))
  }

  /// Opens the path as it is (O_NONBLOCK, so a FIFO that no program reads is refused rather than
  /// waited on) and writes `text` at its end.
  private func writeThrough(_ text: String) throws(RunDirectoryWriter.WriteError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENXIO { throw problem("is a FIFO that no program is reading", cannotCreate: true) }
      throw problem(Self.reason(errno), cannotCreate: true)
    }
    defer { close(descriptor) }
    // Written whole from here on: a slow reader is waited for.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    try writeAll(text, to: descriptor, shown: path)
  }

  private func writeAll(_ text: String, to descriptor: Int32, shown: String) throws(RunDirectoryWriter.WriteError) {
    do {
      try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
    } catch {
      throw RunDirectoryWriter.WriteError(description: "cannot write '\(shown)': \(FileProblem(path: shown, error: error).reason)")
    }
  }

  private func problem(_ reason: String, cannotCreate: Bool = false) -> RunDirectoryWriter.WriteError {
    RunDirectoryWriter.WriteError(description: "cannot write '\(path)': \(reason)", cannotCreate: cannotCreate)
  }

  /// The system's words for `number`, lowercase as in every message.
  static func reason(_ number: Int32) -> String {
    String(cString: strerror(number)).lowercased()
  }

  /// The descriptor `path` names: `-` and `/dev/stdout` standard output, `/dev/stderr` standard
  /// error, `/dev/fd/N` and `/proc/self/fd/N` descriptor N; nil for any other path, and for a
  /// descriptor this process does not hold.
  static func descriptor(named path: String) -> Int32? {
    let number: Int32?
    switch path {
    case "-", "/dev/stdout": number = STDOUT_FILENO
    case "/dev/stderr": number = STDERR_FILENO
    default:
      let prefix = ["/dev/fd/", "/proc/self/fd/"].first { path.hasPrefix($0) }
      number = prefix.flatMap { Int32(path.dropFirst($0.count)) }
    }
    guard let number, fcntl(number, F_GETFD) >= 0 else { return nil }
    return number
  }

  /// The folder part of `path` up to and with its last `/` ("" for a bare name): a link's
  /// relative target is relative to it. (NSString's path methods trap on some such chains.)
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// Whether `path` is in /dev or /proc, where entries are the system's (but not in /dev/shm,
  /// a folder for ordinary files).
  private static func isSystemPath(_ path: String) -> Bool {
    guard !path.hasPrefix("/dev/shm/") else { return false }
    return path == "/dev" || path == "/proc" || path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
  }

  /// The text of the link at `path`, or nil with errno set.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
