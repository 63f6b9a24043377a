import Foundation
import SimEngine
import SimModel
import SimRecords

/// POSTs a run's postbacks to their recipients in virtual-time order, retrying as the device
/// does (rulebook §5.3): attempt n of a postback sent at t comes at t + (n − 1) × the retry
/// interval, until the receiver answers 200 or the attempts run out.
///
/// Attempts wait in one queue ordered by (virtual time, order queued), so a retry of an early
/// postback comes after a later postback's first attempt when its time is later. With a speed,
/// an attempt at virtual time t is made at real time start + (t − t₀) / speed, t₀ being the
/// first postback's time; without one, each attempt follows the previous answer at once. One
/// request is in flight at a time, so the receiver sees them in virtual-time order.
///
/// Every request sent is an attempt in the result: the transport sends each at most once. A
/// postback reaches a receiver more than once only after an attempt whose whole request went
/// out unanswered (a timeout, a reset), which the attempt marks `uncertain` and the summary
/// counts as possibly duplicated; the receiver recognises those by the postback's
/// `transaction-id` or `postback-identifier` (§5.3).
public struct PostbackDeliverer {
  private let epoch: Epoch
  private let networks: [AdNetwork]
  private let retries: PostbackDelivery
  private let router: PostbackRouter
  private let options: DeliveryOptions
  private let transport: any PostbackTransport
  private let clock: any DeliveryClock

  /// A deliverer for `scenario`'s postbacks to `target`, retrying by the scenario's
  /// `platform.postbackDelivery`; fails when `target` is `.scenario` and a network that can get
  /// postbacks has no `postbackURL`.
  public init(
    scenario: Scenario, target: DeliveryTarget, options: DeliveryOptions = DeliveryOptions(),
    transport: any PostbackTransport = HTTPTransport(), clock: any DeliveryClock = SystemDeliveryClock()
  ) throws(DeliveryError) {
    epoch = scenario.epoch
    networks = scenario.adNetworks
    retries = scenario.platform.postbackDelivery
    router = try PostbackRouter(scenario: scenario, target: target)
    self.options = options
    self.transport = transport
    self.clock = clock
  }

  /// What resuming the delivery of `postbacks` after `history` (an earlier log in the same
  /// folder) comes to, or why that log is not of this delivery: a line about a postback this
  /// run did not make (another scenario or seed), or one sent to another URL (another receiver).
  public func resumption(
    of history: DeliveryHistory, for postbacks: [PostbackRecord]
  ) throws(DeliveryError) -> Result<DeliveryHistory.Resumption, DeliveryHistory.Mismatch> {
    var positions: [String: Int] = [:]
    var urls: [String] = []
    for (index, postback) in postbacks.enumerated() {
      let key = Self.key(PostbackFields(postback.payload).identifier ?? "", postback.recipient.rawValue)
      positions[key] = positions[key] ?? index
      urls.append(try router.url(for: postback).absoluteString)
    }
    var resumption = DeliveryHistory.Resumption()
    var uncertain: Set<Int> = []
    for entry in history.entries {
      guard let index = positions[Self.key(entry.postback, entry.recipient)] else {
        return .failure(
          DeliveryHistory.Mismatch(
            description: "line \(entry.line): this run has no \(entry.recipient) postback '\(entry.postback)'"))
      }
      guard urls[index] == entry.url else {
        return .failure(
          DeliveryHistory.Mismatch(description: "line \(entry.line): sent to \(entry.url), not \(urls[index])"))
      }
      if entry.outcome == .delivered { resumption.accepted.insert(index) }
      if entry.uncertain { uncertain.insert(index) }
    }
    resumption.unanswered = uncertain.subtracting(resumption.accepted)
    return .success(resumption)
  }

  private static func key(_ postback: String, _ recipient: String) -> String { recipient + " " + postback }

