import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-blocking TCP connection whose every step ends by one deadline (DispatchTime uptime
/// nanoseconds), so a whole exchange is timed, not only the gaps between bytes: what the
/// conversion endpoint's and the postback deliverer's plain-HTTP clients share.
package enum DeadlineSocket {
  /// Why a step did not complete.
  package enum Failure: Error, Equatable, Sendable {
    /// The host name did not resolve.
    case unknownHost
    /// The deadline passed first.
    case timeout
    /// The system's error number (ECONNREFUSED, ECONNRESET, …).
    case system(Int32)
  }

  /// A connected socket to the first of `host`'s addresses that accepts before `deadline`; the
  /// last address's failure otherwise.
  package static func connect(host: String, port: Int, deadline: UInt64) -> Result<Int32, Failure> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .failure(.unknownHost) }
    defer { freeaddrinfo(first) }
    var stop = Failure.system(ECONNREFUSED)
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
      #if canImport(Glibc)
        let connected = Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen)
      #else
        let connected = Darwin.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen)
      #endif
      if connected == 0 { return .success(fd) }
      if errno == EINPROGRESS || errno == EINTR {
        guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else {
          close(fd)
          return .failure(.timeout)
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return .success(fd) }
        stop = error == ETIMEDOUT ? .timeout : .system(error)
      } else {
        stop = .system(errno)
      }
      close(fd)
    }
    return .failure(stop)
  }

  /// Waits until `fd` is ready for `events`; false at the deadline. An error of poll(2) other
  /// than EINTR returns true: the next call on the socket reports it.
  package static func wait(_ fd: Int32, for events: Int16, deadline: UInt64) -> Bool {
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard deadline > now else { return false }
      let left = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
      var poller = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&poller, 1, left)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return true }
    }
  }

  /// Writes all of `bytes` before `deadline` (never raising SIGPIPE).
  package static func send(_ bytes: [UInt8], on fd: Int32, deadline: UInt64) -> Result<Void, Failure> {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, flags) }
      if sent > 0 {
        offset += sent
        continue
      }
      guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .failure(.system(errno)) }
      guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else { return .failure(.timeout) }
    }
    return .success(())
  }

  /// The request line's target for `url` (path, `/` when empty, and its query) and the `Host`
  /// field's value (an IPv6 literal in brackets, the port when given).
  package static func target(of url: URL, host: String) -> (target: String, host: String) {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    var target = components?.percentEncodedPath ?? "/"
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    return (target, (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? ""))
  }

  /// The status code of an HTTP/1.x status line (`HTTP/1.1 200 OK` gives 200); nil otherwise.
  package static func statusCode(ofLine line: Substring) -> Int? {
    let parts = line.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]),
      (100..<600).contains(status)
    else { return nil }
    return status
  }
}
