import SimEngine

/// What an ad network's (or a measurement partner's) dashboard makes of the postbacks it
/// receives: the publicly documented quirks of reporting layers, so that a run shows the revenue
/// and ROAS a marketer would read there beside the truth (Docs/dashboards.md).
public struct DashboardSettings: Hashable, Sendable {
  /// What a postback without a value becomes.
  public enum Nulls: String, CaseIterable, Hashable, Sendable {
    /// Shown as no value: it adds an install and no revenue.
    case null
    /// Shown as conversion value 0, what 0 means under the schema (Google Ads, per Singular).
    case zero
    /// Modelled: each campaign's revenue scaled up by its postbacks ÷ those with a value, in
    /// each window (Singular's modelled metrics).
    case modelled
  }

  /// When received postbacks reach the dashboard.
  public enum Delivery: Hashable, Sendable {
    /// As they arrive.
    case live
    /// In daily batches at a fixed UTC hour (Meta and Google: the last 5 days' data each day at
    /// 04:00 UTC, per Airbridge): `firstBatch` is the first batch time after the epoch.
    case daily(firstBatch: SimDuration)
  }

  /// The built-in presets, by name; `raw` shows every postback as it arrives, as it is.
  public static let presets: [(name: String, nulls: Nulls, dailyHour: Int?)] = [
    ("raw", .null, nil), ("google", .zero, 4), ("meta", .null, 4), ("modelled", .modelled, nil),
  ]

  /// The preset's name, or `custom`.
  public var name: String
  /// What postbacks without a value become.
  public var nulls: Nulls
  /// When postbacks reach the dashboard.
  public var delivery: Delivery
  /// When the marketer looks, from the epoch; nil for once every postback of the run has arrived.
  public var viewedAt: SimDuration?

  /// Settings from their parts.
  public init(name: String = "custom", nulls: Nulls = .null, delivery: Delivery = .live, viewedAt: SimDuration? = nil) {
    self.name = name
    self.nulls = nulls
    self.delivery = delivery
    self.viewedAt = viewedAt
  }

  /// Every postback, as it arrives, as it is: what a receiver sees.
  public static let raw = DashboardSettings(name: "raw")

  /// When a postback that arrived at `time` is on the dashboard.
  public func shownAt(_ time: SimTime) -> SimTime {
    switch delivery {
    case .live: return time
    case .daily(let first):
      let day = SimDuration.days(1).milliseconds
      let since = time.milliseconds - first.milliseconds
      // The first batch strictly after its arrival.
      let batches = since < 0 ? 0 : since / day + 1
      return SimTime.zero + .milliseconds(first.milliseconds + batches * day)
    }
  }

  /// Whether a postback that arrived at `time` is on the dashboard when the marketer looks.
  public func shows(_ time: SimTime) -> Bool {
    viewedAt.map { shownAt(time) <= SimTime.zero + $0 } ?? true
  }

  /// The first time at `hour`:00 UTC after `epoch`'s instant, as an offset from it.
  public static func firstBatch(hourUTC hour: Int, epoch: Epoch) -> SimDuration {
    let day = SimDuration.days(1).milliseconds
    let target = Int64(hour) * SimDuration.hours(1).milliseconds
    let intoDay = ((epoch.unixMilliseconds % day) + day) % day
    let wait = (target - intoDay + day) % day
    return .milliseconds(wait == 0 ? day : wait)
  }
}
