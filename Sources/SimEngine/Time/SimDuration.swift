/// A span of virtual time in whole milliseconds.
///
/// Integer milliseconds keep arithmetic exact: floating-point time drifts and makes ties depend
/// on rounding. Milliseconds are the finest unit the platform itself uses (impression timestamps).
public struct SimDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The length in milliseconds.
  public var milliseconds: Int64

  /// A duration of `milliseconds` ms.
  public init(milliseconds: Int64) { self.milliseconds = milliseconds }

  /// No time at all.
  public static let zero = SimDuration(milliseconds: 0)
  /// `n` milliseconds.
  public static func milliseconds(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n) }
  /// `n` seconds.
  public static func seconds(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 1_000) }
  /// `n` minutes.
  public static func minutes(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 60_000) }
  /// `n` hours.
  public static func hours(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 3_600_000) }
  /// `n` days of 24 hours (virtual time has no calendar, so no daylight-saving days).
  public static func days(_ n: Int64) -> SimDuration { SimDuration(milliseconds: n * 86_400_000) }

  public static func < (a: SimDuration, b: SimDuration) -> Bool { a.milliseconds < b.milliseconds }
  public static func + (a: SimDuration, b: SimDuration) -> SimDuration {
    SimDuration(milliseconds: a.milliseconds + b.milliseconds)
  }
  public static func - (a: SimDuration, b: SimDuration) -> SimDuration {
    SimDuration(milliseconds: a.milliseconds - b.milliseconds)
  }
  public static func * (a: SimDuration, n: Int64) -> SimDuration {
    SimDuration(milliseconds: a.milliseconds * n)
  }

  /// The duration written in the scenario notation, largest units first (`1d12h`, `90s`, `250ms`).
  public var description: String { DurationNotation.format(self) }
}
