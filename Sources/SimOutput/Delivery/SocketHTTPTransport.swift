import Dispatch
import Foundation
import SimServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// POSTs postbacks over plain HTTP/1.1 on a socket of its own: one new connection per attempt,
/// one request on it, closed after the answer.
///
/// Each call sends the request at most once. HTTP libraries re-send a request when a kept-alive
/// connection turns out closed (URLSession on Linux does, through libcurl, sometimes without
/// the body), and such a re-send is an attempt the log never shows; with no connection reused
/// and no reconnect there is nothing to re-send. Failures say whether the whole request had
/// gone out: only then may the receiver have taken the postback.
public struct SocketHTTPTransport: PostbackTransport {
  /// A transport for http:// URLs.
  public init() {}

  public func post(_ body: Data, to url: URL, timeout: Double) -> TransportAnswer {
    guard url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty else {
      return .failure("not an http:// URL")
    }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
    let fd: Int32
    switch Self.connectSocket(host: host, port: url.port ?? 80, deadline: deadline) {
    case .success(let socket): fd = socket
    case .failure(let reason): return .failure(reason.text)
    }
    defer { close(fd) }
    let request = Self.request(body, to: url, host: host)
    switch Self.sendAll(request, on: fd, deadline: deadline) {
    case .success: break
    // A request cut short cannot be taken: a receiver reads the whole Content-Length.
    case .failure(let reason): return .failure(reason.text)
    }
    switch Self.readStatus(fd, deadline: deadline) {
    case .success(let status): return .status(status)
    case .failure(let reason): return .uncertain(reason.text)
    }
  }

  /// Why an exchange stopped.
  package struct Stop: Error {
    package let text: String
    package init(_ text: String) { self.text = text }
    /// The stop for a socket error number.
    package init(errno number: Int32) {
      switch number {
      case ECONNREFUSED: text = "connection refused"
      case ECONNRESET, EPIPE: text = "connection reset"
      case ETIMEDOUT: text = "timeout"
      case EHOSTUNREACH, ENETUNREACH: text = "host unreachable"
      default: text = "network error: \(String(cString: strerror(number)))"
      }
    }
  }

  /// The request's bytes: `Connection: close`, since no second request follows on it.
  package static func request(_ body: Data, to url: URL, host: String) -> Data {
    let (target, hostField) = DeadlineSocket.target(of: url, host: host)
    let head =
      "POST \(target) HTTP/1.1\r\nHost: \(hostField)\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
      + "User-Agent: attrsim\r\n\r\n"
    return Data(head.utf8) + body
  }

  /// A connected non-blocking socket to the first of `host`'s addresses that accepts.
  private static func connectSocket(host: String, port: Int, deadline: UInt64) -> Result<Int32, Stop> {
    DeadlineSocket.connect(host: host, port: port, deadline: deadline).mapError(Self.stop)
  }

  /// Writes all of `data`; a stop when the connection fails or the deadline passes first.
  private static func sendAll(_ data: Data, on fd: Int32, deadline: UInt64) -> Result<Void, Stop> {
    DeadlineSocket.send([UInt8](data), on: fd, deadline: deadline).mapError { failure in
      failure == .timeout ? Stop("timeout") : stop(failure)
    }
  }

  /// The stop for a failed socket step; a connection that timed out says so.
  private static func stop(_ failure: DeadlineSocket.Failure) -> Stop {
    switch failure {
    case .unknownHost: Stop("unknown host")
    case .timeout: Stop("connect timeout")
    case .system(let number): Stop(errno: number)
    }
  }

  /// Reads the answer's head and returns its final status (skipping 1xx interim answers).
  private static func readStatus(_ fd: Int32, deadline: UInt64) -> Result<Int, Stop> {
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let separator = Data("\r\n\r\n".utf8)
    while true {
      while let end = buffer.range(of: separator) {
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer = Data(buffer[end.upperBound...])
        guard let status = statusCode(head) else { return .failure(Stop("bad response")) }
        if !(100..<200).contains(status) { return .success(status) }
      }
      guard buffer.count < 64 * 1024 else { return .failure(Stop("bad response")) }
      let count = recv(fd, &chunk, chunk.count, 0)
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
      } else if count == 0 {
        return .failure(Stop(buffer.isEmpty ? "connection closed" : "bad response"))
      } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        guard DeadlineSocket.wait(fd, for: Int16(POLLIN), deadline: deadline) else { return .failure(Stop("timeout")) }
      } else {
        return .failure(Stop(errno: errno))
      }
    }
  }

  /// The status code of an answer's head: `HTTP/1.1 200 OK` gives 200.
  package static func statusCode(_ head: String) -> Int? {
    DeadlineSocket.statusCode(ofLine: head.split(separator: "\r\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
  }
}
