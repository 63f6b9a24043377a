/// How a conversion-value service answered one request.
public enum ConversionAnswer: Hashable, Sendable {
  /// Values to apply; all nil and no lock means the service has nothing new. The values are as
  /// the service sent them, unvalidated: the SDK's own validation decides what to pass on.
  case update(fine: Int?, coarse: Int?, lock: Bool)
  /// The service answered with an error status, e.g. `{"status": "error", "reason": "..."}`.
  case refused(status: String, reason: String?)
  /// No usable answer.
  case failed(ConversionServiceFailure)
}
