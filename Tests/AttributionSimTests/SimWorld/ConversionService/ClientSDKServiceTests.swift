import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// The SDK driven by a conversion-value endpoint on loopback and by a local command (issue 9):
/// answers are applied at their virtual arrival time, failures change nothing, and a
/// deterministic service gives byte-identical runs however many requests are in flight.
@Suite struct ClientSDKServiceTests {
  /// Counts requests per user, for a server that keeps the sequential test per device.
  final class PerUserCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(_ user: String) -> Int {
      lock.withLock {
        counts[user, default: 0] += 1
        return counts[user]!
      }
    }
  }

  private static let sequentialSteps = """
    { at: "4h", action: "event", name: "tutorial_complete" }, { at: "5h", action: "event", name: "level_up" },
    { at: "6h", action: "launch" },
    """

  @Test func endpointDrivesTheSequentialTestOverHTTP() throws {
    let counter = PerUserCounter()
    let server = try LoopbackServer { request in
      let number = counter.next(request.query["u"] ?? "")
      return number <= 3 ? .json("{\"conversion_value\": \(number - 1)}") : .json("{\"status\": \"ok\"}")
    }
    let text = TestScenarios.sdk(
      sdk: "{ model: { endpoint: \"\(server.baseURL.absoluteString)/cv?a_fixed=1\" } }", steps: Self.sequentialSteps)
    let run = try TestScenarios.runSDK(text)
    let answers = run.sdk.filter { $0.activity == "answer" }
    #expect(answers.map(\.currentValue) == [0, 1, 2, 2])
    // Each answer is applied 1 s (the default response time) after its activity.
    #expect(answers.first?.time.milliseconds == Int64(3 * 3_600_000 + 1_000))
    #expect(run.sdk.filter { $0.activity != "answer" }.map(\.action) == ["asked", "asked", "asked", "asked"])
    #expect(run.postbacks.first { $0.recipient == .adNetwork }?.fields["conversion-value"] == .int(2))
    let requests = server.requests
    #expect(requests.count == 4)
    #expect(requests.allSatisfy { $0.method == "GET" && $0.path == "/cv" })
    let first = try #require(requests.first)
    #expect(first.queryItems.prefix(7).map(\.name) == ["a_fixed", "a", "p", "i", "app_v", "n", "u"])
    #expect(first.query["a"] == "attrsim" && first.query["i"] == "com.example.app" && first.query["p"] == "iOS")
    #expect(first.query["n"] == "__SESSION__")
    #expect(first.query["skan_current_conversion_value"] == "0")
    #expect(first.query["skan_total_revenue_by_currency"] == "{}")
    // SKAdNetwork 4.0 requests carry the per-window metadata.
    #expect(first.query["p0_total_iap_revenue"] == "{}")
    #expect(requests.map { $0.query["n"] } == ["__SESSION__", "tutorial_complete", "level_up", "__SESSION__"])
    #expect(requests.last?.query["skan_current_conversion_value"] == "2")
    #expect(requests.last?.query["prev_fine_value"] == "1")
  }

  /// Errors, malformed answers and timeouts are counted and the SDK makes no update.
  @Test(arguments: ["500", "malformed", "refused", "slow"])
  func failedAnswersAreCountedAndChangeNothing(name: String) throws {
    let (response, counted): (LoopbackServer.Response, KeyPath<SDKCounts, Int>) =
      switch name {
      case "500": (.json("{\"status\": \"error\"}", status: 500), \.httpErrors)
      case "malformed": (.json("conversion_value=3"), \.malformed)
      case "refused": (.json("{\"status\": \"error\", \"reason\": \"unknown app\"}"), \.refused)
      default: ({ var slow = LoopbackServer.Response.json("{\"conversion_value\": 7}"); slow.delay = 3; return slow }(), \.timeouts)
      }
    let server = try LoopbackServer { _ in response }
    // Only the slow answer is meant to miss the timeout: the others get one a loaded machine meets.
    let timeout = name == "slow" ? "300ms" : "10s"
    let text = TestScenarios.sdk(
      sdk: "{ model: { endpoint: \"\(server.baseURL.absoluteString)/cv\", timeout: \"\(timeout)\" } }",
      steps: "{ at: \"4h\", action: \"event\", name: \"tutorial_complete\" },")
    let run = try TestScenarios.runSDK(text)
    #expect(run.summary.sdk.requests == 2, "\(name)")
    #expect(run.summary.sdk[keyPath: counted] == 2, "\(name)")
    #expect(run.summary.sdk.applied == 0, "\(name)")
    #expect(run.sdk.filter { $0.activity == "answer" }.allSatisfy { $0.action.hasPrefix("no update") && $0.currentValue == 0 })
    #expect(run.postbacks.first { $0.recipient == .adNetwork }?.fields["conversion-value"] == .int(0), "\(name)")
  }

  /// §5.1 as the SDK applies it: an answer arriving 30 h after the first launch's request finds
  /// the SDK's 24 h timer (from its registration at 3h) run out, and is dropped; the platform's
  /// timer ran out at 27h too, so there is no finding.
  @Test func skan3AnswerAfterTheSDKsTimerIsDropped() throws {
    let server = try LoopbackServer { _ in .json("{\"conversion_value\": 5}") }
    let text = TestScenarios.sdk(
      version: "3.0", sdk: "{ model: { endpoint: \"\(server.baseURL.absoluteString)/cv\" }, responseTime: \"30h\" }",
      steps: "")
    let run = try TestScenarios.runSDK(text)
    #expect(run.sdk.map(\.action) == ["asked", "stopped: answer dropped"])
    #expect(run.summary.sdk.stopped == 1)
    #expect(run.summary.sdk.applied == 0)
    #expect(run.summary.sdk.totalFindings == 0)
  }

  /// Many requests in flight at once, answered by a deterministic endpoint, give the same
  /// run twice: answers are applied in virtual-time order, not in the order they arrive.
  @Test func concurrentRequestsGiveByteIdenticalRuns() throws {
    let server = try LoopbackServer { request in
      // A deterministic model of the request alone: one more per session, until 63.
      let current = Int(request.query["skan_current_conversion_value"] ?? "0") ?? 0
      guard request.query["n"] == "__SESSION__" else { return .json("{}") }
      return .json("{\"conversion_value\": \(min(current + 1, 63)), \"skan_updated_coarse_value\": \(min(current, 2))}")
    }
    let scenario = try String(contentsOfFile: TestPaths.scenarios + "/sdk-lint.json", encoding: .utf8)
      .replacing(required: "sdk: { model: \"schema\" },", with: """
        sdk: { model: { endpoint: "\(server.baseURL.absoluteString)/cv", concurrency: 6 }, responseTime: "2h" },
        """)
      .replacing(required: "count: 1000,", with: "count: 150,")
    func lines() throws -> (sdk: [String], postbacks: [String]) {
      let run = try TestScenarios.runSDK(scenario)
      let epoch = try TestScenarios.load(scenario).epoch
      return (
        run.sdk.map { $0.jsonLine(epoch: epoch).serialized() },
        run.postbacks.map { $0.jsonLine(epoch: epoch).serialized() }
      )
    }
    let first = try lines()
    let second = try lines()
    #expect(first.sdk.count > 20)
    #expect(first.sdk == second.sdk)
    #expect(first.postbacks == second.postbacks)
  }

  /// A command answering coarse 3: an SDK that validates keeps it back; one that does not
  /// passes it on, and the platform rejects the whole call (StoreKit's invalid coarse value).
  @Test func coarseOutOfRangeLetThroughIsRejectedByThePlatform() throws {
    let command = """
      { command: ["sh", "-c", "while IFS= read -r line; do echo '{\\"conversion_value\\": 5, \\"skan_updated_coarse_value\\": 3}'; done"] }
      """
    let steps = "{ at: \"4h\", action: \"event\", name: \"tutorial_complete\" },"
    let validating = try TestScenarios.runSDK(TestScenarios.sdk(sdk: "{ model: \(command) }", steps: steps))
    #expect(validating.sdk.last?.action == "dropped: coarse value 3 is outside 0–2")
    #expect(validating.summary.sdk.rejectedByValidation == 2)
    #expect(validating.summary.sdk.totalFindings == 0)
    let lax = try TestScenarios.runSDK(TestScenarios.sdk(sdk: "{ model: \(command), validatesCoarse: false }", steps: steps))
    let late = try #require(lax.sdk.last)
    #expect(late.lintKinds == [.coarseOutOfRange])
    #expect(late.platform == "rejected: value out of range")
    // The SDK believes fine 5 is set; the platform kept registration's 0.
    #expect(late.currentValue == 5)
    #expect(lax.postbacks.first { $0.recipient == .adNetwork }?.fields["conversion-value"] == .int(0))
    #expect(lax.summary.updatesRejectedOutOfRange == 2)
  }

  /// The same for a fine value outside 0–63 (§4).
  @Test func fineOutOfRangeLetThroughIsRejectedByThePlatform() throws {
    let command = "{ command: [\"sh\", \"-c\", \"while IFS= read -r line; do echo '{\\\"conversion_value\\\": 70}'; done\"] }"
    let run = try TestScenarios.runSDK(
      TestScenarios.sdk(sdk: "{ model: \(command), validatesFine: false }", steps: ""))
    #expect(run.sdk.last?.lintKinds == [.fineOutOfRange])
    #expect(run.summary.sdk.findings(.fineOutOfRange) == 1)
  }
}
