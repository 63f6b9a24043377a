import SimEngine
import SimJSON
import SimModel

/// One call of the advertiser's server to Apple's attribution API: a line of `adservices.jsonl`.
public struct AdServicesExchange: Sendable {
  /// What the server does after this answer.
  public enum Next: String, Sendable {
    /// The record arrived: no more calls.
    case done
    /// Another call follows: 5 s after a 404, the retry delay after a 500.
    case retry
    /// The server stops: 400, a 404 after its last retry, or the last retry after a 500.
    case giveUp = "give up"
  }

  /// Virtual time of the call.
  public var time: SimTime
  /// The user whose token it is.
  public var user: String
  /// The call's number for this token, from 1.
  public var attempt: Int
  /// How long before the call the app got the token.
  public var tokenAge: SimDuration
  /// The HTTP status: 200, 400, 404 or 500.
  public var status: Int
  /// Why the call failed; nil on 200.
  public var reason: String?
  /// What the server does next.
  public var next: Next
  /// The attribution record (200 only).
  public var record: JSONValue?

  /// The `adservices.jsonl` line.
  public func jsonLine(epoch: Epoch) -> JSONValue {
    var object: [String: JSONValue] = [
      "time": .string(epoch.iso8601(after: time.milliseconds)), "user": .string(user), "attempt": .int(Int64(attempt)),
      "tokenAgeSeconds": .int(tokenAge.milliseconds / 1_000), "status": .int(Int64(status)),
      "next": .string(next.rawValue),
    ]
    if let reason { object["reason"] = .string(reason) }
    if let record { object["record"] = record }
    return .object(object)
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    time: SimTime,
    user: String,
    attempt: Int,
    tokenAge: SimDuration,
    status: Int,
    reason: String? = nil,
    next: Next,
    record: JSONValue? = nil
  ) {
    self.time = time
    self.user = user
    self.attempt = attempt
    self.tokenAge = tokenAge
    self.status = status
    self.reason = reason
    self.next = next
    self.record = record
  }
}
