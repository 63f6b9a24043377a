import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Delivery against a receiver that fails half the requests with 500s, resets and answers
/// slower than the timeout: every request sent is an attempt in the log, classified as what
/// happened, and a postback is accepted twice only after an attempt the client marked uncertain.
@Suite("Delivery to a flaky receiver: every attempt visible, accepted at most once unless recorded uncertain")
struct FlakyDeliveryTests {
  /// 0.5 s to wait, 3 s for a slow answer: a slow answer is always a timeout, and a prompt one
  /// has room on a loaded machine.
  private static let timeout = 0.5
  private static let slowAnswer = 3.0

  private func deliver(
    transport: any PostbackTransport, seed: UInt64
  ) throws -> (postbacks: [PostbackRecord], result: DeliveryResult, server: LoopbackServer, receiver: FlakyReceiver) {
    let receiver = FlakyReceiver(seed: seed, slowAnswer: Self.slowAnswer)
    let server = try LoopbackServer(handler: receiver.handle)
    // Three attempts, so that some postbacks are given up too.
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork(users: 12, delivery: "{ maxAttempts: 3 }"))
    let deliverer = try PostbackDeliverer(
      scenario: scenario, target: .receiver(server.baseURL), options: DeliveryOptions(timeout: Self.timeout),
      transport: transport)
    return (postbacks, try deliverer.deliver(postbacks), server, receiver)
  }

  @Test(
    "§5.3: each request the receiver saw is one logged attempt with the postback's whole body, on a connection of its own",
    arguments: ["socket", "URLSession"])
  func noHiddenResends(transport name: String) throws {
    let transport: any PostbackTransport = name == "socket" ? SocketHTTPTransport() : URLSessionTransport()
    let (postbacks, result, server, receiver) = try deliver(transport: transport, seed: 21)
    let requests = server.requests
    #expect(requests.count == result.attempts.count)
    #expect(Set(requests.map(\.connection)).count == requests.count, "no connection carries a second request")
    for (request, attempt) in zip(requests, result.attempts) {
      #expect(request.method == "POST")
      #expect(request.body == Data(postbacks[attempt.index].payload.serialized().utf8), "no empty or foreign body")
      #expect(request.path == URLComponents(url: attempt.url, resolvingAgainstBaseURL: false)?.path)
    }
    // The receiver failed about half of them, in every way it can.
    let seen = requests.compactMap { receiver.behaviour(of: $0.number) }
    #expect(Set(seen) == Set(FlakyReceiver.Behaviour.allCases))
    #expect(result.summary.attempts > postbacks.count)
    try checkAcceptedAtMostOnceUnlessUncertain(postbacks, result, receiver)
  }

  @Test("§5.3: the socket transport logs a 500 as its status, a reset as 'connection reset' and a late answer as 'timeout', both uncertain")
  func attemptsClassified() throws {
    let (postbacks, result, server, receiver) = try deliver(transport: HTTPTransport(), seed: 7)
    var classes: [FlakyReceiver.Behaviour: Int] = [:]
    for (request, attempt) in zip(server.requests, result.attempts) {
      let behaviour = try #require(receiver.behaviour(of: request.number))
      classes[behaviour, default: 0] += 1
      // A prompt answer may still miss 0.5 s on a loaded machine: then it is a timeout, uncertain.
      if attempt.error == "timeout", behaviour != .slowAccept {
        #expect(attempt.uncertain)
        continue
      }
      switch behaviour {
      case .accept:
        #expect(attempt.status == 200 && attempt.error == nil && !attempt.uncertain && attempt.outcome == .delivered)
      case .serverError:
        #expect(attempt.status == 500 && attempt.error == nil && !attempt.uncertain && attempt.outcome != .delivered)
      case .reset:
        #expect(attempt.status == nil && attempt.error == "connection reset" && attempt.uncertain)
      case .slowAccept:
        #expect(attempt.status == nil && attempt.error == "timeout" && attempt.uncertain)
      }
    }
    #expect(classes.count == 4, "\(classes)")
    #expect(result.summary.uncertain >= classes[.reset, default: 0] + classes[.slowAccept, default: 0])
    try checkAcceptedAtMostOnceUnlessUncertain(postbacks, result, receiver)
  }

  @Test("deliveries.jsonl marks an attempt that went out unanswered as uncertain, and the summary line counts the possible duplicates")
  func uncertainInLogAndSummary() throws {
    let (_, result, _, _) = try deliver(transport: HTTPTransport(), seed: 21)
    let uncertain = try #require(result.attempts.first { $0.uncertain })
    let line = uncertain.jsonLine(epoch: Epoch(unixMilliseconds: 0)).serialized()
    #expect(line.contains("\"uncertain\":true"))
    let certain = try #require(result.attempts.first { !$0.uncertain })
    #expect(!certain.jsonLine(epoch: Epoch(unixMilliseconds: 0)).serialized().contains("uncertain"))
    #expect(result.summary.line.hasSuffix(", \(result.summary.possiblyDuplicated) possibly duplicated)"))
    #expect(result.summary.possiblyDuplicated > 0)
  }

  /// Accepted twice only where the log shows an uncertain attempt followed by another; the
  /// summary's counts agree with the receiver's.
  private func checkAcceptedAtMostOnceUnlessUncertain(
    _ postbacks: [PostbackRecord], _ result: DeliveryResult, _ receiver: FlakyReceiver
  ) throws {
    let acceptances = receiver.acceptances
    var resentAfterUncertain = 0
    var acceptedTwice = 0
    var givenUp = 0
    for index in postbacks.indices {
      let attempts = result.attempts.filter { $0.index == index }
      let attempt = try #require(attempts.first)
      let key = "\(attempt.postback) \(URLComponents(url: attempt.url, resolvingAgainstBaseURL: false)?.path ?? "")"
      let times = acceptances[key, default: 0]
      let resent = attempts.dropLast().contains { $0.uncertain }
      if resent { resentAfterUncertain += 1 }
      if times > 1 {
        acceptedTwice += 1
        #expect(resent, "\(key) accepted \(times) times with no uncertain attempt before a re-send")
      }
      if attempts.last?.outcome == .gaveUp {
        givenUp += 1
      } else {
        #expect(attempts.last?.outcome == .delivered)
        #expect(times >= 1, "\(key) logged as delivered but never accepted")
      }
      // Given up without an uncertain attempt: the receiver never took it.
      if attempts.last?.outcome == .gaveUp, !attempts.contains(where: \.uncertain) { #expect(times == 0) }
    }
    #expect(result.summary.possiblyDuplicated == resentAfterUncertain)
    #expect(acceptedTwice <= resentAfterUncertain)
    #expect(result.summary.gaveUp == givenUp)
    #expect(result.summary.delivered + result.summary.gaveUp == postbacks.count)
  }
}
