import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// What delivery reads of a receiver's answer: its status only. A body that never ends cannot
/// hold an attempt up or fill memory, and a redirect is an answer, never followed.
@Suite("Delivery reads a receiver's status only and follows no redirect")
struct ReceiverAnswerTests {
  private let body = Data(#"{"postback":1}"#.utf8)

  private static func transport(_ name: String) -> any PostbackTransport {
    name == "socket" ? SocketHTTPTransport() : URLSessionTransport()
  }

  @Test("45.3: a 200 whose body never ends counts as 200 once its head arrives", arguments: ["socket", "URLSession"])
  func endlessBodyIsAStatus(transport name: String) throws {
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response(status: 200)
      response.endlessBody = true
      return response
    }
    // A generous timeout: an attempt waiting for the body would end as a timeout, not a 200.
    #expect(Self.transport(name).post(body, to: server.baseURL, timeout: 60) == .status(200))
  }

  @Test("45.4: a 3xx is the answer: its target gets no request", arguments: ["socket", "URLSession"])
  func redirectIsNotFollowed(transport name: String) throws {
    let elsewhere = try LoopbackServer { _ in LoopbackServer.Response(status: 200) }
    let target = elsewhere.baseURL.absoluteString + "/postbacks"
    let server = try LoopbackServer { _ in LoopbackServer.Response(status: 307, headers: ["Location": target]) }
    #expect(Self.transport(name).post(body, to: server.baseURL, timeout: 5) == .status(307))
    #expect(server.requests.count == 1)
    #expect(elsewhere.requests.isEmpty)
  }
}
