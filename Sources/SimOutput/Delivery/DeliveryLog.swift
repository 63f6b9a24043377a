import Foundation
import SimJSON
import SimModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deliveries.jsonl` written as delivery goes: each attempt is appended as one line, with one
/// write(2), as soon as it is made, so that a delivery interrupted or killed leaves a log of
/// every attempt made until then, which a rerun resumes from (``DeliveryHistory``).
public final class DeliveryLog {
  /// The log's path.
  public let file: URL
  private let epoch: Epoch
  private let descriptor: Int32

  /// Starts the log in `directory`: replaces any file there, at once, with one holding `kept`
  /// (the whole lines of an earlier log being resumed, or nothing), then opens it for appending.
  public init(directory: URL, epoch: Epoch, keeping kept: String) throws(RunDirectoryWriter.WriteError) {
    file = directory.appendingPathComponent(DeliveryResult.fileName)
    self.epoch = epoch
    try BufferedFile.write(kept, to: file)
    let opened = open(file.path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard opened >= 0 else {
      throw RunDirectoryWriter.WriteError(
        description: "cannot open '\(file.path)' to log deliveries: \(String(cString: strerror(errno)))")
    }
    descriptor = opened
  }

  deinit { close(descriptor) }

  /// Appends `attempt`'s line.
  public func append(_ attempt: DeliveryAttempt) throws(RunDirectoryWriter.WriteError) {
    var line: [UInt8] = []
    attempt.jsonLine(epoch: epoch).write(to: &line)
    line.append(UInt8(ascii: "\n"))
    var offset = 0
    while offset < line.count {
      let written = line[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw RunDirectoryWriter.WriteError(
          description: "cannot write '\(file.path)': \(written < 0 ? String(cString: strerror(errno)) : "nothing written")")
      }
    }
  }
}
