import AttributionTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test server itself: what it hands the handler and what clients get back.
@Suite("The loopback test server speaks HTTP/1.1")
struct LoopbackServerTests {
  private func send(_ request: URLRequest, session: URLSession = .shared) async throws -> (Data, Int) {
    let (data, response) = try await session.data(for: request)
    return (data, (response as? HTTPURLResponse)?.statusCode ?? -1)
  }

  @Test("a GET's path and percent-decoded query reach the handler, and its answer comes back")
  func getWithQuery() async throws {
    let server = try LoopbackServer { request in
      .json("{\"path\":\"\(request.path)\"}", status: request.query["token"] == "a b/c" ? 200 : 400)
    }
    let url = URL(string: "\(server.baseURL.absoluteString)/lookup/?token=a%20b%2Fc&n=1&n=2")!
    let (data, status) = try await send(URLRequest(url: url))
    #expect(status == 200)
    #expect(String(decoding: data, as: UTF8.self) == "{\"path\":\"/lookup/\"}")
    let seen = try #require(server.requests.first)
    #expect(seen.method == "GET")
    #expect(seen.path == "/lookup/")
    #expect(seen.queryItems == [.init(name: "token", value: "a b/c"), .init(name: "n", value: "1"), .init(name: "n", value: "2")])
    #expect(seen.query["n"] == "2")
    #expect(seen.number == 1)
  }

  @Test("a POST's body and headers arrive byte for byte, and a non-200 status is answered as given")
  func postWithBody() async throws {
    let server = try LoopbackServer { _ in .json("{\"error\":\"busy\"}", status: 503) }
    var request = URLRequest(url: server.baseURL.appendingPathComponent("postbacks"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let body = Data("{\"transaction-id\":\"é-1\"}".utf8)
    request.httpBody = body
    let (data, status) = try await send(request)
    #expect(status == 503)
    #expect(String(decoding: data, as: UTF8.self) == "{\"error\":\"busy\"}")
    let seen = try #require(server.requests.first)
    #expect(seen.method == "POST")
    #expect(seen.path == "/postbacks")
    #expect(seen.headers["content-type"] == "application/json")
    #expect(seen.body == body)
  }

  @Test("requests in turn on one URLSession share a kept-alive connection")
  func keepAlive() async throws {
    let server = try LoopbackServer { request in .json("{\"n\":\(request.number)}") }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    // Five in turn: on a loaded machine URLSession may open a second connection before the first
    // is back in its pool, but a server that closed after each answer would give five.
    for expected in 1...5 {
      let (data, status) = try await send(URLRequest(url: server.baseURL.appendingPathComponent("x")), session: session)
      #expect(status == 200)
      #expect(String(decoding: data, as: UTF8.self) == "{\"n\":\(expected)}")
    }
    let connections = server.requests.map(\.connection)
    #expect(connections.count == 5)
    #expect(Set(connections).count < connections.count, "some request reused a kept-alive connection: \(connections)")
  }

  @Test("a dropped connection reaches the client as an error, not an answer")
  func droppedConnection() async throws {
    let server = try LoopbackServer { _ in LoopbackServer.Response(dropConnection: true) }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    await #expect(throws: (any Error).self) {
      _ = try await send(URLRequest(url: server.baseURL), session: session)
    }
  }

  @Test("requests on separate connections are handled at once, and the peak says so")
  func concurrency() async throws {
    // Each handler waits until both requests are in, so they overlap without any timing.
    let gate = Barrier(parties: 2)
    let server = try LoopbackServer { _ in
      gate.arriveAndWait()
      return .json("{}")
    }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    async let first = send(URLRequest(url: server.baseURL.appendingPathComponent("a")), session: session)
    async let second = send(URLRequest(url: server.baseURL.appendingPathComponent("b")), session: session)
    let statuses = try await [first.1, second.1]
    #expect(statuses == [200, 200])
    #expect(server.peakConcurrency == 2)
  }
}
