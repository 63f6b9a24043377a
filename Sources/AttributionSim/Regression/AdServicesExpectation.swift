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

  /// What is wrong with `calls` (the user's, in time order); empty when they meet the expectation.
  func problems(in calls: [AdServicesExchange]) -> [String] {
    var problems: [String] = []
    if let statuses, calls.map(\.status) != statuses {
      let got = calls.isEmpty ? "no calls" : calls.map { String($0.status) }.joined(separator: ", ")
      problems.append("statuses: expected \(statuses.map(String.init).joined(separator: ", ")), got \(got)")
    }
    guard !fields.isEmpty || wholeRecord else { return problems }
    guard case .object(let record)? = calls.last(where: { $0.status == 200 })?.record else {
      return problems + ["no record came back (no call was answered 200)"]
    }
    for key in fields.keys.sorted() {
      let wanted = fields[key]!
      switch record[key] {
      case nil: problems.append("field '\(key)': expected \(wanted.serialized()), but the record has no such field")
      case let got? where got != wanted: problems.append("field '\(key)': expected \(wanted.serialized()), got \(got.serialized())")
      default: break
      }
    }
    if wholeRecord {
      for key in record.keys.sorted() where fields[key] == nil {
        problems.append("field '\(key)': not expected, got \(record[key]!.serialized())")
      }
    }
    return problems
  }
}
