import Dispatch
import Foundation
import SimWorld

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A conversion-value service reached over HTTP: each request is a GET of the endpoint's URL
/// with the request's parameters appended to its query, and the answer is the response's JSON.
///
/// A 200 answer is read by ``ConversionAnswer/init(json:)``; any other status is
/// `.failed(.httpStatus)` whatever its body says, since a server that cannot answer 200 has not
/// answered the SDK's question. No answer within `timeout` seconds is `.failed(.timeout)`, and
/// a connection that cannot be made or is lost is `.failed(.unreachable)`. The timeout covers
/// the whole exchange, body included, and a body is read up to ``answerLimit`` bytes: a server
/// that keeps sending is cut off there (`.failed(.malformed)`). Redirects are not followed:
/// the 3xx is the answer (`.failed(.httpStatus)`), so a loopback endpoint cannot send the SDK
/// to a host the command line did not allow. Safe to call from several threads at once.
///
/// http:// requests are read by ``PlainHTTPGet``, a connection per request, which reads
/// nothing past the limit; https:// ones share one URLSession and its kept-alive connections,
/// which on Linux reads a body ahead of the limit as fast as it arrives.
public final class HTTPConversionEndpoint: ConversionService {
  /// The endpoint, with any query of its own; the request's parameters follow that query.
  public let url: URL
  /// Seconds to wait for a whole answer.
  public let timeout: Double
  private let session: URLSession
  private let exchanges: Exchanges
  /// The callbacks' queue, held here: OperationQueue holds its underlying queue unowned(unsafe).
  private let callbackQueue = DispatchQueue(label: "HTTPConversionEndpoint")

  /// An endpoint at `url` that waits `timeout` seconds for each answer and opens at most
  /// `connections` connections at once (at least the width of the pool in front of it, or
  /// requests would queue inside the session and time out there).
  public init(url: URL, timeout: Double, connections: Int = 64) {
    precondition(timeout > 0, "a conversion service's timeout must be positive")
    precondition(connections > 0, "an endpoint needs at least one connection")
    self.url = url
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Self.sessionTimeout(timeout)
    configuration.timeoutIntervalForResource = Self.sessionTimeout(timeout)
    configuration.httpMaximumConnectionsPerHost = connections
    // Every question is new: a cached answer would be the previous activity's value.
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpShouldSetCookies = false
    // Callbacks on a queue of the endpoint's own: the session's default queue runs on the
    // shared thread pool, which busy simulation threads (or tests) can starve for a second.
    let callbacks = OperationQueue()
    callbacks.underlyingQueue = callbackQueue
    exchanges = Exchanges()
    session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: callbacks)
  }

  /// The most bytes of an answer's body read: a conversion answer is a few dozen bytes, and a
  /// server that sends more than this (or never stops) is not answering the SDK's question.
  public static let answerLimit = 1 << 20

  deinit { session.invalidateAndCancel() }

  /// Sends the request as a GET and waits for its answer, at most `timeout` seconds.
  public func answer(_ request: ConversionRequest) -> ConversionAnswer {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return .failed(.unreachable("\(url.absoluteString) is not an http or https URL"))
    }
    guard let target = Self.url(url, appending: request.parameters) else {
      return .failed(.unreachable("cannot add the request's parameters to \(url.absoluteString)"))
    }
    if scheme == "http" { return plainAnswer(target) }
    var get = URLRequest(
      url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.sessionTimeout(timeout))
    get.httpMethod = "GET"
    get.setValue("application/json", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: get)
    let exchange = exchanges.begin(task)
    defer { exchanges.end(task) }
    task.resume()
    // This deadline is the timeout, for the whole exchange; the session's own is only a backstop.
    guard let outcome = exchange.wait(seconds: timeout) else {
      task.cancel()
      return .failed(.timeout)
    }
    // Checked first: the task was cancelled for it, and its error only says so.
    if outcome.tooLong {
      return .failed(.malformed(Self.tooLongText))
    }
    guard let http = outcome.response else {
      if let error = outcome.error { return .failed(Self.failure(error, target: target)) }
      return .failed(.unreachable("\(Self.hostAndPort(target)) gave no HTTP answer"))
    }
    // A 3xx whose redirect was refused is a status like any other.
    guard http.statusCode == 200 else { return .failed(.httpStatus(http.statusCode)) }
    if let error = outcome.error { return .failed(Self.failure(error, target: target)) }
    return ConversionAnswer(json: outcome.body)
  }

  /// The answer to a GET of `target` (an http:// URL) on a connection of its own, read within
  /// the timeout and up to ``answerLimit`` bytes.
  private func plainAnswer(_ target: URL) -> ConversionAnswer {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    switch PlainHTTPGet.get(target, headers: [("Accept", "application/json")], deadline: deadline, limit: Self.answerLimit) {
    case .answer(let status, let body):
      guard status == 200 else { return .failed(.httpStatus(status)) }
      return ConversionAnswer(json: Data(body))
    case .tooLong: return .failed(.malformed(Self.tooLongText))
    case .timeout: return .failed(.timeout)
    case .failure(let why): return .failed(.unreachable("\(Self.hostAndPort(target)): \(why)"))
    }
  }

  private static let tooLongText = "expected an answer of at most 1 MiB, found a longer one (the rest was not read)"

  /// The session's timeout for a given one: whole seconds, rounded up, plus one.
  ///
  /// swift-corelibs-foundation truncates session timeouts to whole seconds (0.3 s fails at
  /// once), so the session gets a longer one and the caller's deadline decides.
  private static func sessionTimeout(_ timeout: Double) -> Double { timeout.rounded(.up) + 1 }

  // MARK: - Query

  /// `base` with the parameters appended to its query, percent-encoded, in order.
  package static func url(_ base: URL, appending parameters: [ConversionRequest.Parameter]) -> URL? {
    guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
    var query = components.percentEncodedQuery ?? ""
    for parameter in parameters {
      if !query.isEmpty { query += "&" }
      query += percentEncoded(parameter.name) + "=" + percentEncoded(parameter.value)
    }
    components.percentEncodedQuery = query.isEmpty ? nil : query
    return components.url
  }

  /// Encodes every byte but RFC 3986's unreserved characters, so that `+`, `&`, `=` and the
  /// JSON in revenue parameters arrive exactly as sent whatever the server's decoder.
  package static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Failures

  /// The failure a transport error stands for.
  private static func failure(_ error: any Error, target: URL) -> ConversionServiceFailure {
    let place = hostAndPort(target)
    guard let urlError = error as? URLError else {
      return .unreachable("\(place): \(error.localizedDescription)")
    }
    switch urlError.code {
    case .timedOut: return .timeout
    case .cannotConnectToHost: return .unreachable("\(place): connection refused")
    case .cannotFindHost, .dnsLookupFailed: return .unreachable("\(place): host not found")
    case .networkConnectionLost: return .unreachable("\(place): connection lost")
    case .notConnectedToInternet: return .unreachable("\(place): no network")
    case .badServerResponse: return .unreachable("\(place): not an HTTP answer")
    default: return .unreachable("\(place): URL error \(urlError.code.rawValue)")
    }
  }

  /// "host:port" for messages; the rest of the URL is the SDK's parameters.
  private static func hostAndPort(_ target: URL) -> String {
    let host = target.host ?? "?"
    return target.port.map { "\(host):\($0)" } ?? host
  }
}

