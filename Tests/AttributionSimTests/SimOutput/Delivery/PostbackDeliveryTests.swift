import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// Delivering a run's postbacks to real HTTP receivers on loopback (rulebook §5.3, §7.6).
@Suite("Postbacks are POSTed to receivers and retried as the device retries")
struct PostbackDeliveryTests {
  private func deliver(
    _ text: String = DeliveryFixtures.skAdNetwork(), to server: LoopbackServer, options: DeliveryOptions = DeliveryOptions()
  ) throws -> (postbacks: [PostbackRecord], result: DeliveryResult) {
    let (scenario, postbacks) = try DeliveryFixtures.run(text)
    let deliverer = try PostbackDeliverer(scenario: scenario, target: .receiver(server.baseURL), options: options)
    return (postbacks, try deliverer.deliver(postbacks))
  }

  private func path(_ url: URL) -> String { URLComponents(url: url, resolvingAgainstBaseURL: false)?.path ?? "" }

  @Test("§5.3: a receiver failing each postback's first two attempts gets every postback with a 200 exactly once, a day and two days later")
  func failingReceiverRecovers() throws {
    let receiver = ScriptedReceiver.failing(first: 2)
    let server = try LoopbackServer(handler: receiver.handle)
    let (postbacks, result) = try deliver(to: server)
    #expect(postbacks.count == 8, "four winning postbacks and their developer copies")

    // The log matches what the server saw: same requests, same order, same answers.
    let requests = server.requests
    #expect(requests.count == postbacks.count * 3)
    #expect(requests.count == result.attempts.count)
    for (request, attempt) in zip(requests, result.attempts) {
      #expect(request.method == "POST")
      #expect(request.path == path(attempt.url))
      #expect(DeliveryFixtures.identifier(request.body) == attempt.postback)
      #expect(receiver.status(of: request.number) == attempt.status)
      #expect(attempt.error == nil)
    }

    // Every postback (network's or copy, told apart by path) accepted exactly once.
    let accepted = requests.filter { receiver.status(of: $0.number) == 200 }
      .map { "\(DeliveryFixtures.identifier($0.body) ?? "?") \($0.path)" }
    #expect(accepted.count == postbacks.count)
    #expect(Set(accepted).count == postbacks.count)

    for (index, postback) in postbacks.enumerated() {
      let attempts = result.attempts.filter { $0.index == index }
      #expect(attempts.map(\.attempt) == [1, 2, 3])
      #expect(attempts.map(\.time) == [postback.time, postback.time + .days(1), postback.time + .days(2)])
      #expect(attempts.map(\.status) == [500, 500, 200])
      #expect(attempts.map(\.outcome) == [.retry, .retry, .delivered])
      #expect(attempts.map(\.next) == [postback.time + .days(1), postback.time + .days(2), nil])
    }
    #expect(result.attempts.map(\.time) == result.attempts.map(\.time).sorted())
    var expected = DeliverySummary()
    expected.postbacks = 8
    expected.delivered = 8
    expected.attempts = 24
    expected.retries = 16
    expected.statuses = [500: 16, 200: 8]
    #expect(result.summary == expected)
    #expect(result.summary.line == "delivered 8 of 8 postbacks in 24 attempts (16 retries, 0 given up, 0 possibly duplicated)")
  }

  @Test("§5.3: a receiver that always fails gets 9 attempts per postback, a day apart, and the postback is given up")
  func alwaysFailingReceiverGivesUp() throws {
    let server = try LoopbackServer { _ in .json("{\"error\":\"down\"}", status: 503) }
    let (postbacks, result) = try deliver(DeliveryFixtures.skAdNetwork(users: 2), to: server)
    #expect(server.requests.count == postbacks.count * 9)
    for (index, postback) in postbacks.enumerated() {
      let attempts = result.attempts.filter { $0.index == index }
      #expect(attempts.map(\.time) == (0..<9).map { postback.time + .days(Int64($0)) })
      #expect(attempts.map(\.outcome) == Array(repeating: .retry, count: 8) + [.gaveUp])
      #expect(attempts.last?.next == nil)
      #expect(attempts.last.map { $0.time - postback.time } == .days(8))
    }
    #expect(result.summary.gaveUp == postbacks.count)
    #expect(result.summary.delivered == 0)
    #expect(result.summary.statuses == [503: postbacks.count * 9])
  }

  @Test(
    "§5.3: only 200 is an acceptance; other answers, 2xx and 3xx included, are retried",
    arguments: [201, 204, 302, 400, 404, 500])
  func onlyTwoHundredAccepts(status: Int) throws {
    let server = try LoopbackServer { request in
      var response = LoopbackServer.Response.json("{}", status: request.number == 1 ? status : 200)
      // A redirect the device would have to follow is not an acceptance either.
      if status == 302 { response.headers["Location"] = "/elsewhere" }
      return response
    }
    let (_, result) = try deliver(DeliveryFixtures.skAdNetwork(users: 1, developerEndpoint: false), to: server)
    #expect(result.attempts.map(\.status) == [status, 200])
    #expect(result.attempts.map(\.outcome) == [.retry, .delivered])
    #expect(server.requests.map(\.path) == ["/skan/postbacks", "/skan/postbacks"])
  }

