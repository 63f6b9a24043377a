import SimEngine
import SimJSON
import SimModel

/// What the client SDK keeps on one device: its own record of the values it set, its windows,
/// locks and revenue, all on the device's clock. It never reads the platform's state, which is
/// what makes its belief worth checking (``SDKLintFinding``).
package struct SDKState {
  /// Device time of the registration call, which starts the SDK's windows.
  package var firstCall: SimTime
  /// Device time of the latest call to the platform.
  package var lastCall: SimTime
  /// The fine value last set (`skan_conversion_value` before 4.0, `skan_current_conversion_value`
  /// after) and the one before it.
  package var fine = 0
  package var previousFine: Int?
  /// Per window: the coarse value last set (0–2 as the service gave it), the one before, and
  /// the device time of the lock.
  package var coarse: [Int?] = [nil, nil, nil]
  package var previousCoarse: [Int?] = [nil, nil, nil]
  package var lockTime: [SimTime?] = [nil, nil, nil]
  /// Revenue by currency since the first call, and per window by the SDK's clock.
  package var revenue: [Double]
  package var adRevenue: [Double]
  package var windowRevenue: [[Double]]
  package var windowAdRevenue: [[Double]]
  /// What the SDK measured since its first call and in its current window, for a schema model.
  package var sinceFirstCall: Measures
  package var inWindow: Measures
  package var measuredWindow = 0
  package var lastActiveDay = -1
  /// Requests made to the conversion model.
  package var requests = 0
  /// Set once the SDK stops measuring: past its last window, or (before 4.0) at its timer.
  package var stopped = false

  /// The metadata keys holding the fine value: the 3.0 guide's and the 4.0 guide's.
  package static let fineValueKeys = ["skan_conversion_value", "skan_current_conversion_value"]

  /// A state registered at device time `now`, with value 0 (rulebook §4 "Registration").
  package init(registeredAt now: SimTime, eventCount: Int, currencyCount: Int) {
    firstCall = now
    lastCall = now
    let none = Array(repeating: 0.0, count: currencyCount)
    revenue = none
    adRevenue = none
    windowRevenue = [none, none, none]
    windowAdRevenue = windowRevenue
    sinceFirstCall = Measures(eventCount: eventCount, currencyCount: currencyCount)
    inWindow = sinceFirstCall
  }

  /// The window the SDK believes `now` (device time) falls in, or nil after its last window.
  package func window(at now: SimTime, ends: [SimDuration]) -> Int? {
    let elapsed = now - firstCall
    return ends.firstIndex { elapsed < $0 }
  }

  /// The metadata such SDKs send with every server-to-server session and event, under their
  /// guide's keys: the SKAdNetwork 3.0 S2S guide's before 4.0, the 4.0 guide's (with per-window
  /// keys) for 4.0 and AdAttributionKit. Timestamps are Unix seconds on the device's clock;
  /// revenue is an object by currency.
  package func metadata(windowed: Bool, epoch: Epoch, currencies: [String]) -> [(key: String, value: JSONValue)] {
    func seconds(_ time: SimTime) -> JSONValue { .int(epoch.unixMilliseconds(after: time.milliseconds) / 1_000) }
    func byCurrency(_ amounts: [Double]) -> JSONValue {
      .object(Dictionary(uniqueKeysWithValues: zip(currencies, amounts).filter { $0.1 != 0 }.map { ($0.0, .double($0.1)) }))
    }
    guard windowed else {
      // The 3.0 guide's four keys: no previous value and no ad revenue.
      return [
        ("skan_conversion_value", .int(Int64(fine))),
        ("skan_first_call_to_skadnetwork_timestamp", seconds(firstCall)),
        ("skan_last_call_to_skadnetwork_timestamp", seconds(lastCall)),
        ("skan_total_revenue_by_currency", byCurrency(revenue)),
      ]
    }
    var pairs: [(key: String, value: JSONValue)] = [
      ("skan_current_conversion_value", .int(Int64(fine))),
      ("skan_first_call_to_skadnetwork_timestamp", seconds(firstCall)),
      ("skan_last_call_to_skadnetwork_timestamp", seconds(lastCall)),
      ("skan_total_revenue_by_currency", byCurrency(revenue)),
      ("skan_total_admon_revenue_by_currency", byCurrency(adRevenue)),
    ]
    if let previousFine { pairs.append(("prev_fine_value", .int(Int64(previousFine)))) }
    for window in 0..<3 {
      if let coarse = coarse[window] { pairs.append(("p\(window)_coarse", .int(Int64(coarse)))) }
      if let previous = previousCoarse[window] { pairs.append(("p\(window)_prev_coarse_value", .int(Int64(previous)))) }
      if let lock = lockTime[window] { pairs.append(("p\(window)_window_lock", seconds(lock))) }
      pairs.append(("p\(window)_total_iap_revenue", byCurrency(windowRevenue[window])))
      pairs.append(("p\(window)_total_admon_revenue", byCurrency(windowAdRevenue[window])))
    }
    return pairs
  }
}
