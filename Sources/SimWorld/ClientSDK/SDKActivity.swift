import SimModel

/// An activity the SDK is told about.
package enum SDKActivity {
  case session
  case event(name: String, revenue: Double?, currency: Int?)
  case revenue(amount: Double, kind: RevenueKind, currency: Int)

  /// The `n` parameter: the event's name, or the names such SDKs give sessions and revenue.
  package var eventName: String {
    switch self {
    case .session: "__SESSION__"
    case .event(let name, _, _): name
    case .revenue(_, .inAppPurchase, _): "__iap__"
    case .revenue(_, .ad, _): "__ADMON_USER_LEVEL_REVENUE__"
    }
  }

  /// The `activity` of a trace line.
  package var label: String {
    switch self {
    case .session: "session"
    case .event: "event"
    case .revenue: "revenue"
    }
  }

  /// The revenue it brings, if any.
  package var revenue: (amount: Double, currency: Int, kind: RevenueKind)? {
    switch self {
    case .session: nil
    case .event(_, let amount?, let currency?): (amount, currency, .inAppPurchase)
    case .event: nil
    case .revenue(let amount, let kind, let currency): (amount, currency, kind)
    }
  }

  /// The trace line's `detail`.
  package var detail: String? {
    switch self {
    case .session: nil
    case .event(let name, _, _): name
    case .revenue(_, let kind, _): kind.rawValue
    }
  }
}
