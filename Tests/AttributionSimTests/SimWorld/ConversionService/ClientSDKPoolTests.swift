import AttributionTestSupport
import Foundation
import Testing

@testable import AttributionSim

/// The pool the run puts in front of an SDK endpoint.
@Suite struct ClientSDKPoolTests {
  /// A scenario's `concurrency` may exceed the session's default 64 connections: requests
  /// beyond those would queue inside the session, where its timeout runs, rather than be sent.
  @Test func endpointPoolSendsAsManyRequestsAtOnceAsItsConcurrency() throws {
    let width = 70
    let barrier = Barrier(parties: width)
    let server = try LoopbackServer { _ in
      barrier.arriveAndWait()
      return .json("{}")
    }
    let scenario = try TestScenarios.load(
      TestScenarios.sdk(
        sdk: "{ model: { endpoint: \"\(server.baseURL.absoluteString)/cv\", concurrency: \(width), timeout: \"60s\" } }",
        steps: ""))
    let pool = try #require(ScenarioRunner.sdkPool(for: scenario))
    defer { pool.close() }
    let tickets = (0..<width).map { pool.submit(ConversionRequest(parameters: [.init("n", String($0))])) }
    for ticket in tickets { _ = pool.answer(for: ticket) }
    #expect(server.peakConcurrency == width)
  }
}
