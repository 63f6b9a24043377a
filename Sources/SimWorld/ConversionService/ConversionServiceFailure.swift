/// Why a conversion-value service gave no usable answer.
public enum ConversionServiceFailure: Hashable, Sendable {
  /// No answer within the time limit.
  case timeout
  /// An HTTP status other than 200.
  case httpStatus(Int)
  /// The service could not be reached, or the command could not run or exited.
  case unreachable(String)
  /// An answer that is not the expected JSON.
  case malformed(String)
}
