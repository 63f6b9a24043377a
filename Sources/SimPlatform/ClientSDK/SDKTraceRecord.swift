import SimEngine
import SimJSON
import SimModel

/// One line of `sdk-trace.jsonl`: the client SDK's metadata after an activity or an answer,
/// what it did, and any mismatch with the platform.
public struct SDKTraceRecord: Sendable {
  /// Virtual time.
  public var time: SimTime
  /// The user whose device it is.
  public var user: String
  /// What happened: `session`, `event`, `revenue`, or `answer` (a service's answer arriving).
  public var activity: String
  /// The event's name, or the revenue's kind (`iap`, `ad`).
  public var detail: String?
  /// The model's answer as the SDK read it, when it asked and the answer is in.
  public var answer: JSONValue?
  /// What the SDK did: e.g. `applied`, `asked`, `no update`, `dropped: not higher than 3`.
  public var action: String
  /// The platform's verdict on the call, when the SDK called it.
  public var platform: String?
  /// The SDK's metadata after the activity, under the keys MMP SDKs send.
  public var metadata: [String: JSONValue]
  /// Mismatches between the SDK's belief and the platform's state.
  public var lint: [SDKLintFinding]

  /// The fine value the SDK holds after this line, under its guide's key; nil when none.
  public var fineValue: Int? {
    for key in SDKState.fineValueKeys { if case .int(let value)? = metadata[key] { return Int(value) } }
    return nil
  }

  /// The `sdk-trace.jsonl` line.
  public func jsonLine(epoch: Epoch) -> JSONValue {
    var object: [String: JSONValue] = [
      "time": .string(epoch.iso8601(after: time.milliseconds)), "user": .string(user),
      "activity": .string(activity), "action": .string(action),
      "metadata": .object(metadata),
    ]
    if let detail { object["detail"] = .string(detail) }
    if let answer { object["answer"] = answer }
    if let platform { object["platform"] = .string(platform) }
    if !lint.isEmpty {
      object["lint"] = .array(lint.map(\.json))
    }
    return .object(object)
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(
    time: SimTime,
    user: String,
    activity: String,
    detail: String? = nil,
    answer: JSONValue? = nil,
    action: String,
    platform: String? = nil,
    metadata: [String: JSONValue],
    lint: [SDKLintFinding]
  ) {
    self.time = time
    self.user = user
    self.activity = activity
    self.detail = detail
    self.answer = answer
    self.action = action
    self.platform = platform
    self.metadata = metadata
    self.lint = lint
  }
}
