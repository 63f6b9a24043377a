import SimEngine
import SimModel

/// The actions one subscriber's subscription brings: a trial or a first purchase in a session,
/// then charges at each period boundary whether or not the app is open, refunds and the expiry.
///
/// Each step is recorded as an event at the moment the app learns of it: at once for what
/// happens in a session; for what happens while the app is closed, at the next launch (the
/// on-device receipt) or after the server's delay (App Store Server Notifications). Every
/// period draws from its own child stream in a fixed order, so changing one probability moves
/// no other period's draws.
package struct SubscriptionLifecycle {
  package let subscription: CohortSubscription
  /// The calendar instant of virtual time zero: monthly periods follow the calendar.
  package let epoch: Epoch

  private static let trialLabel = StreamLabel("trial")

  /// Each stored property as given.
  package init(subscription: CohortSubscription, epoch: Epoch) {
    self.subscription = subscription
    self.epoch = epoch
  }

  /// The subscription's actions when the user starts it at `start` (in a session), with the
  /// app's sessions at `sessions` (sorted), charging periods that begin up to `until`.
  package func actions(start: SimTime, sessions: [SimTime], until: SimTime, stream: RandomStream) -> [TimedAction] {
    let product = subscription.product
    let events = subscription.events
    let currency = subscription.currency
    // Checked when the scenario is read: the product has a price in the cohort's currency.
    let price = product.prices[currency] ?? 0
    var actions: [TimedAction] = []
    func record(_ name: String, at time: SimTime?, revenue: Double?) {
      guard let time else { return }
      actions.append(TimedAction(at: time - .zero, action: .event(name: name, revenue: revenue, currency: currency)))
    }
    var trialStream = stream.child(Self.trialLabel)
    let convertDraw = trialStream.nextUnit()
    let trialSeenDraw = seenDelayDraw(&trialStream)
    var paidStart = start
    var chargeSeen: SimTime?
    if subscription.takesTrial, let trial = product.trial {
      let trialPrice = trial.prices[currency].flatMap { $0 > 0 ? $0 : nil }
      record(events.trial, at: start, revenue: trialPrice)
      paidStart = start + trial.duration
      guard convertDraw < subscription.trialToPaid else {
        record(events.expiry, at: seen(paidStart, sessions: sessions, delay: trialSeenDraw), revenue: nil)
        return actions
      }
      chargeSeen = seen(paidStart, sessions: sessions, delay: trialSeenDraw)
    } else {
      chargeSeen = start
    }
    guard paidStart <= until else { return actions }
    record(events.paid, at: chargeSeen, revenue: price)
    var charge = paidStart
    var period = 1
    while true {
      var periodStream = stream.child(period)
      // Fixed draw order: refund, refund time, renewal, then the delays of what the server learns.
      let refundDraw = periodStream.nextUnit()
      let refundTimeDraw = periodStream.nextUnit()
      let renewDraw = periodStream.nextUnit()
      let refundSeenDraw = seenDelayDraw(&periodStream)
      let nextSeenDraw = seenDelayDraw(&periodStream)
      if let refund = subscription.refund, refundDraw < refund.probability {
        let at = charge + .milliseconds(Int64((Double(refund.window.milliseconds) * refundTimeDraw).rounded(.down)))
        record(events.refund, at: seen(at, sessions: sessions, delay: refundSeenDraw), revenue: -price)
        return actions
      }
      let end = product.period.end(of: period, startingAt: paidStart, epoch: epoch)
      guard end <= until else { return actions }
      let renews = renewDraw < subscription.renewal[min(period - 1, subscription.renewal.count - 1)]
      let seenAt = seen(end, sessions: sessions, delay: nextSeenDraw)
      guard renews else {
        record(events.expiry, at: seenAt, revenue: nil)
        return actions
      }
      record(events.renewal, at: seenAt, revenue: price)
      charge = end
      period += 1
    }
  }

  /// The server path's delay draw, made on every path so the stream stays aligned.
  private func seenDelayDraw(_ stream: inout RandomStream) -> SimDuration? {
    guard case .server(let delay) = subscription.seenBy else { return nil }
    return CohortBehaviour.duration(delay, &stream)
  }

  /// When the app learns of something that happened at `time` while it was closed: its next
  /// launch after then (nil when there is none), or the server's delay later.
  package func seen(_ time: SimTime, sessions: [SimTime], delay: SimDuration?) -> SimTime? {
    if let delay { return time + delay }
    var low = 0
    var high = sessions.count
    while low < high {
      let middle = (low + high) / 2
      if sessions[middle] <= time { low = middle + 1 } else { high = middle }
    }
    return low < sessions.count ? sessions[low] : nil
  }
}
