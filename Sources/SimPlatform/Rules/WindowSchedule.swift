import SimEngine
import SimModel

/// Conversion windows, timers and postback delays (rulebook §5.1, §5.2, §5.4).
public struct WindowSchedule: Hashable, Sendable {
  /// 4.0: each window's end, measured from the window clock's start (first launch).
  public var windowEnds: [SimDuration]
  /// 4.0: the random send delay range, in milliseconds, after each window closes or locks.
  public var sendDelays: [ClosedRange<Int64>]
  /// 2.2/3.0: the timer each increase of the conversion value restarts.
  public var valueTimer: SimDuration
  /// 2.2/3.0: the random send delay after the timer expires; also 4.0's postback 1 delay for
  /// old-API-only apps under the `legacyFirstPostbackDelay: "0-24h"` setting.
  public var timerSendDelay: ClosedRange<Int64>

  /// Production timings: windows end at 2, 7 and 35 days; postback 1 is sent 24–48 h after its
  /// window closes, postbacks 2 and 3 24–144 h after (A2, B2); before 4.0, a 24 h timer and a
  /// 0–24 h delay (A9, A8, A1).
  public static let production = WindowSchedule(
    windowEnds: [.days(2), .days(7), .days(35)],
    sendDelays: [hours(24)...hours(48), hours(24)...hours(144), hours(24)...hours(144)],
    valueTimer: .hours(24), timerSendDelay: 0...hours(24))

  /// Developer Mode: windows of 0–3, 3–6 and 6–9 minutes, postbacks 5–10 minutes later, as
  /// Apple's "Testing ad attributions with Developer Mode" states (B12); before 4.0, the testing
  /// profile's 5-minute rolling timer and up to 5 more minutes (A22).
  public static let developerMode = WindowSchedule(
    windowEnds: [.minutes(3), .minutes(6), .minutes(9)],
    sendDelays: Array(repeating: SimDuration.minutes(5).milliseconds...SimDuration.minutes(10).milliseconds, count: 3),
    valueTimer: .minutes(5), timerSendDelay: 0...SimDuration.minutes(5).milliseconds)

  private static func hours(_ count: Int64) -> Int64 { SimDuration.hours(count).milliseconds }

  /// Whole days from install to each 4.0 window's end in production (2, 7, 35): the days reports
  /// measure cumulative revenue by. The single window before 4.0 has no fixed end.
  public static let productionEndDays = production.windowEnds.map {
    Int($0.milliseconds / SimDuration.days(1).milliseconds)
  }

  /// Developer Mode without time randomisation, as WWDC24 describes it: every 4.0 and
  /// AdAttributionKit postback 5 minutes after its window closes, the documented range's lower
  /// end (§5.4 [U]). Before 4.0 the testing profile's timings (A22) stay as they are.
  public static let deterministicDeveloperMode: WindowSchedule = {
    var schedule = developerMode
    let fixed = SimDuration.minutes(5).milliseconds
    schedule.sendDelays = Array(repeating: fixed...fixed, count: 3)
    return schedule
  }()

  /// The schedule a platform runs under, with the rules' reading of Developer Mode's delays.
  public static func `for`(_ platform: Platform, rules: PlatformRules) -> WindowSchedule {
    guard platform.developerMode else { return .production }
    return rules.developerModeSendDelay == .deterministic ? .deterministicDeveloperMode : .developerMode
  }

  /// The 4.0 window (0–2) an update `elapsed` after the window clock started falls in, or nil
  /// after the last window.
  public func window(at elapsed: SimDuration) -> Int? {
    windowEnds.firstIndex { elapsed < $0 }
  }
}
