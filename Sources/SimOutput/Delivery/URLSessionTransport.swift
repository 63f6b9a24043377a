import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// POSTs postbacks with URLSession (for https://, which ``SocketHTTPTransport`` does not speak),
/// one at a time, each with a session and so a connection of its own.
///
/// A kept-alive connection is what URLSession re-sends requests over when it turns out closed;
/// a session per attempt has none to reuse. Redirects are not followed: a receiver must answer
/// 200 itself (§5.3), so a 3xx is an answer like any other non-200 and is retried. The timeout
/// is enforced here, for the whole exchange and to the fraction of a second, rather than left to
/// URLSession, which on Linux counts it in whole seconds. Only the status is read: the answer
/// counts once its head arrives, and its body is never kept, however long it is. URLSession does not say whether a request went out before a
/// failure, so every failure but one before connecting is uncertain.
public final class URLSessionTransport: PostbackTransport, @unchecked Sendable {
  // @unchecked: the queue is thread-safe, and FoundationNetworking's types are not marked Sendable.
  /// The sessions' callback queue, held here: OperationQueue holds its underlying queue
  /// unowned(unsafe). A queue of the transport's own, since the default one runs on the shared
  /// thread pool, which busy threads can starve long enough to turn an answer into a timeout.
  private let callbackQueue = DispatchQueue(label: "URLSessionTransport")

  /// A transport; every attempt gets its own ephemeral session: no cookies, no cache, no
  /// connection kept.
  public init() {}

  public func post(_ body: Data, to url: URL, timeout: Double) -> TransportAnswer {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    configuration.httpMaximumConnectionsPerHost = 1
    let callbacks = OperationQueue()
    callbacks.underlyingQueue = callbackQueue
    let outcome = Outcome()
    let session = URLSession(configuration: configuration, delegate: outcome, delegateQueue: callbacks)
    defer { session.invalidateAndCancel() }
    // URLSession's own limit sits past ours, as a backstop.
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.rounded(.up) + 1)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("close", forHTTPHeaderField: "Connection")
    request.httpBody = body
    let task = session.dataTask(with: request)
    task.resume()
    if outcome.done.wait(timeout: .now() + timeout) == .timedOut {
      task.cancel()
      return .uncertain("timeout")
    }
    return outcome.answer ?? .uncertain("no HTTP answer")
  }

  /// How a failed request is logged in `deliveries.jsonl`: a failure when it cannot have
  /// reached the receiver (no connection was made), uncertain otherwise.
  package static func answer(for error: any Error) -> TransportAnswer {
    guard let error = error as? URLError else { return .uncertain("error: \(error.localizedDescription)") }
    switch error.code {
    case .timedOut: return .uncertain("timeout")
    case .cannotConnectToHost: return .failure("connection refused")
    case .networkConnectionLost: return .uncertain("connection lost")
    case .badServerResponse, .zeroByteResource: return .uncertain("bad response")
    case .cannotFindHost, .dnsLookupFailed: return .failure("unknown host")
    case .notConnectedToInternet: return .failure("not connected")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected:
      return .failure("TLS failure")
    case .cancelled: return .uncertain("cancelled")
    default: return .uncertain("network error \(error.code.rawValue)")
    }
  }

  /// One session's delegate: refuses redirects and hands the task's answer to the waiting caller.
  package final class Outcome: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    package let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stored: TransportAnswer?

    package var answer: TransportAnswer? { lock.withLock { stored } }

    package func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }

    package func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      // The status is the answer: the caller goes on without waiting for the body, and the
      // session is cancelled behind it.
      if let response = response as? HTTPURLResponse { settle(.status(response.statusCode)) }
      completionHandler(.allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      // Dropped: a receiver's body says nothing delivery needs.
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      if error == nil, let response = task.response as? HTTPURLResponse {
        settle(.status(response.statusCode))
      } else {
        settle(error.map(URLSessionTransport.answer(for:)) ?? .uncertain("no HTTP answer"))
      }
    }

    /// Keeps the first answer and wakes the caller once.
    private func settle(_ answer: TransportAnswer) {
      let first = lock.withLock {
        guard stored == nil else { return false }
        stored = answer
        return true
      }
      if first { done.signal() }
    }
  }
}
