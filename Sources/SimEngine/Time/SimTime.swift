/// An instant of virtual time: milliseconds since the simulation's origin.
///
/// The engine has no calendar; a scenario maps the origin to its epoch when it needs dates.
public struct SimTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds since the origin.
  public var milliseconds: Int64

  /// The instant `milliseconds` after the origin.
  public init(milliseconds: Int64) { self.milliseconds = milliseconds }

  /// The origin of virtual time.
  public static let zero = SimTime(milliseconds: 0)
  /// An instant later than any a simulation reaches.
  public static let distantFuture = SimTime(milliseconds: .max)

  public static func < (a: SimTime, b: SimTime) -> Bool { a.milliseconds < b.milliseconds }
  // Instants saturate at the ends of integer time instead of trapping: an instant past the end
  // is as unreachable as the end itself, and a run must not crash on a library caller's horizon.
  public static func + (t: SimTime, d: SimDuration) -> SimTime {
    let (sum, overflow) = t.milliseconds.addingReportingOverflow(d.milliseconds)
    return SimTime(milliseconds: overflow ? (d.milliseconds > 0 ? .max : .min) : sum)
  }
  public static func - (t: SimTime, d: SimDuration) -> SimTime {
    let (difference, overflow) = t.milliseconds.subtractingReportingOverflow(d.milliseconds)
    return SimTime(milliseconds: overflow ? (d.milliseconds > 0 ? .min : .max) : difference)
  }
  public static func - (a: SimTime, b: SimTime) -> SimDuration {
    SimDuration(milliseconds: a.milliseconds - b.milliseconds)
  }

  /// The offset from the origin in duration notation, e.g. `t+1d2h`.
  public var description: String { "t+\(SimDuration(milliseconds: milliseconds))" }
}
