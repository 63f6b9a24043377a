import SimEngine

/// An in-app event type a cohort performs.
public struct CohortEvent: Hashable, Sendable {
  /// The event's name, as the schema refers to it.
  public var name: String
  /// Probability the event happens on active day d (d = 0 is the first-launch day); the last
  /// value repeats.
  public var perDay: [Double]
  /// Revenue (in `currency`) when it happens, or nil for events without revenue.
  public var revenue: Distribution?
  /// Whether the revenue is in-app purchase or ad revenue.
  public var revenueKind: RevenueKind
  /// ISO 4217 code of the revenue's currency.
  public var currency: String = "USD"
  /// How many times the event happens per ``countPer`` on a day it happens at all (rounded, at
  /// least zero), each occurrence with its own revenue; nil for once a day.
  public var count: Distribution?
  /// What `count` is drawn for: each active day or each session.
  public var countPer: EventCountUnit = .day

  /// Each stored property as given; other targets of the package build it too.
  package init(
    name: String,
    perDay: [Double],
    revenue: Distribution? = nil,
    revenueKind: RevenueKind,
    currency: String = "USD",
    count: Distribution? = nil,
    countPer: EventCountUnit = .day
  ) {
    self.name = name
    self.perDay = perDay
    self.revenue = revenue
    self.revenueKind = revenueKind
    self.currency = currency
    self.count = count
    self.countPer = countPer
  }
}