  @Test("§5.3: a dropped connection is a failed attempt, retried, and the postback is sent once per attempt")
  func droppedConnectionIsRetried() throws {
    let receiver = ScriptedReceiver { seen in seen == 1 ? LoopbackServer.Response(dropConnection: true) : .json("{}") }
    let server = try LoopbackServer(handler: receiver.handle)
    let (postbacks, result) = try deliver(to: server)
    #expect(server.requests.count == result.attempts.count)
    #expect(result.attempts.count == postbacks.count * 2)
    for attempt in result.attempts where attempt.attempt == 1 {
      #expect(attempt.status == nil)
      #expect(attempt.error != nil)
      #expect(attempt.outcome == .retry)
    }
    #expect(result.summary.delivered == postbacks.count)
    #expect(result.summary.retries == postbacks.count)
  }

  @Test("§5.3: an answer slower than the timeout is a failed attempt logged as 'timeout'")
  func slowAnswerTimesOut() throws {
    // Room for a loaded machine: the second, prompt answer must still come within the limit.
    let receiver = ScriptedReceiver { seen in LoopbackServer.Response(status: 200, delay: seen == 1 ? 8 : 0) }
    let server = try LoopbackServer(handler: receiver.handle)
    let (_, result) = try deliver(
      DeliveryFixtures.skAdNetwork(users: 1, developerEndpoint: false), to: server, options: DeliveryOptions(timeout: 3))
    #expect(result.attempts.map(\.error) == ["timeout", nil])
    #expect(result.attempts.map(\.outcome) == [.retry, .delivered])
  }

  @Test("§5.3: a receiver that is not listening is logged as 'connection refused' until the attempts run out")
  func connectionRefused() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    server.stop()
    let (postbacks, result) = try deliver(
      DeliveryFixtures.skAdNetwork(users: 1, developerEndpoint: false, delivery: "{ maxAttempts: 2 }"), to: server)
    #expect(postbacks.count == 1)
    #expect(result.attempts.map(\.error) == ["connection refused", "connection refused"])
    #expect(result.attempts.map(\.outcome) == [.retry, .gaveUp])
    #expect(result.summary.gaveUp == 1)
  }

  @Test("§7.1, §7.5: each postback is a POST of Content-Type application/json whose body is the exact payload bytes")
  func bodyIsTheExactPayload() throws {
    for text in [DeliveryFixtures.skAdNetwork(), DeliveryFixtures.adAttributionKit] {
      let server = try LoopbackServer { _ in .json("{}") }
      let (postbacks, result) = try deliver(text, to: server)
      let requests = server.requests
      #expect(requests.count == postbacks.count)
      #expect(result.summary.delivered == postbacks.count)
      for (request, attempt) in zip(requests, result.attempts) {
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.body == Data(postbacks[attempt.index].payload.serialized().utf8))
      }
    }
  }

  @Test("§5.3: attempts go in virtual-time order: an early postback's retry waits behind a later postback's first attempt")
  func attemptsInVirtualTimeOrder() throws {
    var (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork(users: 2, developerEndpoint: false))
    #expect(postbacks.count == 2)
    let start = postbacks[0].time
    postbacks[1].time = start + .hours(12)
    let early = try #require(PostbackFields(postbacks[0].payload).identifier)
    let receiver = ScriptedReceiver { seen in .json("{}", status: seen == 1 ? 500 : 200) }
    let server = try LoopbackServer { request in
      DeliveryFixtures.identifier(request.body) == early ? receiver.handle(request) : .json("{}")
    }
    scenario.platform.postbackDelivery = PostbackDelivery(maxAttempts: 3, retryInterval: .days(1))
    let result = try PostbackDeliverer(scenario: scenario, target: .receiver(server.baseURL)).deliver(postbacks)
    let late = try #require(PostbackFields(postbacks[1].payload).identifier)
    #expect(server.requests.map { DeliveryFixtures.identifier($0.body) } == [early, late, early])
    #expect(result.attempts.map(\.time) == [start, start + .hours(12), start + .days(1)])
    #expect(result.attempts.map(\.attempt) == [1, 1, 2])
  }

  @Test("deliveries.jsonl has one canonical line per attempt, keys sorted, each appended as the attempt is made")
  func attemptLog() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deliveries-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let logFile = folder.appendingPathComponent("deliveries.jsonl")
    let receiver = ScriptedReceiver.failing(first: 1)
    let server = try LoopbackServer(handler: receiver.handle)
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork(users: 1, developerEndpoint: false))
    let log = try DeliveryLog(directory: folder, epoch: scenario.epoch, keeping: "")
    // 45.5: each attempt is in the file by the time the next step sees it, not at the end.
    var linesSeen: [Int] = []
    _ = try PostbackDeliverer(scenario: scenario, target: .receiver(server.baseURL)).deliver(postbacks, log: log) { _ in
      linesSeen.append(((try? String(contentsOf: logFile, encoding: .utf8)) ?? "").split(separator: "\n").count)
    }
    #expect(linesSeen == [1, 2])
    let text = try String(contentsOf: folder.appendingPathComponent("deliveries.jsonl"), encoding: .utf8)
    let id = try #require(PostbackFields(postbacks[0].payload).identifier)
    let sent = scenario.epoch.iso8601(after: postbacks[0].time.milliseconds)
    let retried = scenario.epoch.iso8601(after: (postbacks[0].time + .days(1)).milliseconds)
    let url = "\(server.baseURL.absoluteString)/skan/postbacks?src=sim"
    #expect(text == """
      {"attempt":1,"network":"alpha1234.skadnetwork","next":"\(retried)","outcome":"retry","postback":"\(id)","recipient":"ad-network","status":500,"time":"\(sent)","url":"\(url)"}
      {"attempt":2,"network":"alpha1234.skadnetwork","outcome":"delivered","postback":"\(id)","recipient":"ad-network","status":200,"time":"\(retried)","url":"\(url)"}

      """)
    // Nothing but the log is left behind: no temporary file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["deliveries.jsonl"])
  }
}
