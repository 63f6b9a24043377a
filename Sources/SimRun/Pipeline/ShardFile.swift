import Foundation
import SimModel

/// Opens the files of shard folders for reading: only regular files, so that a FIFO, a device or
/// a folder standing where a shard file belongs is refused, naming it, instead of blocking a
/// merge for ever or reading endless bytes.
package enum ShardFile {
  /// A handle on the regular file at `url`, which should be `what` ("the shard's drafts");
  /// fails naming the file, what it is instead, and what was expected.
  package static func handle(_ url: URL, what: String) throws(ShardFailure) -> FileHandle {
    // Non-blocking, so that opening a FIFO with no writer returns at once; checked on the open
    // descriptor, so that nothing can swap the file in between.
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      let reason = code == ENOENT ? "no such file" : String(cString: strerror(code)).lowercased()
      throw ShardFailure(
        description: "\(url.path): \(reason) (expected \(what))",
        kind: code == ENOENT || code == EACCES || code == ENOTDIR ? .missing : .badShard)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      let found = kindName(info.st_mode)
      close(descriptor)
      throw ShardFailure(description: "\(url.path): is \(found), not a regular file (expected \(what))")
    }
    // Reads of a regular file never wait, but the flag goes so that none can fail with EAGAIN.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// A line reader over the regular file at `url` (see ``handle(_:what:)``).
  package static func lines(_ url: URL, what: String) throws(ShardFailure) -> LineReader {
    LineReader(handle: try handle(url, what: what))
  }

  /// The bytes of the regular file at `url` (see ``handle(_:what:)``).
  package static func contents(_ url: URL, what: String) throws(ShardFailure) -> Data {
    let file = try handle(url, what: what)
    defer { try? file.close() }
    do {
      return try file.readToEnd() ?? Data()
    } catch {
      throw ShardFailure(description: "\(url.path): \(FileProblem(path: url.path, error: error).reason) (expected \(what))")
    }
  }

  /// The UTF-8 text of the regular file at `url` (see ``handle(_:what:)``).
  package static func text(_ url: URL, what: String) throws(ShardFailure) -> String {
    let data = try contents(url, what: what)
    guard let text = String(data: data, encoding: .utf8) else {
      throw ShardFailure(description: "\(url.path): is not UTF-8 text (expected \(what))")
    }
    return text
  }

  /// The kind of a file that is not a regular one, for messages.
  private static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }
}
