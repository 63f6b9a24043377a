import AttributionTestSupport
import Foundation

/// A receiver that fails about half the requests, as a struggling server does: of each six
/// requests about three are accepted with a prompt 200, one gets a 500, one a connection reset
/// after the request was read, and one is accepted but answered after `slowAnswer` seconds,
/// later than the client waits. Which request gets what follows from `seed` and the request's
/// arrival number, so a run is repeatable.
final class FlakyReceiver: @unchecked Sendable {
  enum Behaviour: String, CaseIterable, Sendable {
    case accept, serverError, reset, slowAccept
  }

  private let lock = NSLock()
  private let seed: UInt64
  private let slowAnswer: Double
  private var behaviours: [Int: Behaviour] = [:]
  private var accepted: [String: Int] = [:]

  init(seed: UInt64 = 21, slowAnswer: Double) {
    self.seed = seed
    self.slowAnswer = slowAnswer
  }

  /// The key a receiver recognises a postback by: its `transaction-id` or `postback-identifier`,
  /// and the path, since a network's postback and its developer copy share the identifier.
  static func key(_ request: LoopbackServer.Request) -> String {
    "\(DeliveryFixtures.identifier(request.body) ?? "?") \(request.path)"
  }

  func handle(_ request: LoopbackServer.Request) -> LoopbackServer.Response {
    let behaviour = Self.behaviour(seed: seed, number: request.number)
    lock.withLock {
      behaviours[request.number] = behaviour
      // The receiver stores the postback before it answers, however late the answer.
      if behaviour == .accept || behaviour == .slowAccept { accepted[Self.key(request), default: 0] += 1 }
    }
    switch behaviour {
    case .accept: return .json("{}")
    case .serverError: return .json("{\"error\":\"busy\"}", status: 500)
    case .reset: return LoopbackServer.Response(resetConnection: true)
    case .slowAccept: return LoopbackServer.Response(status: 200, delay: slowAnswer)
    }
  }

  /// What request `number` got.
  func behaviour(of number: Int) -> Behaviour? { lock.withLock { behaviours[number] } }

  /// How many times each postback (by ``key(_:)``) was accepted.
  var acceptances: [String: Int] { lock.withLock { accepted } }

  /// SplitMix64 of the seed and the arrival number, read as six equal shares.
  private static func behaviour(seed: UInt64, number: Int) -> Behaviour {
    var z = seed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    switch z % 6 {
    case 0, 1, 2: return .accept
    case 3: return .serverError
    case 4: return .reset
    default: return .slowAccept
    }
  }
}
