import Dispatch
import Foundation

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
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    var target = components?.percentEncodedPath ?? "/"
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    let hostField = host.contains(":") ? "[\(host)]" : host
    let head =
      "POST \(target) HTTP/1.1\r\nHost: \(hostField)\(url.port.map { ":\($0)" } ?? "")\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
      + "User-Agent: attrsim\r\n\r\n"
    return Data(head.utf8) + body
  }

  /// Milliseconds left until `deadline`, for poll(2); 0 when it has passed.
  private static func remaining(_ deadline: UInt64) -> Int32 {
    let now = DispatchTime.now().uptimeNanoseconds
    guard deadline > now else { return 0 }
    return Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
  }

  /// Waits until `fd` is ready for `events`; false at the deadline.
  private static func wait(_ fd: Int32, for events: Int32, deadline: UInt64) -> Bool {
    while true {
      let left = remaining(deadline)
      guard left > 0 else { return false }
      var poller = pollfd(fd: fd, events: Int16(events), revents: 0)
      let ready = poll(&poller, 1, left)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return true }  // the next call reports the error
    }
  }

  /// A connected non-blocking socket to the first of `host`'s addresses that accepts.
  private static func connectSocket(host: String, port: Int, deadline: UInt64) -> Result<Int32, Stop> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .failure(Stop("unknown host")) }
    defer { freeaddrinfo(first) }
    var stop = Stop("connection refused")
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return .success(fd) }
      if errno == EINPROGRESS || errno == EINTR {
        guard wait(fd, for: Int32(POLLOUT), deadline: deadline) else {
          close(fd)
          return .failure(Stop("connect timeout"))
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return .success(fd) }
        stop = error == ETIMEDOUT ? Stop("connect timeout") : Stop(errno: error)
      } else {
        stop = Stop(errno: errno)
      }
      close(fd)
    }
    return .failure(stop)
  }

  /// Writes all of `data`; a stop when the connection fails or the deadline passes first.
  private static func sendAll(_ data: Data, on fd: Int32, deadline: UInt64) -> Result<Void, Stop> {
    let bytes = [UInt8](data)
    var offset = 0
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
      if sent > 0 {
        offset += sent
        continue
      }
      guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .failure(Stop(errno: errno)) }
      guard wait(fd, for: Int32(POLLOUT), deadline: deadline) else { return .failure(Stop("timeout")) }
    }
    return .success(())
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
        guard wait(fd, for: Int32(POLLIN), deadline: deadline) else { return .failure(Stop("timeout")) }
      } else {
        return .failure(Stop(errno: errno))
      }
    }
  }

  /// The status code of an answer's head: `HTTP/1.1 200 OK` gives 200.
  package static func statusCode(_ head: String) -> Int? {
    let line = head.split(separator: "\r\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let parts = line.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]),
      (100..<600).contains(status)
    else { return nil }
    return status
  }
}