/// The session's delegate: each task's answer, gathered as it arrives (its body cut off at
/// ``HTTPConversionEndpoint/answerLimit``) and handed to the caller waiting for it.
private final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var byTask: [Int: Exchange] = [:]

  func begin(_ task: URLSessionTask) -> Exchange {
    let exchange = Exchange()
    lock.withLock { byTask[task.taskIdentifier] = exchange }
    return exchange
  }

  func end(_ task: URLSessionTask) { lock.withLock { _ = byTask.removeValue(forKey: task.taskIdentifier) } }

  private func exchange(_ task: URLSessionTask) -> Exchange? { lock.withLock { byTask[task.taskIdentifier] } }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // Following it could reach a host --allow-network was needed for; the 3xx is the answer.
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let length = response.expectedContentLength
    if length > HTTPConversionEndpoint.answerLimit, let exchange = exchange(dataTask) {
      exchange.markTooLong()
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let exchange = exchange(dataTask) else { return }
    if exchange.append(data, limit: HTTPConversionEndpoint.answerLimit) { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    exchange(task)?.finish(response: task.response as? HTTPURLResponse, error: error)
  }
}

/// One request's answer as it arrives, handed from the session's callbacks to the waiting caller.
private final class Exchange: @unchecked Sendable {
  struct Outcome {
    var response: HTTPURLResponse?
    var body = Data()
    var error: (any Error)?
    /// The body passed the limit: the task was cancelled and the rest not read.
    var tooLong = false
  }

  private let done = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var outcome = Outcome()

  private var finished = false

  /// Ends the exchange as too long: the caller is woken at once rather than when the cancelled
  /// task completes, which can take seconds.
  func markTooLong() {
    let first = lock.withLock { () -> Bool in
      outcome.tooLong = true
      outcome.body = Data()
      defer { finished = true }
      return !finished
    }
    if first { done.signal() }
  }

  /// Adds a piece of the body; true when the body is now over `limit` (and the exchange over).
  func append(_ data: Data, limit: Int) -> Bool {
    let over = lock.withLock { () -> Bool in
      guard !outcome.tooLong else { return true }
      guard outcome.body.count + data.count > limit else {
        outcome.body.append(data)
        return false
      }
      return true
    }
    if over { markTooLong() }
    return over
  }

  func finish(response: HTTPURLResponse?, error: (any Error)?) {
    let first = lock.withLock { () -> Bool in
      defer { finished = true }
      guard !finished else { return false }
      outcome.response = response
      outcome.error = error
      return true
    }
    if first { done.signal() }
  }

  /// The outcome, or nil when none arrived within `seconds`.
  func wait(seconds: Double) -> Outcome? {
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return lock.withLock { outcome }
  }
}
