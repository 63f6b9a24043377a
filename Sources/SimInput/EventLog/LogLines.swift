import Foundation
import SimJSON
import SimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Bytes read and not yet taken are `buffer[start..<filled]`; the rest is room for the next
  /// chunk, reused so that reading allocates nothing per chunk.
  private var buffer: [UInt8] = []
  private var filled = 0
  /// Where the next line starts in `buffer`.
  private var start = 0
  private var atEnd = false
  private var lineNumber = 0
  /// The stretch of the file still to read, when only a stretch of it is read.
  private var unread: Range<Int>?
  private static let chunkBytes = 1 << 20

  /// Opens `path` for reading; with `bytes`, only that stretch of it, which should start a line
  /// and end one (``stretches(of:count:)``): its lines are numbered from 1.
  package init(path: String, maximumLineBytes: Int = 1 << 20, bytes: Range<Int>? = nil) throws(FileProblem) {
    if let kind = FileProblem.notAFile(path) { throw FileProblem(path: path, kind: kind) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw FileProblem(path: path, kind: exists ? .permissionDenied : .noSuchFile)
    }
    self.path = path
    self.maximumLineBytes = maximumLineBytes
    self.handle = handle
    unread = bytes
  }

  /// How many lines have been taken, blank ones included: once the lines are all read, how many
  /// the file (or stretch) holds.
  package var linesTaken: Int { lineNumber }

  /// `file`'s bytes cut into at most `count` stretches of about equal size, each ending just
  /// after a newline (the last at the end of the file), so that each holds whole lines; fewer
  /// when the file is too small to cut. Empty when its size cannot be known.
  package static func stretches(of path: String, count: Int) -> [Range<Int>] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    var info = stat()
    guard fstat(handle.fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
    let size = Int(info.st_size)
    var cuts = [0]
    var probe = [UInt8](repeating: 0, count: 1 << 16)
    for part in 1..<max(1, count) {
      // The first newline at or after the even cut, unless an earlier cut already passed it.
      var at = max(size / count * part, cuts.last!)
      var cut: Int?
      while cut == nil, at < size {
        let read = probe.withUnsafeMutableBytes { pread(handle.fileDescriptor, $0.baseAddress!, $0.count, off_t(at)) }
        guard read > 0 else { break }
        if let newline = probe[..<read].firstIndex(of: UInt8(ascii: "\n")) { cut = at + newline + 1 } else { at += read }
      }
      guard let cut, cut < size else { break }
      if cut > cuts.last! { cuts.append(cut) }
    }
    cuts.append(size)
    return zip(cuts, cuts.dropFirst()).map { $0..<$1 }
  }

  /// The next line and its number; nil after the last line (a final line without `\n` counts,
  /// an empty file has none). A problem leaves everything as it was, so asking again meets it
  /// again.
  package mutating func next() throws(ScenarioDiagnostic) -> (number: Int, bytes: ArraySlice<UInt8>)? {
    // Bytes after `start` already known to hold no newline (offsets survive a refill).
    var scanned = 0
    while true {
      if let newline = Self.firstIndex(of: UInt8(ascii: "\n"), in: buffer, from: start + scanned, to: filled) {
        return try take(upTo: newline, skipping: 1)
      }
      scanned = filled - start
      if scanned > maximumLineBytes { throw tooLong() }
      if atEnd { return scanned > 0 ? try take(upTo: filled, skipping: 0) : nil }
      try refill()
    }
  }

  /// The next line that is not blank (spaces and tabs only), as both log readers take them; its
  /// problems end the reading. The line's bytes are a slice of a buffer the next call reuses.
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
    var last = end
    if last > start, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
    let line = buffer[start..<last]
    if let nul = Self.firstIndex(of: 0, in: buffer, from: start, to: last) {
      throw ScenarioDiagnostic(
        file: path, location: SourceLocation(line: lineNumber + 1, column: nul - start + 1), path: "",
        message: "expected a text log, found a NUL byte (binary data)")
    }
    lineNumber += 1
    start = end + terminator
    return (lineNumber, line)
  }

  /// Drops the lines already taken and appends the next chunk of the file.
  private mutating func refill() throws(ScenarioDiagnostic) {
    let kept = filled - start
    if buffer.count - kept < Self.chunkBytes { buffer += repeatElement(0, count: kept + Self.chunkBytes - buffer.count) }
    let descriptor = handle.fileDescriptor
    let (read, failure) = buffer.withUnsafeMutableBytes { bytes -> (Int, Int32) in
      // Overlapping is fine: this is memmove.
      if start > 0 { bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: kept) }
      while true {
        let count = Self.read(descriptor, into: bytes.baseAddress! + kept, from: unread)
        if count >= 0 || errno != EINTR { return (count, errno) }
      }
    }
    (start, filled) = (0, kept)
    guard read >= 0 else {
      throw ScenarioDiagnostic(file: path, location: nil, path: "", message: "cannot be read: \(String(cString: strerror(failure)))")
    }
    if read == 0 { atEnd = true }
    filled += read
    unread = unread.map { $0.dropFirst(read) }
  }

  /// Reads a chunk, from the file's position or the start of `stretch`.
  private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, from stretch: Range<Int>?) -> Int {
    guard let stretch else {
      #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, chunkBytes)
      #else
        return Darwin.read(descriptor, buffer, chunkBytes)
      #endif
    }
    return pread(descriptor, buffer, min(chunkBytes, stretch.count), off_t(stretch.lowerBound))
  }

  /// Where `byte` first is in `buffer[from..<to]`, found by the C library's vectorised search.
  private static func firstIndex(of byte: UInt8, in buffer: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return buffer.withUnsafeBytes { bytes in
      memchr(bytes.baseAddress! + from, Int32(byte), to - from).map { UnsafeRawPointer($0) - bytes.baseAddress! }
    }
  }

  private func tooLong() -> ScenarioDiagnostic {
    ScenarioDiagnostic(
      file: path, location: SourceLocation(line: lineNumber + 1, column: 1), path: "",
      message: "expected one event per line of at most \(maximumLineBytes) bytes, found a longer line")
  }
}
