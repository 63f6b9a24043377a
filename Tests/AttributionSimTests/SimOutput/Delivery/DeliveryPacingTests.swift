import AttributionSim
import Foundation
import SimEngine
import Testing

/// Pacing with `--speed`: the waits the deliverer asks for, on a fake clock, without sleeping.
@Suite("Delivery is paced by virtual time when a speed is given")
struct DeliveryPacingTests {
  /// A clock whose time moves only when slept on or when a request takes time.
  final class FakeClock: DeliveryClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time = 100.0
    private(set) var sleeps: [Double] = []

    func now() -> Double { lock.withLock { time } }

    func sleep(_ seconds: Double) {
      lock.withLock {
        sleeps.append(seconds)
        time += seconds
      }
    }

    func advance(_ seconds: Double) { lock.withLock { time += seconds } }
  }

  /// Answers from a script, each request taking `duration` seconds of the fake clock.
  final class FakeTransport: PostbackTransport, @unchecked Sendable {
    private let lock = NSLock()
    private let clock: FakeClock
    private let duration: Double
    private let answer: @Sendable (_ number: Int) -> TransportAnswer
    private(set) var sentAt: [Double] = []

    init(clock: FakeClock, duration: Double, answer: @escaping @Sendable (_ number: Int) -> TransportAnswer) {
      self.clock = clock
      self.duration = duration
      self.answer = answer
    }

    func post(_ body: Data, to url: URL, timeout: Double) -> TransportAnswer {
      let number = lock.withLock {
        sentAt.append(clock.now())
        return sentAt.count
      }
      clock.advance(duration)
      return answer(number)
    }
  }

  /// Three postbacks at T, T+1h and T+3h; the first is answered 500 once and retried at T+1d.
  private func deliver(speed: Double?, requestTakes duration: Double) throws -> (FakeClock, FakeTransport, DeliveryResult) {
    var (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork(users: 3, developerEndpoint: false))
    #expect(postbacks.count == 3)
    let start = SimTime(milliseconds: 86_400_000)
    for (index, offset) in [SimDuration.zero, .hours(1), .hours(3)].enumerated() { postbacks[index].time = start + offset }
    scenario.platform.postbackDelivery = PostbackDelivery(maxAttempts: 3, retryInterval: .days(1))
    let clock = FakeClock()
    let transport = FakeTransport(clock: clock, duration: duration) { $0 == 1 ? .status(500) : .status(200) }
    let deliverer = try PostbackDeliverer(
      scenario: scenario, target: .receiver(URL(string: "http://127.0.0.1:9")!), options: DeliveryOptions(speed: speed),
      transport: transport, clock: clock)
    return (clock, transport, try deliverer.deliver(postbacks))
  }

  @Test("--speed 3600: an attempt at virtual T + d is made d/3600 real seconds after the start, retries included")
  func speedCompressesVirtualTime() throws {
    let (clock, transport, result) = try deliver(speed: 3600, requestTakes: 0.25)
    #expect(result.attempts.map(\.attempt) == [1, 1, 1, 2])
    // Sent at 0 s, 1 s, 3 s and 24 s after the start; each wait makes up what the request took.
    #expect(transport.sentAt.map { $0 - 100 } == [0, 1, 3, 24])
    #expect(clock.sleeps == [0.75, 1.75, 20.75])
  }

  @Test("a receiver slower than the pace is not waited for: late attempts go at once, in order")
  func slowReceiverFallsBehind() throws {
    let (clock, transport, result) = try deliver(speed: 3600, requestTakes: 2)
    #expect(result.attempts.count == 4)
    // Due at 0, 1, 3 and 24 s: the second and third are late (each request takes 2 s) and go
    // at once; the retry waits for its time.
    #expect(transport.sentAt.map { $0 - 100 } == [0, 2, 4, 24])
    #expect(clock.sleeps == [18])
  }

  @Test("without a speed nothing waits: each attempt follows the previous answer")
  func noSpeedNoWaiting() throws {
    let (clock, transport, result) = try deliver(speed: nil, requestTakes: 0.25)
    #expect(result.attempts.count == 4)
    #expect(clock.sleeps.isEmpty)
    #expect(transport.sentAt.map { $0 - 100 } == [0, 0.25, 0.5, 0.75])
  }
}
