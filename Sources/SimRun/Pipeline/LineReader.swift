import Foundation

/// Reads a text file line by line in large chunks, so that shard files of any size stream
/// through a merge in bounded memory.
package struct LineReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var start = 0
  private var finished = false
  /// The 1-based number of the last line returned.
  package private(set) var lineNumber = 0
  /// Bytes of the lines returned so far, newlines included: how far into the file the reader is.
  package private(set) var bytesRead = 0

  /// Reads from `handle` (``ShardFile/lines(_:what:)`` opens shard files for it).
  package init(handle: FileHandle) {
    self.handle = handle
  }

  /// The next line without its newline, or nil at the end of the file.
  package mutating func next() throws -> String? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        bytesRead += newline + 1 - start
        start = newline + 1
        lineNumber += 1
        return line
      }
      if finished {
        guard start < buffer.count else { return nil }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        bytesRead += buffer.count - start
        start = buffer.count
        lineNumber += 1
        return line
      }
      buffer.removeFirst(start)
      start = 0
      let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
      if chunk.isEmpty {
        finished = true
        try handle.close()
      } else {
        buffer.append(contentsOf: chunk)
      }
    }
  }
}
