/// What `--tradeoff` sets the objective against: the second axis of the Pareto front.
public enum TradeoffAxis: String, CaseIterable, Sendable {
  /// The median hours from install to the first postback carrying a value (lower is better):
  /// locks buy earlier postbacks at the cost of what happens after them.
  case timeToSignal = "time-to-signal"
  /// The share of installs with a first postback that still send postbacks 2 and 3 (higher is
  /// better): what networks' bidding reads as signal, which silencing low-value installs in
  /// windows 2–3 buys accuracy with.
  case postbacksKept = "postbacks-kept"

  /// The axis as people read it, with its unit.
  public var label: String {
    switch self {
    case .timeToSignal: "time to first signal (median hours)"
    case .postbacksKept: "postbacks 2 and 3 kept (share of installs with postback 1)"
    }
  }

  /// A row's value on the axis, as "lower is better": hours as they are, kept shares negated.
  func cost(_ row: OptimizeResult.Row) -> Double {
    switch self {
    case .timeToSignal: row.hours ?? .infinity
    case .postbacksKept: row.kept.map { -$0 } ?? .infinity
    }
  }

  /// A row's value on the axis as shown; nil where it has none.
  func value(_ row: OptimizeResult.Row) -> Double? {
    switch self {
    case .timeToSignal: row.hours
    case .postbacksKept: row.kept
    }
  }
}
