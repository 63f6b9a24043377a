import Foundation

/// The transport delivery uses by default: http:// on a socket of its own per attempt
/// (``SocketHTTPTransport``), https:// through URLSession with a session of its own per attempt
/// (``URLSessionTransport``); neither re-sends a request.
public struct HTTPTransport: PostbackTransport {
  private let plain = SocketHTTPTransport()
  private let secure: URLSessionTransport

  /// The default transport.
  public init() { secure = URLSessionTransport() }

  public func post(_ body: Data, to url: URL, timeout: Double) -> TransportAnswer {
    url.scheme?.lowercased() == "https"
      ? secure.post(body, to: url, timeout: timeout) : plain.post(body, to: url, timeout: timeout)
  }
}
