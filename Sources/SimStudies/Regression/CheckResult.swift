/// One check of a verification: an expectation, a figure or a golden file, and what it found.
public struct CheckResult: Sendable {
  /// What was checked, e.g. "expect.postbacks[0]: alice's postback to the ad network".
  public var name: String
  /// Where the check was written (`file:line:column`), when it was written in a file.
  public var origin: String?
  /// Each way the outputs differ from what was expected; empty when the check passed.
  public var problems: [String]
  /// What explains the outputs checked: the rule the author named, the platform rules that
  /// produced the postback, the user's trace.
  public var context: [String]
  /// Wall time spent making this check (comparing, not running the scenario), in seconds.
  public var seconds: Double

  /// A result with every part given.
  public init(
    name: String, origin: String? = nil, problems: [String] = [], context: [String] = [], seconds: Double = 0
  ) {
    self.name = name
    self.origin = origin
    self.problems = problems
    self.context = context
    self.seconds = seconds
  }

  /// Whether the outputs were as expected.
  public var passed: Bool { problems.isEmpty }

  /// The readable difference: the check, each problem, then its context, indented by `indent`.
  public func report(indent: String = "") -> String {
    var lines = ["\(indent)\(passed ? "ok  " : "FAIL") \(name)\(origin.map { "  [\($0)]" } ?? "")"]
    lines += problems.map { "\(indent)       \($0)" }
    if !passed { lines += context.map { "\(indent)       · \($0)" } }
    return lines.joined(separator: "\n")
  }
}
