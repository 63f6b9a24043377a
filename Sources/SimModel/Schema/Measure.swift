/// A quantity a conversion model reads from the app's measurements.
public enum Measure: Hashable, Sendable, Comparable {
  /// Revenue in the schema's currency, from in-app purchases, ads or both.
  case revenue(RevenueSource)
  /// How many times an event (index into the model's event names) happened.
  case eventCount(Int)
  /// The revenue the event (index) itself carried, in the schema's currency: GA4's event value.
  case eventValue(Int)
  /// App opens.
  case sessions
  /// Distinct days since the first launch (24 h periods) with at least one app open.
  case activeDays
  /// Whole days since the first launch, at the time of the activity.
  case daysSinceInstall
  /// Hours since the first launch, at the time of the activity.
  case hoursSinceInstall

  /// Whether the measure only takes whole values.
  public var isCount: Bool {
    if case .revenue = self { return false }
    if case .eventValue = self { return false }
    return self != .hoursSinceInstall
  }

  private var order: (Int, Int) {
    switch self {
    case .revenue(let source): (0, RevenueSource.allCases.firstIndex(of: source)!)
    case .eventCount(let index): (1, 2 * index)
    case .eventValue(let index): (1, 2 * index + 1)
    case .sessions: (2, 0)
    case .activeDays: (3, 0)
    case .daysSinceInstall: (4, 0)
    case .hoursSinceInstall: (5, 0)
    }
  }

  /// Revenue first, then events in schema order, then engagement.
  public static func < (a: Measure, b: Measure) -> Bool { a.order < b.order }

  /// How the measure reads in explanations, naming events from `eventNames`.
  public func name(eventNames: [String]) -> String {
    switch self {
    case .revenue(.all): "revenue"
    case .revenue(.iap): "purchase revenue"
    case .revenue(.ad): "ad revenue"
    case .revenue(.predicted): "predicted revenue"
    case .eventCount(let index): eventNames.indices.contains(index) ? eventNames[index] : "event #\(index)"
    case .eventValue(let index): "value of " + Measure.eventCount(index).name(eventNames: eventNames)
    case .sessions: "sessions"
    case .activeDays: "active days"
    case .daysSinceInstall: "days since install"
    case .hoursSinceInstall: "hours since install"
    }
  }
}
