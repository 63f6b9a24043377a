import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// The HTTP adapter against a real server on the loopback interface: what the server receives,
/// and how each kind of answer or failure comes back.
@Suite("HTTP conversion endpoint")
struct HTTPConversionEndpointTests {
  private let request = ConversionRequest(parameters: [
    .init("app_key", "k&y=1+2"),
    .init("bundle_id", "com.example.game"),
    .init("event", "level up"),
    .init("revenue", #"{"USD":4.99,"EUR":"1/2"}"#),
    .init("city", "Zürich"),
    .init("conversion_value", "0"),
  ])

  @Test("a good answer is read, and the server receives every parameter in order after the URL's own query")
  func goodAnswerAndQuery() throws {
    let server = try LoopbackServer { _ in
      .json(#"{"conversion_value": 12, "skan_updated_coarse_value": 1, "skan_updated_lock_window_value": false}"#)
    }
    let url = try #require(URL(string: "\(server.baseURL.absoluteString)/skan/cv?token=abc"))
    let endpoint = HTTPConversionEndpoint(url: url, timeout: 5)
    #expect(endpoint.answer(request) == .update(fine: 12, coarse: 1, lock: false))
    let received = try #require(server.requests.first)
    #expect(received.method == "GET")
    #expect(received.path == "/skan/cv")
    let sent = [("token", "abc")] + request.parameters.map { ($0.name, $0.value) }
    #expect(received.queryItems.map(\.name) == sent.map(\.0))
    #expect(received.queryItems.map(\.value) == sent.map(\.1))
  }

  @Test("an error status in a 200 answer is a refusal")
  func errorStatusIsRefused() throws {
    let server = try LoopbackServer { _ in .json(#"{"status": "error", "reason": "unknown app"}"#) }
    let endpoint = HTTPConversionEndpoint(url: server.baseURL, timeout: 5)
    #expect(endpoint.answer(request) == .refused(status: "error", reason: "unknown app"))
  }

  @Test("a status other than 200 is an HTTP failure whatever the body says")
  func non200IsHTTPStatus() throws {
    let server = try LoopbackServer { request in
      request.query["event"] == "level up"
        ? .json(#"{"status": "error", "reason": "overloaded"}"#, status: 500) : .json("{}", status: 404)
    }
    let endpoint = HTTPConversionEndpoint(url: server.baseURL, timeout: 5)
    #expect(endpoint.answer(request) == .failed(.httpStatus(500)))
    #expect(endpoint.answer(ConversionRequest(parameters: [])) == .failed(.httpStatus(404)))
  }

  @Test("a 200 answer that is not the expected JSON is malformed")
  func malformedBody() throws {
    let server = try LoopbackServer { _ in .json(#"{"conversion_value": "high"}"#) }
    let endpoint = HTTPConversionEndpoint(url: server.baseURL, timeout: 5)
    #expect(
      endpoint.answer(request)
        == .failed(.malformed("expected conversion_value to be an integer, found string 'high'")))
  }

  @Test("a server slower than the timeout is a timeout")
  func slowServerTimesOut() throws {
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response.json(#"{"conversion_value": 1}"#)
      response.delay = 2
      return response
    }
    let endpoint = HTTPConversionEndpoint(url: server.baseURL, timeout: 0.3)
    #expect(endpoint.answer(request) == .failed(.timeout))
  }

  @Test("a timeout under a second still waits for a slightly slow server")
  func subsecondTimeoutWaits() throws {
    // Foundation on Linux truncates session timeouts to whole seconds, which made 0.8 s fail at once.
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response.json(#"{"conversion_value": 1}"#)
      response.delay = 0.05
      return response
    }
    let endpoint = HTTPConversionEndpoint(url: server.baseURL, timeout: 0.8)
    #expect(endpoint.answer(request) == .update(fine: 1, coarse: nil, lock: false))
  }

  @Test("a port nobody listens on is unreachable")
  func refusedConnectionIsUnreachable() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let url = server.baseURL
    server.stop()
    let answer = HTTPConversionEndpoint(url: url, timeout: 5).answer(request)
    guard case .failed(.unreachable(let why)) = answer else {
      Issue.record("expected unreachable, got \(answer)")
      return
    }
    #expect(why.hasPrefix("127.0.0.1:\(server.port)"))
  }

  @Test("a connection dropped without an answer is unreachable")
  func droppedConnectionIsUnreachable() throws {
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response.json("{}")
      response.dropConnection = true
      return response
    }
    let answer = HTTPConversionEndpoint(url: server.baseURL, timeout: 5).answer(request)
    guard case .failed(.unreachable) = answer else {
      Issue.record("expected unreachable, got \(answer)")
      return
    }
  }

  @Test("45.3: a 200 whose body never ends is cut off at the answer limit as malformed, not buffered without end")
  func endlessBodyIsCutOff() throws {
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response(status: 200, headers: ["Content-Type": "application/json"])
      response.endlessBody = true
      return response
    }
    // A generous timeout: the limit, not the clock, must end the exchange.
    let answer = HTTPConversionEndpoint(url: server.baseURL, timeout: 60).answer(request)
    guard case .failed(.malformed(let why)) = answer else {
      Issue.record("expected malformed, got \(answer)")
      return
    }
    #expect(why.contains("at most 1 MiB"))
  }

  @Test("45.3: a body announced longer than the answer limit is malformed without being read")
  func announcedLongBodyIsRefused() throws {
    let body = Data(repeating: UInt8(ascii: " "), count: HTTPConversionEndpoint.answerLimit) + Data("{}".utf8)
    let server = try LoopbackServer { _ in LoopbackServer.Response(status: 200, body: body) }
    let answer = HTTPConversionEndpoint(url: server.baseURL, timeout: 60).answer(request)
    guard case .failed(.malformed(let why)) = answer else {
      Issue.record("expected malformed, got \(answer)")
      return
    }
    #expect(why.contains("at most 1 MiB"))
  }

  @Test("45.3: an answer's body is read whether chunked, of a Content-Length, or up to the connection's end", arguments: [
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9;x=1\r\n{\"convers\r\ne\r\nion_value\": 5}\r\n0\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 23\r\n\r\n{\"conversion_value\": 5}",
    "HTTP/1.0 200 OK\r\n\r\n{\"conversion_value\": 5}",
  ])
  func bodyEncodings(answer: String) throws {
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response()
      response.raw = Data(answer.utf8)
      return response
    }
    #expect(HTTPConversionEndpoint(url: server.baseURL, timeout: 5).answer(request) == .update(fine: 5, coarse: nil, lock: false))
  }

  @Test("45.3: a chunked body past the answer limit is malformed, the rest not read")
  func longChunkedBody() throws {
    let chunk = String(repeating: " ", count: 65536)
    let body = String(repeating: "10000\r\n\(chunk)\r\n", count: 17) + "0\r\n\r\n"
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response()
      response.raw = Data(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + body).utf8)
      return response
    }
    let answer = HTTPConversionEndpoint(url: server.baseURL, timeout: 10).answer(request)
    guard case .failed(.malformed(let why)) = answer else {
      Issue.record("expected malformed, got \(answer)")
      return
    }
    #expect(why.contains("at most 1 MiB"))
  }

  @Test("45.4: a redirect is not followed: the 3xx is an HTTP failure and its target gets no request")
  func redirectIsNotFollowed() throws {
    let elsewhere = try LoopbackServer { _ in .json(#"{"conversion_value": 9}"#) }
    let target = elsewhere.baseURL.absoluteString + "/cv"
    let server = try LoopbackServer { _ in LoopbackServer.Response(status: 302, headers: ["Location": target]) }
    #expect(HTTPConversionEndpoint(url: server.baseURL, timeout: 5).answer(request) == .failed(.httpStatus(302)))
    #expect(server.requests.count == 1)
    #expect(elsewhere.requests.isEmpty)
  }

  @Test("a URL that is not http or https is unreachable without a request")
  func nonHTTPURLIsUnreachable() throws {
    let endpoint = HTTPConversionEndpoint(url: URL(fileURLWithPath: "/tmp/cv.json"), timeout: 1)
    #expect(endpoint.answer(request) == .failed(.unreachable("file:///tmp/cv.json is not an http or https URL")))
  }

  @Test("through a pool, requests overlap up to its width and each ticket gets its own request's answer")
  func poolBoundsConcurrencyOnTheWire() throws {
    let server = try LoopbackServer { request in
      var response = LoopbackServer.Response.json(#"{"conversion_value": \#(request.query["n"] ?? "null")}"#)
      response.delay = 0.2
      return response
    }
    let pool = ConversionRequestPool(service: HTTPConversionEndpoint(url: server.baseURL, timeout: 10), width: 4)
    let tickets = (0..<16).map { pool.submit(ConversionRequest(parameters: [.init("n", String($0))])) }
    for ticket in tickets.reversed() {
      #expect(pool.answer(for: ticket) == .update(fine: ticket.number, coarse: nil, lock: false))
    }
    #expect(server.requests.count == 16)
    #expect(server.peakConcurrency > 1)
    #expect(server.peakConcurrency <= 4)
    #expect(pool.counts.peakInFlight <= 4)
  }
}
