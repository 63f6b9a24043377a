import Foundation
import SimJSON
import SimModel

/// A file written through a buffer to a temporary path, then made durable and renamed to its
/// final path; the temporary file is registered in ``TemporaryFiles`` while it exists.
package struct BufferedFile {
  package let final: URL
  package let temporary: URL
  private var handle: FileHandle?
  /// UTF-8 bytes: values are written straight into it, with no text in between.
  private var buffer: [UInt8] = []
  /// Whether the written bytes have reached the disk since the last write.
  private var synchronized = false

  package init(final: URL) throws(RunDirectoryWriter.WriteError) {
    self.final = final
    // The process ID keeps concurrent runs into one folder from sharing a temporary file.
    temporary = TemporaryFiles.path(for: final)
    switch TemporaryFiles.shared.create(temporary) {
    case .success(let descriptor):
      handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    case .failure(let error):
      // The output asked for first, with the system's reason; the temporary name last.
      throw RunDirectoryWriter.WriteError(
        description: "cannot create '\(final.path)': \(error.reason) (while creating its temporary file "
          + "'\(temporary.lastPathComponent)')",
        cannotCreate: true)
    }
    buffer.reserveCapacity(1 << 20)
  }

  package mutating func appendLine(_ value: JSONValue) throws(RunDirectoryWriter.WriteError) {
    value.write(to: &buffer, pretty: false)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Adds `text`; the bytes go out a mebibyte at a time, and all of them by ``moveIntoPlace()``.
  package mutating func append(_ text: String) throws(RunDirectoryWriter.WriteError) {
    buffer += text.utf8
    if buffer.count >= 1 << 20 { try flush() }
  }

  private mutating func flush() throws(RunDirectoryWriter.WriteError) {
    guard let handle, !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot write '\(final.path)': \(FileProblem.reason(writing: final.path, error))")
    }
    buffer.removeAll(keepingCapacity: true)
    synchronized = false
  }

  /// Writes out the buffer and waits until the file's bytes are on disk (fsync), so that the
  /// rename cannot put an empty or partial file in place of a complete one after a crash.
  package mutating func synchronize() throws(RunDirectoryWriter.WriteError) {
    try flush()
    guard let handle, !synchronized else { return }
    do {
      try handle.synchronize()
    } catch {
      throw RunDirectoryWriter.WriteError(description: "cannot write '\(final.path)' to disk: \(FileProblem.reason(writing: final.path, error))")
    }
    synchronized = true
  }

  package mutating func moveIntoPlace() throws(RunDirectoryWriter.WriteError) {
    try synchronize()
    do {
      try handle?.close()
      handle = nil
      // rename(2) replaces the target atomically; FileManager's move refuses to overwrite.
      guard rename(temporary.path, final.path) == 0 else {
        throw RunDirectoryWriter.WriteError(
          description: "cannot move output into '\(final.path)': \(String(cString: strerror(errno)))")
      }
      TemporaryFiles.shared.unregister(temporary)
    } catch let error as RunDirectoryWriter.WriteError {
      throw error
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot close '\(final.path)': \(FileProblem.reason(writing: final.path, error))")
    }
  }

  /// Makes the renames into `folder` durable (fsync of the folder); where a folder cannot be
  /// opened for that, the renames are as durable as the system makes them.
  package static func synchronizeFolder(_ folder: URL) throws(RunDirectoryWriter.WriteError) {
    let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
    guard fd >= 0 else { return }
    defer { close(fd) }
    guard fsync(fd) == 0 || errno == EINVAL else {
      throw RunDirectoryWriter.WriteError(
        description: "cannot write folder '\(folder.path)' to disk: \(String(cString: strerror(errno)))")
    }
  }

  /// Writes `text` to `url` whole, through a temporary file and a rename, creating its folder.
  package static func write(_ text: String, to url: URL) throws(RunDirectoryWriter.WriteError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot create folder '\(folder.path)': \(FileProblem.reason(writing: folder.path, error))",
        cannotCreate: true)
    }
    var file = try BufferedFile(final: url)
    do {
      try file.append(text)
      try file.moveIntoPlace()
      try synchronizeFolder(url.deletingLastPathComponent())
    } catch {
      file.discard()
      throw error
    }
  }

  /// Writes `files` (name, text) into `folder`, creating it: each through a temporary file,
  /// every one staged before any is renamed into place, so a failure leaves none half-written.
  package static func write(_ files: [(name: String, text: String)], into folder: URL) throws(RunDirectoryWriter.WriteError) {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot create output folder '\(folder.path)': \(FileProblem.reason(writing: folder.path, error))",
        cannotCreate: true)
    }
    var staged: [BufferedFile] = []
    do {
      for (name, text) in files {
        staged.append(try BufferedFile(final: folder.appendingPathComponent(name)))
        try staged[staged.count - 1].append(text)
      }
      for index in staged.indices { try staged[index].moveIntoPlace() }
    } catch {
      for index in staged.indices { staged[index].discard() }
      throw error
    }
  }

  package mutating func discard() {
    try? handle?.close()
    handle = nil
    try? FileManager.default.removeItem(at: temporary)
    TemporaryFiles.shared.unregister(temporary)
  }
}
