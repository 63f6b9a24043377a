import SimEngine
import SimJSON

/// What a scripted user's client SDK must write to `sdk-trace.jsonl` (issue 9): the value it
/// holds after each line, its lint findings by kind, and what it did, in order.
public struct SDKExpectation: Sendable {
  /// The scripted user whose device it is.
  public var user: String
  /// The fine value (`skan_conversion_value` before 4.0, `skan_current_conversion_value` from
  /// 4.0) after each of the user's trace lines, in order; nil when not checked.
  public var values: [Int]?
  /// Exact counts of the user's findings of each named kind; kinds not named are not checked,
  /// and an empty dictionary means no findings at all. Nil when not checked.
  public var lint: [SDKLintFinding.Kind: Int]?
  /// Text each of the user's `action`s must contain, one per trace line, in order; nil when not
  /// checked.
  public var actions: [String]?
  /// The rule the expectation checks, in the author's words; shown with a mismatch.
  public var rule: String?
  /// Where the expectation was written.
  public var origin: ExpectationOrigin

  /// An expectation with every part given.
  public init(
    user: String, values: [Int]? = nil, lint: [SDKLintFinding.Kind: Int]? = nil, actions: [String]? = nil,
    rule: String? = nil, origin: ExpectationOrigin = ExpectationOrigin(path: "sdk")
  ) {
    self.user = user
    self.values = values
    self.lint = lint
    self.actions = actions
    self.rule = rule
    self.origin = origin
  }
}
