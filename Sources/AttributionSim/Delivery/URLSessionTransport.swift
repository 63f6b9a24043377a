import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// POSTs postbacks with URLSession, one at a time, waiting for each answer.
///
/// Redirects are not followed: a receiver must answer 200 itself (§5.3), so a 3xx is an answer
/// like any other non-200 and is retried. The timeout is enforced here, to the fraction of a
/// second, rather than left to URLSession, which on Linux counts it in whole seconds.
public final class URLSessionTransport: PostbackTransport, @unchecked Sendable {
  // URLSession is thread-safe; @unchecked because FoundationNetworking does not mark it Sendable.
  private let session: URLSession
  private let tasks = TaskOutcomes()

  /// A transport with its own session: no cookies, no cache, kept-alive connections.
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    // Callbacks on a queue of the transport's own: the default queue runs on the shared thread
    // pool, which busy threads can starve long enough to turn an answer into a timeout.
    let callbacks = OperationQueue()
    callbacks.underlyingQueue = DispatchQueue(label: "URLSessionTransport")
    session = URLSession(configuration: configuration, delegate: tasks, delegateQueue: callbacks)
  }

  deinit { session.invalidateAndCancel() }

  public func post(_ body: Data, to url: URL, timeout: Double) -> TransportAnswer {
    // URLSession's own limit sits past ours, as a backstop.
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.rounded(.up) + 1)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = body
    let task = session.dataTask(with: request)
    let outcome = tasks.start(task.taskIdentifier)
    task.resume()
    if outcome.done.wait(timeout: .now() + timeout) == .timedOut {
      task.cancel()
      tasks.forget(task.taskIdentifier)
      return .failure("timeout")
    }
    return outcome.answer ?? .failure("no HTTP answer")
  }

  /// A short reason for a failed request, as logged in `deliveries.jsonl`.
  static func reason(_ error: any Error) -> String {
    guard let error = error as? URLError else { return "error: \(error.localizedDescription)" }
    switch error.code {
    case .timedOut: return "timeout"
    case .cannotConnectToHost: return "connection refused"
    case .networkConnectionLost: return "connection lost"
    case .badServerResponse, .zeroByteResource: return "bad response"
    case .cannotFindHost, .dnsLookupFailed: return "unknown host"
    case .notConnectedToInternet: return "not connected"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected:
      return "TLS failure"
    case .cancelled: return "cancelled"
    default: return "network error \(error.code.rawValue)"
    }
  }

  /// The answer of one task, handed from URLSession's queue to the waiting caller.
  final class Outcome: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stored: TransportAnswer?

    var answer: TransportAnswer? { lock.withLock { stored } }

    func finish(_ answer: TransportAnswer) {
      lock.withLock { stored = answer }
      done.signal()
    }
  }

  /// The session's delegate: refuses redirects and hands each finished task's answer to its
  /// waiting caller.
  final class TaskOutcomes: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [Int: Outcome] = [:]

    func start(_ task: Int) -> Outcome {
      let outcome = Outcome()
      lock.withLock { waiting[task] = outcome }
      return outcome
    }

    /// Drops a task given up on, so its late completion is ignored.
    func forget(_ task: Int) { _ = lock.withLock { waiting.removeValue(forKey: task) } }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      guard let outcome = lock.withLock({ waiting.removeValue(forKey: task.taskIdentifier) }) else { return }
      if error == nil, let response = task.response as? HTTPURLResponse {
        outcome.finish(.status(response.statusCode))
      } else {
        outcome.finish(.failure(error.map(URLSessionTransport.reason) ?? "no HTTP answer"))
      }
    }
  }
}
