/// A conversion-value service the client SDK asks after each activity: an HTTP endpoint, a
/// local command, or a built-in model.
///
/// Implementations are called from several threads at once by ``ConversionRequestPool`` and
/// never throw: every failure is an answer the SDK handles by making no update.
public protocol ConversionService: Sendable {
  /// Sends one request and waits for its answer.
  func answer(_ request: ConversionRequest) -> ConversionAnswer
}

/// What the SDK sends a conversion-value service about one activity.
public struct ConversionRequest: Hashable, Sendable {
  /// One query parameter.
  public struct Parameter: Hashable, Sendable {
    public var name: String
    public var value: String

    /// A parameter.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Query parameters, in the order they are sent.
  public var parameters: [Parameter]

  /// A request with these parameters.
  public init(parameters: [Parameter]) { self.parameters = parameters }

  /// The value of the first parameter called `name`.
  public subscript(name: String) -> String? { parameters.first { $0.name == name }?.value }
}

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
