import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Resuming a delivery from the `deliveries.jsonl` an earlier, interrupted one left: postbacks
/// it logged as accepted are not sent again, and a log of another run is told apart.
@Suite("A delivery resumes from its log without sending an accepted postback again")
struct DeliveryResumeTests {
  /// Answers 200 to the first `accepting` requests and 500 after: an earlier delivery that
  /// got some postbacks through.
  private final class Receiver: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    let accepting: Int
    init(accepting: Int) { self.accepting = accepting }
    func handle(_ request: LoopbackServer.Request) -> LoopbackServer.Response {
      lock.withLock { count += 1; return .json("{}", status: count <= accepting ? 200 : 500) }
    }
  }

  @Test("45.5: rerun after a delivery that got 3 of 8 through, the log sends only the other 5")
  func resumeSkipsAccepted() throws {
    let folder = try TemporaryFolder.create("resume")
    defer { try? FileManager.default.removeItem(at: folder) }
    let receiver = Receiver(accepting: 3)
    let server = try LoopbackServer(handler: receiver.handle)
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork(delivery: "{ maxAttempts: 1 }"))
    let deliverer = try PostbackDeliverer(scenario: scenario, target: .receiver(server.baseURL))
    let first = try deliverer.deliver(postbacks, log: try DeliveryLog(directory: folder, epoch: scenario.epoch, keeping: ""))
    #expect(first.summary.delivered == 3)
    let history = try #require(try DeliveryHistory.read(from: folder.appendingPathComponent("deliveries.jsonl")))
    let resumption = try deliverer.resumption(of: history, for: postbacks).get()
    #expect(resumption.accepted == Set(first.attempts.filter { $0.outcome == .delivered }.map(\.index)))
    let before = server.requests.count
    let second = try deliverer.deliver(
      postbacks, resuming: resumption, log: try DeliveryLog(directory: folder, epoch: scenario.epoch, keeping: history.text))
    // A network's postback and its developer copy share an identifier: attempts tell them apart.
    #expect(server.requests.count - before == postbacks.count - 3)
    #expect(second.attempts.count == postbacks.count - 3)
    #expect(Set(second.attempts.map(\.index)).isDisjoint(with: resumption.accepted))
    #expect(second.summary.skipped == 3)
    #expect(second.summary.line.contains("(and 3 accepted before, not sent again)"))
    // The log keeps the earlier lines, then this delivery's.
    let lines = try String(contentsOf: folder.appendingPathComponent("deliveries.jsonl"), encoding: .utf8).split(separator: "\n")
    #expect(lines.count == first.attempts.count + second.attempts.count)
  }

  @Test("45.5: a log of another seed's run is not resumed: its postbacks are not this run's")
  func otherRunIsAMismatch() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let folder = try TemporaryFolder.create("resume")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork())
    var reseeded = scenario
    reseeded.seed += 1
    let other = ScenarioRunner.collect(reseeded).outputs.postbacks
    let deliverer = try PostbackDeliverer(scenario: scenario, target: .receiver(server.baseURL))
    _ = try deliverer.deliver(other, log: try DeliveryLog(directory: folder, epoch: scenario.epoch, keeping: ""))
    let history = try #require(try DeliveryHistory.read(from: folder.appendingPathComponent("deliveries.jsonl")))
    guard case .failure(let mismatch) = try deliverer.resumption(of: history, for: postbacks) else {
      Issue.record("another run's log was taken for this one's")
      return
    }
    #expect(mismatch.description.hasPrefix("line 1: this run has no"))
  }

  @Test("45.5: a last line cut short is dropped; a bad line before it stops the rerun with its line")
  func cutLineAndBadLine() throws {
    let good = #"{"attempt":1,"network":"n","outcome":"delivered","postback":"p1","recipient":"ad-network","status":200,"time":"2026-01-01T00:00:00Z","url":"http://127.0.0.1:1/x"}"#
    let history = try DeliveryHistory.parse(good + "\n" + #"{"attempt":1,"netw"#)
    #expect(history.entries.count == 1)
    #expect(history.droppedPartialLine)
    #expect(history.text == good + "\n")
    #expect {
      _ = try DeliveryHistory.parse("not json\n" + good + "\n")
    } throws: { error in
      (error as? DeliveryHistory.ReadError)?.description.hasPrefix("1:") == true
    }
    #expect {
      _ = try DeliveryHistory.parse(good.replacingOccurrences(of: "delivered", with: "lost") + "\n")
    } throws: { error in
      (error as? DeliveryHistory.ReadError)?.description.contains("expected 'outcome' to be delivered, retry or gave up") == true
    }
  }
}
