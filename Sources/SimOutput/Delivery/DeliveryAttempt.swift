import Foundation
import SimEngine
import SimJSON
import SimModel

/// One attempt to deliver one postback: a line of `deliveries.jsonl`.
public struct DeliveryAttempt: Sendable, Hashable {
  /// What the attempt led to.
  public enum Outcome: String, Sendable, CaseIterable {
    /// The receiver answered 200: the postback is delivered.
    case delivered
    /// Any other answer, or none: the device tries again after the retry interval.
    case retry
    /// The last attempt failed: the device drops the postback (§5.3).
    case gaveUp = "gave up"
  }

  /// Virtual time of the attempt.
  public var time: SimTime
  /// Position of the postback in the list delivered (a network's postback and its developer
  /// copy share an identifier but not a position).
  public var index: Int
  /// The postback's `transaction-id` (SKAdNetwork) or `postback-identifier` (AdAttributionKit).
  public var postback: String
  /// Who it was sent to.
  public var recipient: PostbackRecipient
  /// The ad network identifier the postback is about.
  public var network: String
  /// Where it was POSTed.
  public var url: URL
  /// 1 for the first attempt.
  public var attempt: Int
  /// The HTTP status answered; nil when no answer came.
  public var status: Int?
  /// Why no answer came (`timeout`, `connection reset`, `connection refused`, …); nil when one did.
  public var error: String?
  /// No answer came after the whole request went out: the receiver may have taken the
  /// postback, so a later attempt may deliver it twice.
  public var uncertain = false
  /// What it led to.
  public var outcome: Outcome
  /// Virtual time of the next attempt, after a retry.
  public var next: SimTime?

  /// The `deliveries.jsonl` line; times as ISO-8601 from `epoch`.
  public func jsonLine(epoch: Epoch) -> JSONValue {
    var fields: [String: JSONValue] = [
      "time": .string(epoch.iso8601(after: time.milliseconds)),
      "postback": .string(postback),
      "recipient": .string(recipient.rawValue),
      "network": .string(network),
      "url": .string(url.absoluteString),
      "attempt": .int(Int64(attempt)),
      "outcome": .string(outcome.rawValue),
    ]
    if let status { fields["status"] = .int(Int64(status)) }
    if let error { fields["error"] = .string(error) }
    if uncertain { fields["uncertain"] = .bool(true) }
    if let next { fields["next"] = .string(epoch.iso8601(after: next.milliseconds)) }
    return .object(fields)
  }
}
