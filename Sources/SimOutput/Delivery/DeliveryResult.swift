import Foundation
import SimModel

/// Every attempt of a delivery, in the order made, and what they came to.
public struct DeliveryResult: Sendable {
  /// Every attempt, in the order made (virtual-time order).
  public var attempts: [DeliveryAttempt] = []
  /// The counts.
  public var summary = DeliverySummary()

  /// The file name of the attempt log in a run folder.
  public static let fileName = "deliveries.jsonl"

  /// `deliveries.jsonl`'s text: one canonical JSON line per attempt.
  public func jsonLines(epoch: Epoch) -> String {
    var text = ""
    for attempt in attempts {
      attempt.jsonLine(epoch: epoch).write(to: &text)
      text += "\n"
    }
    return text
  }

  /// Writes `deliveries.jsonl` into `directory`, replacing any earlier one atomically.
  public func writeLog(into directory: URL, epoch: Epoch) throws(RunDirectoryWriter.WriteError) {
    try BufferedFile.write(jsonLines(epoch: epoch), to: directory.appendingPathComponent(Self.fileName))
  }
}
