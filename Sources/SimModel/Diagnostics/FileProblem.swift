import Foundation

/// Why a file could not be read or written, in plain words: never a Foundation error code.
public struct FileProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    case noSuchFile
    case isDirectory
    case permissionDenied
    /// The bytes are not UTF-8; `byteOffset` is where the first bad sequence starts.
    case notUTF8(byteOffset: Int)
    /// Anything else, as the operating system words it.
    case other(String)
  }

  /// The file, as the user named it.
  public var path: String
  /// What went wrong.
  public var kind: Kind

  /// A problem with `path`.
  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  /// Lowercase reason without the path, e.g. "is a directory".
  public var reason: String {
    switch kind {
    case .noSuchFile: "no such file"
    case .isDirectory: "is a directory"
    case .permissionDenied: "permission denied"
    case .notUTF8(let offset): "is not UTF-8 text (byte offset \(offset))"
    case .other(let text): text
    }
  }

  /// Whether the file was there and readable but its bytes are wrong (a data problem), rather
  /// than missing or unreadable.
  public var isContentProblem: Bool {
    if case .notUTF8 = kind { return true }
    return false
  }

  /// "PATH: reason".
  public var description: String { "\(path): \(reason)" }

  /// The text of the file at `path`, which must be UTF-8.
  public static func readText(_ path: String) throws(FileProblem) -> String {
    let bytes = try readBytes(path)
    do {
      return try UTF8Text.decode(bytes)
    } catch {
      throw FileProblem(path: path, kind: .notUTF8(byteOffset: error.byteOffset))
    }
  }

  /// The bytes of the file at `path`, whatever they are.
  public static func readBytes(_ path: String) throws(FileProblem) -> [UInt8] {
    if let kind = notAFile(path) { throw FileProblem(path: path, kind: kind) }
    do {
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw FileProblem(path: path, error: error)
    }
  }

  /// What `path` is when it is not a file to read (a folder, a FIFO, a device, a socket), said
  /// as such: Foundation calls all but the first "permission denied". Nil for a regular file or
  /// one that is not there (the reading says so).
  package static func notAFile(_ path: String) -> Kind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if info.st_mode & S_IFMT == S_IFDIR { return .isDirectory }
    return special(mode: info.st_mode).map { .other("is a \($0), not a regular file") }
  }

  /// "FIFO", "device" or "socket" when `path` (followed) is one, so a message says what stands there.
  private static func special(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return special(mode: info.st_mode)
  }

  /// "FIFO", "device" or "socket" for a file of `mode`; nil for a regular file or a folder.
  private static func special(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFIFO: return "FIFO"
    case S_IFCHR, S_IFBLK: return "device"
    case S_IFSOCK: return "socket"
    default: return nil
    }
  }

  /// The problem behind a Foundation error about `path`, read or written.
  public init(path: String, error: any Error) {
    self.path = path
    let nsError = error as NSError
    // Foundation's own codes first, then the POSIX error under them; its description as a last
    // resort, which carries no code.
    let posix = nsError.domain == NSPOSIXErrorDomain ? nsError : nsError.userInfo[NSUnderlyingErrorKey] as? NSError
    switch (nsError.domain, nsError.code, posix?.domain == NSPOSIXErrorDomain ? posix?.code : nil) {
    case (_, _, Int(ENOENT)?), (NSCocoaErrorDomain, NSFileReadNoSuchFileError, _),
      (NSCocoaErrorDomain, NSFileNoSuchFileError, _):
      kind = .noSuchFile
    case (_, _, Int(EISDIR)?):
      kind = .isDirectory
    case (_, _, Int(EACCES)?), (_, _, Int(EPERM)?), (NSCocoaErrorDomain, NSFileReadNoPermissionError, _),
      (NSCocoaErrorDomain, NSFileWriteNoPermissionError, _):
      kind = .permissionDenied
    case (NSCocoaErrorDomain, NSFileWriteFileExistsError, _), (_, _, Int(EEXIST)?):
      kind = .other("a \(Self.special(path) ?? "file") of that name is in the way")
    case (_, _, let code?):
      kind = .other(String(cString: strerror(Int32(code))).lowercased())
    case (NSCocoaErrorDomain, NSFileWriteOutOfSpaceError, _):
      kind = .other("no space left on device")
    case (NSCocoaErrorDomain, NSFileWriteVolumeReadOnlyError, _):
      kind = .other("read-only file system")
    default:
      kind = .other(nsError.domain == NSCocoaErrorDomain ? "cannot be read or written" : nsError.localizedDescription)
    }
  }

  /// The plain reason `path` could not be created or written, for messages that name it: a
  /// file standing where a folder on the way should be is named, since Foundation says only
  /// that the operation failed.
  public static func reason(writing path: String, _ error: any Error) -> String {
    fileInTheWay(of: (path as NSString).deletingLastPathComponent) ?? FileProblem(path: path, error: error).reason
  }

  /// Names the file standing where folder `path`, or a folder on its way, should be; nil when
  /// none does (the nearest existing one is a folder), so a command can refuse before working.
  public static func fileInTheWay(of path: String) -> String? {
    var ancestor = path
    while !ancestor.isEmpty, ancestor != "/" {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
        return isDirectory.boolValue ? nil : "'\(ancestor)' is a \(special(ancestor) ?? "file"), not a folder"
      }
      ancestor = (ancestor as NSString).deletingLastPathComponent
    }
    return nil
  }
}