  /// Delivers `postbacks` (a run's, in send order), appending each attempt to `log` as it is
  /// made and then calling `progress`; those `resuming` says were accepted are not sent.
  /// Every URL is resolved before the first request, so a missing endpoint sends nothing; a
  /// log that cannot be written stops delivery, since an attempt it does not show would be
  /// sent again by a rerun (``DeliveryResult/logFailure``).
  public func deliver(
    _ postbacks: [PostbackRecord], resuming: DeliveryHistory.Resumption = DeliveryHistory.Resumption(),
    log: DeliveryLog? = nil, progress: (DeliveryAttempt) -> Void = { _ in }
  ) throws(DeliveryError) -> DeliveryResult {
    var urls: [URL] = []
    urls.reserveCapacity(postbacks.count)
    for postback in postbacks { urls.append(try router.url(for: postback)) }
    var result = DeliveryResult()
    result.summary.postbacks = postbacks.count
    result.summary.skipped = resuming.accepted.count
    var queue = EventQueue<Int>()
    var attemptsMade = [Int](repeating: 0, count: postbacks.count)
    /// Per postback: whether an attempt went out unanswered (in this delivery or the one
    /// resumed), and whether it was then sent again.
    var unanswered = [Bool](repeating: false, count: postbacks.count)
    for index in resuming.unanswered where unanswered.indices.contains(index) { unanswered[index] = true }
    var resentAfterUnanswered = [Bool](repeating: false, count: postbacks.count)
    for (index, postback) in postbacks.enumerated() where !resuming.accepted.contains(index) {
      queue.insert(index, at: postback.time)
    }
    let firstTime = postbacks.indices.filter { !resuming.accepted.contains($0) }.map { postbacks[$0].time }.min() ?? .zero
    let start = clock.now()
    while let entry = queue.popFirst() {
      let index = entry.payload
      let postback = postbacks[index]
      if let speed = options.speed {
        let wait = Self.realOffset(of: entry.time, from: firstTime, speed: speed) - (clock.now() - start)
        if wait > 0 { clock.sleep(wait) }
      }
      attemptsMade[index] += 1
      let number = attemptsMade[index]
      if unanswered[index], !resentAfterUnanswered[index] {
        resentAfterUnanswered[index] = true
        result.summary.possiblyDuplicated += 1
      }
      let fields = PostbackFields(postback.payload)
      var attempt = DeliveryAttempt(
        time: entry.time, index: index, postback: fields.identifier ?? "", recipient: postback.recipient,
        network: networks.indices.contains(postback.network) ? networks[postback.network].identifier : (fields.networkId ?? ""),
        url: urls[index], attempt: number, outcome: .retry)
      // The exact bytes of postbacks.jsonl's payload: canonical JSON, as the device sends it.
      let body = Data(postback.payload.serialized().utf8)
      switch transport.post(body, to: urls[index], timeout: options.timeout) {
      case .status(let status): attempt.status = status
      case .failure(let reason): attempt.error = reason
      case .uncertain(let reason):
        attempt.error = reason
        attempt.uncertain = true
        unanswered[index] = true
      }
      // Only 200 counts as received (§5.3); any other answer, or none, is retried.
      if attempt.status == 200 {
        attempt.outcome = .delivered
      } else if number < retries.maxAttempts {
        let next = entry.time + retries.retryInterval
        attempt.next = next
        queue.insert(index, at: next)
      } else {
        attempt.outcome = .gaveUp
      }
      result.attempts.append(attempt)
      result.summary.add(attempt)
      if let log {
        do {
          try log.append(attempt)
        } catch {
          result.logFailure = error.description
          return result
        }
      }
      progress(attempt)
    }
    return result
  }

  /// Real seconds from the start of delivery to the attempt at virtual `time`.
  package static func realOffset(of time: SimTime, from firstTime: SimTime, speed: Double) -> Double {
    Double((time - firstTime).milliseconds) / 1000 / speed
  }
}
