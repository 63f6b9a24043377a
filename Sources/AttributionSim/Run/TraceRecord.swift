import SimEngine
import SimJSON

/// One platform decision worth explaining: a rejected call, a replaced view, a postback not sent.
public struct TraceRecord: Sendable {
  /// How serious it is.
  public enum Level: String, Sendable {
    /// The app or ad did something the platform rejects (iOS would return an error).
    case error
    /// The platform applied a rule that changes the outcome.
    case note
  }

  /// Virtual time of the decision.
  public var time: SimTime
  /// The user whose device decided.
  public var user: String
  /// Severity.
  public var level: Level
  /// The rulebook section applied, e.g. "§4".
  public var rule: String
  /// What happened, in words.
  public var message: String

  /// The `trace.jsonl` line.
  public func jsonLine(epoch: Epoch) -> JSONValue {
    .object([
      "time": .string(epoch.iso8601(after: time.milliseconds)), "user": .string(user),
      "level": .string(level.rawValue), "rule": .string(rule), "message": .string(message),
    ])
  }
}
