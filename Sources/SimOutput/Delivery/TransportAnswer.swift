/// What came back from one attempt.
public enum TransportAnswer: Sendable, Hashable {
  /// The receiver answered with this HTTP status.
  case status(Int)
  /// No answer, and the receiver cannot have the postback: the request never went out whole
  /// (`connection refused`, `unknown host`, `connect timeout`, …).
  case failure(String)
  /// No answer after the whole request went out (`timeout`, `connection reset`, …): the
  /// receiver may have taken the postback, and the client cannot know.
  case uncertain(String)
}
