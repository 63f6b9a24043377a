import SimEngine
import SimJSON
import SimModel

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

  /// Each stored property as given; other targets of the package build it too.
  package init(time: SimTime, user: String, level: Level, rule: String, message: String) {
    self.time = time
    self.user = user
    self.level = level
    self.rule = rule
    self.message = message
  }
}
