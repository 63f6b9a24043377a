/// What a delivery came to: postbacks delivered and given up, attempts, and the answers.
public struct DeliverySummary: Sendable, Hashable {
  /// An empty summary.
  public init() {}

  /// Postbacks to deliver, developer copies included.
  public var postbacks = 0
  /// Postbacks the receiver accepted with a 200.
  public var delivered = 0
  /// Postbacks an earlier delivery's log says the receiver accepted: not sent again.
  public var skipped = 0
  /// Attempts made, first ones included.
  public var attempts = 0
  /// Attempts that failed with attempts left: each led to another attempt.
  public var retries = 0
  /// Postbacks dropped after their last attempt failed.
  public var gaveUp = 0
  /// Attempts whose request went out whole but got no answer (a timeout, a reset): the
  /// receiver may have taken the postback.
  public var uncertain = 0
  /// Postbacks sent again after an uncertain attempt: the only ones a receiver can have been
  /// given twice, and must recognise by their identifier.
  public var possiblyDuplicated = 0
  /// Attempts by the HTTP status answered.
  public var statuses: [Int: Int] = [:]
  /// Attempts by why no answer came (`timeout`, `connection refused`, …).
  public var errors: [String: Int] = [:]

  /// Counts one attempt.
  package mutating func add(_ attempt: DeliveryAttempt) {
    attempts += 1
    if let status = attempt.status { statuses[status, default: 0] += 1 }
    if let error = attempt.error { errors[error, default: 0] += 1 }
    if attempt.uncertain { uncertain += 1 }
    switch attempt.outcome {
    case .delivered: delivered += 1
    case .retry: retries += 1
    case .gaveUp: gaveUp += 1
    }
  }

  /// One line for people: "delivered N of M postbacks in K attempts (R retries, G given up,
  /// D possibly duplicated)", saying how many were skipped as accepted before, if any.
  public var line: String {
    "delivered \(delivered) of \(postbacks) postback\(postbacks == 1 ? "" : "s") "
      + (skipped > 0 ? "(and \(skipped) accepted before, not sent again) " : "")
      + "in \(attempts) attempt\(attempts == 1 ? "" : "s") (\(retries) \(retries == 1 ? "retry" : "retries"), "
      + "\(gaveUp) given up, \(possiblyDuplicated) possibly duplicated)"
  }

  /// The answers, most frequent first: "200 ×12, 500 ×4, timeout ×1".
  public var answers: String {
    let counted = statuses.map { (String($0.key), $0.value) } + errors.map { ($0.key, $0.value) }
    return counted.sorted { ($1.1, $0.0) < ($0.1, $1.0) }.map { "\($0.0) ×\($0.1)" }.joined(separator: ", ")
  }
}
