/// A conversion-value service the client SDK asks after each activity: an HTTP endpoint, a
/// local command, or a built-in model.
///
/// The world knows services only through this protocol; the HTTP and command implementations
/// are SimServices', handed in by whoever builds the world. Implementations are called from several threads at once by ``ConversionRequestPool`` and
/// never throw: every failure is an answer the SDK handles by making no update.
public protocol ConversionService: Sendable {
  /// Sends one request and waits for its answer.
  func answer(_ request: ConversionRequest) -> ConversionAnswer
}

extension ConversionServiceFailure: CustomStringConvertible {
  /// The failure as a short phrase, e.g. "HTTP status 500" or "malformed answer: expected …".
  public var description: String {
    switch self {
    case .timeout: "no answer within the time limit"
    case .httpStatus(let code): "HTTP status \(code)"
    case .unreachable(let why): "unreachable: \(why)"
    case .malformed(let why): "malformed answer: \(why)"
    }
  }

  /// The failure's kind without its details, to count failures by: "timeout", "httpStatus",
  /// "unreachable" or "malformed".
  public var kind: String {
    switch self {
    case .timeout: "timeout"
    case .httpStatus: "httpStatus"
    case .unreachable: "unreachable"
    case .malformed: "malformed"
    }
  }
}
