import SimEngine

/// SKAdNetwork 4 conversion windows and postback delays (rulebook §5.2, §5.4).
public struct WindowSchedule: Hashable, Sendable {
  /// Each window's end, measured from the window clock's start (first launch).
  public var windowEnds: [SimDuration]
  /// The random send delay range after each window closes or locks.
  public var sendDelays: [ClosedRange<Int64>]

  /// Production timings: windows end at 2, 7 and 35 days; postback 1 is sent 24–48 h after its
  /// window closes, postbacks 2 and 3 24–144 h after (A2, B2).
  public static let production = WindowSchedule(
    windowEnds: [.days(2), .days(7), .days(35)],
    sendDelays: [
      SimDuration.hours(24).milliseconds...SimDuration.hours(48).milliseconds,
      SimDuration.hours(24).milliseconds...SimDuration.hours(144).milliseconds,
      SimDuration.hours(24).milliseconds...SimDuration.hours(144).milliseconds,
    ])

  /// Developer Mode: windows of 0–3, 3–6 and 6–9 minutes, postbacks 5–10 minutes later (B12).
  public static let developerMode = WindowSchedule(
    windowEnds: [.minutes(3), .minutes(6), .minutes(9)],
    sendDelays: Array(
      repeating: SimDuration.minutes(5).milliseconds...SimDuration.minutes(10).milliseconds, count: 3))

  /// The schedule a platform runs under.
  public static func `for`(_ platform: Platform) -> WindowSchedule {
    platform.developerMode ? .developerMode : .production
  }

  /// The window (0–2) an update `elapsed` after the window clock started falls in, or nil
  /// after the last window.
  public func window(at elapsed: SimDuration) -> Int? {
    windowEnds.firstIndex { elapsed < $0 }
  }
}
