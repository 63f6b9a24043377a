import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: answers every request with `handler`'s response.
///
/// POSIX sockets and one thread per connection: enough for tests that need a real receiver on
/// the wire (keep-alive, slow answers, dropped and reset connections) without a dependency. Request bodies
/// need a Content-Length (no chunked uploads); answers always carry one.
package final class LoopbackServer: @unchecked Sendable {
  /// One query parameter, in the order the request gave it.
  package struct QueryItem: Sendable, Equatable {
    package let name: String
    package let value: String

    /// A parameter of the given name and value.
    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A request as it arrived.
  package struct Request: Sendable {
    package let method: String
    /// The path without the query.
    package let path: String
    /// Query parameters, percent-decoded; a repeated name keeps its last value.
    package let query: [String: String]
    /// Query parameters in order, repeats included.
    package let queryItems: [QueryItem]
    /// Header fields under lower-cased names; repeated fields joined with ", ".
    package let headers: [String: String]
    package let body: Data
    /// 1-based arrival order across all connections.
    package let number: Int
    /// 1-based order in which its connection was accepted: requests on one kept-alive
    /// connection share it.
    package let connection: Int
  }

  /// What to answer.
  package struct Response: Sendable {
    package var status: Int = 200
    package var headers: [String: String] = [:]
    package var body: Data = Data()
    /// Seconds to wait before answering (a slow server).
    package var delay: Double = 0
    /// Close the connection without answering.
    package var dropConnection = false
    /// Abort the connection without answering: the client gets a reset (RST), not an orderly close.
    package var resetConnection = false
    /// After the head, send body bytes without end until the client goes away (no
    /// Content-Length): a server that never finishes its answer.
    package var endlessBody = false
    /// The whole answer as these bytes, head included, then the connection closed: for
    /// answers the encoder does not make (chunked, no length, broken).
    package var raw: Data?

    /// An answer of the given parts; by default an immediate, empty 200.
    package init(
      status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0,
      dropConnection: Bool = false, resetConnection: Bool = false
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.dropConnection = dropConnection
      self.resetConnection = resetConnection
    }

    /// A JSON answer with the given status.
    package static func json(_ text: String, status: Int = 200) -> Response {
      Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
  }

  /// The port the server listens on, chosen by the system.
  package let port: Int
  /// `http://127.0.0.1:<port>`.
  package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Every request received, in arrival order.
  package var requests: [Request] { core.locked { core.received } }
  /// The most requests it was handling at once.
  package var peakConcurrency: Int { core.locked { core.peak } }

  /// The state the threads share; kept apart so that the threads do not keep the server alive
  /// and its deinit can stop them.
  private let core: Core

  /// Starts listening on an ephemeral port of 127.0.0.1.
  package init(handler: @escaping @Sendable (Request) -> Response) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError.system("socket") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      close(fd)
      throw ServerError.system("bind/listen")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      close(fd)
      throw ServerError.system("getsockname")
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    core = Core(listener: fd, handler: handler)
    let core = core
    let thread = Thread { core.acceptLoop() }
    thread.name = "LoopbackServer.accept"
    thread.start()
  }

  deinit { stop() }

  /// Stops accepting, closes open connections and waits for the accepting thread to end.
  package func stop() { core.stop() }

  package enum ServerError: Error {
    case system(String)
  }
}

/// The listening socket, the connections and what they have seen.
private final class Core: @unchecked Sendable {
  typealias Request = LoopbackServer.Request
  typealias Response = LoopbackServer.Response
  typealias QueryItem = LoopbackServer.QueryItem

  let listener: Int32
  let handler: @Sendable (Request) -> Response
  private let lock = NSLock()
  var received: [Request] = []
  var peak = 0
  private var inFlight = 0
  private var stopped = false
  /// Open connections, so `stop` can wake their blocked reads.
  private var connections: Set<Int32> = []
  private var accepted = 0
  private let acceptFinished = DispatchSemaphore(value: 0)

  init(listener: Int32, handler: @escaping @Sendable (Request) -> Response) {
    self.listener = listener
    self.handler = handler
  }

  func stop() {
    let wasRunning: Bool = locked {
      let running = !stopped
      stopped = true
      // Under the lock, so a connection thread cannot close (and the system reuse) one of these first.
      for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
      return running
    }
    guard wasRunning else { return }
    // Wakes a blocked accept on Linux; the poll timeout covers systems where it does not.
    shutdown(listener, Int32(SHUT_RDWR))
    acceptFinished.wait()
    close(listener)
  }

  // MARK: - Accepting

  func acceptLoop() {
    defer { acceptFinished.signal() }
    while !locked({ stopped }) {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else {
        if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED { continue }
        return
      }
      let number: Int? = locked {
        guard !stopped else { return nil }
        connections.insert(fd)
        accepted += 1
        return accepted
      }
      guard let number else {
        close(fd)
        return
      }
      let thread = Thread { self.serve(fd, connection: number) }
      thread.name = "LoopbackServer.connection"
      thread.start()
    }
  }

  // MARK: - One connection

  private func serve(_ fd: Int32, connection: Int) {
    defer {
      locked { _ = connections.remove(fd) }
      close(fd)
    }
    var buffer = Data()
    while true {
      guard let (head, body) = readRequest(fd, buffer: &buffer) else { return }
      let request = locked { () -> Request in
        let request = Request(
          method: head.method, path: head.path, query: head.query, queryItems: head.queryItems,
          headers: head.headers, body: body, number: received.count + 1, connection: connection)
        received.append(request)
        inFlight += 1
        peak = max(peak, inFlight)
        return request
      }
      let response = handler(request)
      if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
      // Answered before a byte of the response goes out: a client that reads it may send its next
      // request before this thread runs again, which a later decrement would count as overlap.
      locked { inFlight -= 1 }
      if response.resetConnection {
        // A zero linger time makes close(2) send RST instead of FIN.
        var abort = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        return
      }
      if response.dropConnection { return }
      if let raw = response.raw {
        _ = write(fd, raw)
        return
      }
      if response.endlessBody {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nConnection: close\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        guard write(fd, Data((head + "\r\n").utf8)) else { return }
        let chunk = Data(repeating: UInt8(ascii: "7"), count: 65536)
        while write(fd, chunk) {}
        return
      }
      let closing =
        head.wantsClose
        || response.headers.contains { $0.key.lowercased() == "connection" && $0.value.lowercased() == "close" }
      guard write(fd, Self.encode(response, closing: closing)), !closing else { return }
    }
  }

  private struct Head {
    var method = "", path = "", query: [String: String] = [:], queryItems: [QueryItem] = []
    var headers: [String: String] = [:]
    var wantsClose = false
  }

  /// Reads one request, leaving any bytes of the next in `buffer`; nil at end of stream or on
  /// a request it cannot read.
  private func readRequest(_ fd: Int32, buffer: inout Data) -> (Head, Data)? {
    let separator = Data("\r\n\r\n".utf8)
    var headEnd = buffer.range(of: separator)
    while headEnd == nil {
      guard readMore(fd, into: &buffer) else { return nil }
      headEnd = buffer.range(of: separator)
    }
    guard let headEnd, let headText = String(data: buffer[buffer.startIndex..<headEnd.lowerBound], encoding: .utf8),
      var head = Self.parseHead(headText)
    else { return nil }
    let length = Int(head.headers["content-length"] ?? "0") ?? 0
    guard length >= 0 else { return nil }
    while buffer.distance(from: headEnd.upperBound, to: buffer.endIndex) < length {
      guard readMore(fd, into: &buffer) else { return nil }
    }
    let bodyEnd = buffer.index(headEnd.upperBound, offsetBy: length)
    let body = Data(buffer[headEnd.upperBound..<bodyEnd])
    buffer = Data(buffer[bodyEnd...])
    if head.headers["transfer-encoding"] != nil { head.wantsClose = true }
    return (head, body)
  }

  private func readMore(_ fd: Int32, into buffer: inout Data) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = recv(fd, &chunk, chunk.count, 0)
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return true
      }
      if count < 0, errno == EINTR { continue }
      return false
    }
  }

  private func write(_ fd: Int32, _ data: Data) -> Bool {
    var offset = 0
    let bytes = [UInt8](data)
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  // MARK: - Parsing and encoding

  private static func parseHead(_ text: String) -> Head? {
    let lines = text.components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3 else { return nil }
    var head = Head()
    head.method = String(requestLine[0])
    let target = String(requestLine[1])
    let version = String(requestLine[2])
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    head.path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    if parts.count == 2 {
      for pair in parts[1].split(separator: "&") {
        let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(nameValue[0]).removingPercentEncoding ?? String(nameValue[0])
        let value = nameValue.count == 2 ? (String(nameValue[1]).removingPercentEncoding ?? String(nameValue[1])) : ""
        head.queryItems.append(QueryItem(name: name, value: value))
        head.query[name] = value
      }
    }
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      head.headers[name] = head.headers[name].map { "\($0), \(value)" } ?? value
    }
    let connection = head.headers["connection"]?.lowercased() ?? ""
    // HTTP/1.0 closes unless asked to keep alive; HTTP/1.1 keeps alive unless asked to close.
    head.wantsClose = version == "HTTP/1.0" ? !connection.contains("keep-alive") : connection.contains("close")
    return head
  }

  private static func encode(_ response: Response, closing: Bool) -> Data {
    var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
    where !["content-length", "connection"].contains(name.lowercased()) {
      text += "\(name): \(value)\r\n"
    }
    text += "Content-Length: \(response.body.count)\r\n"
    text += "Connection: \(closing ? "close" : "keep-alive")\r\n\r\n"
    return Data(text.utf8) + response.body
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
