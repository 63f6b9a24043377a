import Foundation
import SimModel

/// Every attempt of a delivery, in the order made, and what they came to.
public struct DeliveryResult: Sendable {
  /// Every attempt, in the order made (virtual-time order).
  public var attempts: [DeliveryAttempt] = []
  /// The counts.
  public var summary = DeliverySummary()
  /// Why the log could not be written, when it could not: delivery stopped at that attempt.
  public var logFailure: String?

  /// The file name of the attempt log in a run folder.
  public static let fileName = "deliveries.jsonl"

  /// `deliveries.jsonl`'s lines for these attempts: one canonical JSON line each.
  public func jsonLines(epoch: Epoch) -> String {
    var text = ""
    for attempt in attempts {
      attempt.jsonLine(epoch: epoch).write(to: &text)
      text += "\n"
    }
    return text
  }
}
