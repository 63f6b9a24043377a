import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One GET over plain HTTP/1.1 on a connection of its own, read with a deadline for the whole
/// exchange and a limit on the body: what ``HTTPConversionEndpoint`` uses for http:// URLs.
///
/// URLSession on Linux reads a body as fast as it arrives and queues it for its delegate, so an
/// endless body fills memory whatever the delegate does; here nothing is read past the limit.
/// Redirects are answers like any other: nothing here follows one.
package enum PlainHTTPGet {
  /// How the exchange ended.
  package enum Outcome: Error, Equatable {
    /// A whole answer; the body only for a 200.
    case answer(status: Int, body: [UInt8])
    /// A 200 whose body passed the limit: the rest was not read.
    case tooLong
    /// The deadline passed first.
    case timeout
    /// No answer: why, for a message.
    case failure(String)
  }

  /// GETs `url` (an http:// URL with a host) with `headers`, reading at most `limit` bytes of a
  /// 200's body, all before `deadline` (DispatchTime nanoseconds).
  package static func get(_ url: URL, headers: [(String, String)], deadline: UInt64, limit: Int) -> Outcome {
    guard let host = url.host, !host.isEmpty else { return .failure("no host") }
    let fd: Int32
    switch connect(host: host, port: url.port ?? 80, deadline: deadline) {
    case .success(let socket): fd = socket
    case .failure(let outcome): return outcome
    }
    defer { close(fd) }
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    var target = components?.percentEncodedPath ?? "/"
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    var head = "GET \(target) HTTP/1.1\r\nHost: \(host.contains(":") ? "[\(host)]" : host)\(url.port.map { ":\($0)" } ?? "")\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "Connection: close\r\nUser-Agent: attrsim\r\n\r\n"
    var reader = Reader(fd: fd, deadline: deadline)
    if let stop = reader.send(Array(head.utf8)) { return stop }
    // The head, skipping interim (1xx) answers.
    var status = 0
    var fields: [String: String] = [:]
    repeat {
      guard let text = reader.headText() else { return reader.stop ?? .failure("not an HTTP answer") }
      let lines = text.components(separatedBy: "\r\n")
      let parts = (lines.first ?? "").split(separator: " ", maxSplits: 2)
      guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]),
        (100..<600).contains(code)
      else { return .failure("not an HTTP answer") }
      status = code
      fields = [:]
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    } while (100..<200).contains(status)
    // Only a 200's body is read: any other status is the answer.
    guard status == 200 else { return .answer(status: status, body: []) }
    if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
      return reader.chunkedBody(limit: limit).map { .answer(status: 200, body: $0) } ?? (reader.stop ?? .tooLong)
    }
    if let lengthText = fields["content-length"] {
      guard let length = Int(lengthText), length >= 0 else { return .failure("not an HTTP answer") }
      guard length <= limit else { return .tooLong }
      return reader.bytes(length).map { .answer(status: 200, body: $0) } ?? (reader.stop ?? .failure("connection lost"))
    }
    return reader.bodyToEnd(limit: limit).map { .answer(status: 200, body: $0) } ?? (reader.stop ?? .tooLong)
  }

  /// A connected socket to the first of `host`'s addresses that accepts before `deadline`.
  private static func connect(host: String, port: Int, deadline: UInt64) -> Result<Int32, Outcome> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return .failure(.failure("host not found")) }
    defer { freeaddrinfo(first) }
    var stop = Outcome.failure("connection refused")
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
        guard Reader.wait(fd, for: Int16(POLLOUT), deadline: deadline) else {
          close(fd)
          return .failure(.timeout)
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return .success(fd) }
        stop = .failure(error == ECONNREFUSED ? "connection refused" : String(cString: strerror(error)))
      } else {
        stop = .failure(errno == ECONNREFUSED ? "connection refused" : String(cString: strerror(errno)))
      }
      close(fd)
    }
    return .failure(stop)
  }

  /// The connection's bytes, read as needed before the deadline.
  private struct Reader {
    let fd: Int32
    let deadline: UInt64
    /// Read and not yet consumed, from `start`.
    var buffer: [UInt8] = []
    var start = 0
    var ended = false
    /// Why reading stopped early: a timeout or an error.
    var stop: Outcome?

    init(fd: Int32, deadline: UInt64) {
      self.fd = fd
      self.deadline = deadline
    }

    static func wait(_ fd: Int32, for events: Int16, deadline: UInt64) -> Bool {
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

    var available: Int { buffer.count - start }

    /// Writes all of `bytes`; the outcome to return when it cannot.
    mutating func send(_ bytes: [UInt8]) -> Outcome? {
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
        guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .failure("connection lost") }
        guard Self.wait(fd, for: Int16(POLLOUT), deadline: deadline) else { return .timeout }
      }
      return nil
    }

    /// Reads more; false at the end of the stream, an error or the deadline (then `stop`).
    mutating func fill() -> Bool {
      if start > 65536 {
        buffer.removeFirst(start)
        start = 0
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = recv(fd, &chunk, chunk.count, 0)
        if count > 0 {
          buffer += chunk[..<count]
          return true
        }
        if count == 0 {
          ended = true
          return false
        }
        guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
          stop = .failure("connection lost")
          return false
        }
        guard Self.wait(fd, for: Int16(POLLIN), deadline: deadline) else {
          stop = .timeout
          return false
        }
      }
    }

    /// Takes `count` bytes, reading as needed; nil when the stream ends first.
    mutating func bytes(_ count: Int) -> [UInt8]? {
      while available < count { guard fill() else { return nil } }
      defer { start += count }
      return Array(buffer[start..<start + count])
    }

    /// Takes a line (without its CRLF) of at most `limit` bytes; nil when none comes.
    mutating func line(limit: Int) -> String? {
      var scanned = start
      while true {
        if let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
          var text = buffer[start..<end]
          if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
          start = end + 1
          return String(decoding: text, as: UTF8.self)
        }
        scanned = buffer.count
        guard available <= limit, fill() else { return nil }
      }
    }

    /// The head's text up to its blank line (at most 64 KiB); nil when none comes.
    mutating func headText() -> String? {
      var lines: [String] = []
      var size = 0
      while let line = line(limit: 65536) {
        if line.isEmpty { return lines.joined(separator: "\r\n") }
        size += line.utf8.count
        guard size <= 65536 else { return nil }
        lines.append(line)
      }
      return nil
    }

    /// A chunked body; nil when it passes `limit` (then the rest is not read) or breaks off.
    mutating func chunkedBody(limit: Int) -> [UInt8]? {
      var body: [UInt8] = []
      while let sizeLine = line(limit: 1024) {
        let digits = sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard let size = Int(digits, radix: 16), size >= 0 else {
          stop = .failure("not an HTTP answer")
          return nil
        }
        if size == 0 { return body }
        guard body.count + size <= limit else { return nil }
        guard let chunk = bytes(size), bytes(2) != nil else { return nil }
        body += chunk
      }
      return nil
    }

    /// The body up to the end of the stream; nil when it passes `limit` first.
    mutating func bodyToEnd(limit: Int) -> [UInt8]? {
      while !ended {
        guard available <= limit else { return nil }
        if !fill(), stop != nil { return nil }
      }
      guard available <= limit else { return nil }
      return Array(buffer[start...])
    }
  }
}
