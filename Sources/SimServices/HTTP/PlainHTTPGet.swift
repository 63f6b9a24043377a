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
    let (target, hostField) = DeadlineSocket.target(of: url, host: host)
    var head = "GET \(target) HTTP/1.1\r\nHost: \(hostField)\r\n"
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
      guard let code = DeadlineSocket.statusCode(ofLine: Substring(lines.first ?? "")) else {
        return .failure("not an HTTP answer")
      }
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
    DeadlineSocket.connect(host: host, port: port, deadline: deadline).mapError { failure in
      switch failure {
      case .unknownHost: .failure("host not found")
      case .timeout: .timeout
      case .system(let number): .failure(number == ECONNREFUSED ? "connection refused" : String(cString: strerror(number)))
      }
    }
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

    var available: Int { buffer.count - start }

    /// Writes all of `bytes`; the outcome to return when it cannot.
    func send(_ bytes: [UInt8]) -> Outcome? {
      switch DeadlineSocket.send(bytes, on: fd, deadline: deadline) {
      case .success: nil
      case .failure(.timeout): .timeout
      case .failure: .failure("connection lost")
      }
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
        guard DeadlineSocket.wait(fd, for: Int16(POLLIN), deadline: deadline) else {
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
