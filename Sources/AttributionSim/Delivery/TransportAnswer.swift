/// What came back from one attempt.
public enum TransportAnswer: Sendable, Hashable {
  /// The receiver answered with this HTTP status.
  case status(Int)
  /// No answer: the reason, such as `timeout` or `connection refused`.
  case failure(String)
}
