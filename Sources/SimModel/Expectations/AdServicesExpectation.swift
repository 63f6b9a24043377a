import SimJSON

/// What a scripted user's AdServices token must get from Apple's attribution API (rulebook §8):
/// the statuses of the server's calls in order, and the record the last 200 carries.
public struct AdServicesExpectation: Sendable {
  /// The scripted user whose token it is.
  public var user: String
  /// The calls' HTTP statuses in order; nil when not checked.
  public var statuses: [Int]?
  /// Record fields it must carry with these values; empty when not checked.
  public var fields: [String: JSONValue]
  /// Whether ``fields`` is the whole record.
  public var wholeRecord: Bool
  /// The rule the expectation checks, in the author's words; shown with a mismatch.
  public var rule: String?
  /// Where the expectation was written.
  public var origin: ExpectationOrigin

  /// An expectation with every part given.
  public init(
    user: String, statuses: [Int]? = nil, fields: [String: JSONValue] = [:], wholeRecord: Bool = false,
    rule: String? = nil, origin: ExpectationOrigin = ExpectationOrigin(path: "adServices")
  ) {
    self.user = user
    self.statuses = statuses
    self.fields = fields
    self.wholeRecord = wholeRecord
    self.rule = rule
    self.origin = origin
  }
}
