import Foundation
import SimJSON
import SimModel

/// The lines of a log file, read a chunk at a time so that a log of any length is read in
/// constant memory: one line (without its `\n` or `\r\n`) and its 1-based number per call.
///
/// A line longer than `maximumLineBytes` and a NUL byte (a binary file) are errors at their line
/// rather than a read that grows without bound or text made of bytes that are not text.
package struct LogLines {
  /// The file, as the user named it.
  package let path: String
  /// The longest line accepted, in bytes.
  package let maximumLineBytes: Int
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  private var atEnd = false
  private var lineNumber = 0
  private static let chunkBytes = 1 << 20

  /// Opens `path` for reading.
  package init(path: String, maximumLineBytes: Int = 1 << 20) throws(FileProblem) {
    if let kind = FileProblem.notAFile(path) { throw FileProblem(path: path, kind: kind) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw FileProblem(path: path, kind: exists ? .permissionDenied : .noSuchFile)
    }
    self.path = path
    self.maximumLineBytes = maximumLineBytes
    self.handle = handle
  }

  /// The next line and its number; nil after the last line (a final line without `\n` counts,
  /// an empty file has none).
  package mutating func next() throws(ScenarioDiagnostic) -> (number: Int, bytes: ArraySlice<UInt8>)? {
    // Bytes after `start` already known to hold no newline (offsets survive a refill).
    var scanned = 0
    while true {
      if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
        return try take(upTo: newline, skipping: 1)
      }
      scanned = buffer.count - start
      if scanned > maximumLineBytes { throw tooLong() }
      if atEnd { return scanned > 0 ? try take(upTo: buffer.count, skipping: 0) : nil }
      try refill()
    }
  }

  /// The next line that is not blank (spaces and tabs only), as both log readers take them; its
  /// problems end the reading.
  package mutating func nextNonBlank() throws(LogReadError) -> (number: Int, bytes: ArraySlice<UInt8>)? {
    while true {
      let read: (number: Int, bytes: ArraySlice<UInt8>)?
      do { read = try next() } catch { throw .stop(error) }
      guard let line = read else { return nil }
      if !line.bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return line }
    }
  }

  private mutating func take(upTo end: Int, skipping terminator: Int) throws(ScenarioDiagnostic) -> (number: Int, bytes: ArraySlice<UInt8>) {
    if end - start > maximumLineBytes { throw tooLong() }
    lineNumber += 1
    var last = end
    if last > start, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
    let line = buffer[start..<last]
    if let nul = line.firstIndex(of: 0) {
      throw ScenarioDiagnostic(
        file: path, location: SourceLocation(line: lineNumber, column: nul - start + 1), path: "",
        message: "expected a text log, found a NUL byte (binary data)")
    }
    start = end + terminator
    return (lineNumber, line)
  }

  /// Drops the lines already taken and appends the next chunk of the file.
  private mutating func refill() throws(ScenarioDiagnostic) {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let data: Data?
    do {
      data = try handle.read(upToCount: Self.chunkBytes)
    } catch {
      throw ScenarioDiagnostic(file: path, location: nil, path: "", message: "cannot be read: \(error.localizedDescription)")
    }
    guard let data, !data.isEmpty else {
      atEnd = true
      return
    }
    buffer.append(contentsOf: data)
  }

  private func tooLong() -> ScenarioDiagnostic {
    ScenarioDiagnostic(
      file: path, location: SourceLocation(line: lineNumber + 1, column: 1), path: "",
      message: "expected one event per line of at most \(maximumLineBytes) bytes, found a longer line")
  }
}
