import AttributionSim
import AttributionTestSupport
import SimEngine
import Testing

/// A subscriber's trial, charges, renewals, refunds and expiry, worked out by hand.
@Suite("Subscription lifecycle")
struct SubscriptionLifecycleTests {
  static let weekly = SubscriptionProduct(
    id: "weekly", period: .days(7), prices: ["USD": 4.99], trial: SubscriptionProduct.Trial(duration: .days(3)))
  static let epoch = Epoch(iso8601: "2026-03-02T00:00:00Z")!

  private func time(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  private func events(_ actions: [TimedAction]) -> [(at: SimDuration, name: String, revenue: Double?)] {
    actions.compactMap { step in
      guard case .event(let name, let revenue, _) = step.action else { return nil }
      return (step.at, name, revenue)
    }
  }

  /// Trial from a session at 1h; it converts when it ends at 3d1h, while the app is closed, so
  /// the app sees the charge at its next launch (3d5h); the week renews at 10d1h (seen at the
  /// 12d launch); the second renewal does not come (17d1h) and no launch follows to see it.
  @Test("renewals while the app is closed are seen at the next launch, each at the plan's price")
  func closedAppRenewalSeenAtNextLaunch() throws {
    let subscription = CohortSubscription(
      product: Self.weekly, currency: "USD", start: 1, trialToPaid: 1, renewal: [1, 0], seenBy: .nextLaunch)
    let lifecycle = SubscriptionLifecycle(subscription: subscription, epoch: Self.epoch)
    let sessions = try ["1h", "1d2h", "3d5h", "12d"].map(time)
    let actions = lifecycle.actions(
      start: try time("1h"), sessions: sessions, until: try time("35d"), stream: RandomStream(seed: 1))
    let got = events(actions)
    #expect(got.map(\.name) == ["trial_start", "subscribe", "renew"])
    #expect(got.map(\.at) == (try ["1h", "3d5h", "12d"].map { try DurationNotation.parse($0) }))
    #expect(got.map(\.revenue) == [nil, 4.99, 4.99])
  }

  /// The same subscriber on the server path: App Store Server Notifications reach the app's
  /// server 2 minutes after each step, app open or not, so the expiry is seen too.
  @Test("the server path sees each step its delay after it happens, the expiry included")
  func serverPathSeesStepsAfterItsDelay() throws {
    let subscription = CohortSubscription(
      product: Self.weekly, currency: "USD", start: 1, trialToPaid: 1, renewal: [1, 0],
      seenBy: .server(delay: .fixed(120_000)))
    let lifecycle = SubscriptionLifecycle(subscription: subscription, epoch: Self.epoch)
    let actions = lifecycle.actions(
      start: try time("1h"), sessions: [try time("1h")], until: try time("35d"), stream: RandomStream(seed: 1))
    let got = events(actions)
    #expect(got.map(\.name) == ["trial_start", "subscribe", "renew", "subscription_expired"])
    #expect(got.map(\.at) == (try ["1h", "3d1h2m", "10d1h2m", "17d1h2m"].map { try DurationNotation.parse($0) }))
    #expect(got.map(\.revenue) == [nil, 4.99, 4.99, nil])
  }

  @Test("a trial that does not convert expires when it ends, with no charge")
  func unconvertedTrialExpires() throws {
    let subscription = CohortSubscription(
      product: Self.weekly, currency: "USD", start: 1, trialToPaid: 0, renewal: [1], seenBy: .server(delay: .fixed(0)))
    let actions = SubscriptionLifecycle(subscription: subscription, epoch: Self.epoch).actions(
      start: .zero, sessions: [.zero], until: try time("35d"), stream: RandomStream(seed: 1))
    #expect(events(actions).map(\.name) == ["trial_start", "subscription_expired"])
    #expect(events(actions).map(\.at) == [.zero, .days(3)])
  }

  /// Without a trial the first period is bought in the session; renewals continue every 7 days
  /// while periods end by `until` (35 days: at 7, 14, 21, 28 and 35 days).
  @Test("without a trial the first charge is in the session, then one renewal a period up to the end")
  func noTrialRenewsEveryPeriod() throws {
    let subscription = CohortSubscription(
      product: Self.weekly, currency: "USD", start: 1, takesTrial: false, renewal: [1], seenBy: .server(delay: .fixed(0)))
    let actions = SubscriptionLifecycle(subscription: subscription, epoch: Self.epoch).actions(
      start: .zero, sessions: [.zero], until: try time("35d"), stream: RandomStream(seed: 1))
    #expect(events(actions).map(\.name) == ["subscribe", "renew", "renew", "renew", "renew", "renew"])
    #expect(events(actions).map(\.at) == [0, 7, 14, 21, 28, 35].map { SimDuration.days(Int64($0)) })
    #expect(events(actions).map(\.revenue).allSatisfy { $0 == 4.99 })
  }

  @Test("a refund takes the price back within its window and ends the subscription")
  func refundEndsTheSubscription() throws {
    let subscription = CohortSubscription(
      product: Self.weekly, currency: "USD", start: 1, takesTrial: false, renewal: [1],
      refund: .init(probability: 1, window: .days(2)), seenBy: .server(delay: .fixed(0)))
    let got = events(
      SubscriptionLifecycle(subscription: subscription, epoch: Self.epoch).actions(
        start: .zero, sessions: [.zero], until: try time("35d"), stream: RandomStream(seed: 1)))
    #expect(got.map(\.name) == ["subscribe", "refund"])
    #expect(got.map(\.revenue) == [4.99, -4.99])
    #expect(got[1].at >= .zero && got[1].at < .days(2))
  }

  /// Calendar months: bought on 31 January, a monthly plan renews on 28 February (the month's
  /// last day) and 31 March (the purchase's day again); a yearly one on the same date a year on.
  @Test("monthly periods follow the calendar from the purchase day")
  func calendarMonths() throws {
    let epoch = try #require(Epoch(iso8601: "2026-01-01T00:00:00Z"))
    let start = SimTime.zero + .days(30) + .hours(9)  // 2026-01-31T09:00Z
    let ends = (1...3).map { SubscriptionPeriod.months(1).end(of: $0, startingAt: start, epoch: epoch) }
    #expect(ends.map { epoch.iso8601(after: ($0 - SimTime.zero).milliseconds) } == [
      "2026-02-28T09:00:00.000Z", "2026-03-31T09:00:00.000Z", "2026-04-30T09:00:00.000Z",
    ])
    let year = SubscriptionPeriod.months(12).end(of: 1, startingAt: start, epoch: epoch)
    #expect(epoch.iso8601(after: (year - SimTime.zero).milliseconds) == "2027-01-31T09:00:00.000Z")
  }

  @Test("a survival curve becomes per-period renewal probabilities")
  func survivalCurve() {
    #expect(CohortSubscription.renewal(fromSurvival: [0.5, 0.25, 0.25, 0]) == [0.5, 0.5, 1, 0])
  }
}
