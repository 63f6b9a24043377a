import AttributionSim
import Foundation
import SimInput

/// The event-log benchmark (issue 38): a synthetic GA4 BigQuery export made from a fixed seed,
/// and the time and memory of loading one into users.
enum EventLogBench {
  /// Writes `events` GA4 export lines to `path`: users of 4 to 40 events each (a first open,
  /// sessions, level events, purchases, ad impressions) over 40 days, each line shaped like a
  /// real export's (parameters, geo, traffic source), from seed 38 so every copy is the same.
  static func make(events: Int, path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
      throw CocoaError(.fileWriteNoPermission)
    }
    defer { try? handle.close() }
    var random = RandomStream(seed: 38)
    let countries = ["United States", "Japan", "Germany", "Brazil", "India"]
    let sources = ["alpha", "beta", "(direct)"]
    let start: Int64 = 1_709_251_200_000_000  // 2024-03-01T00:00:00Z, in microseconds
    var written = 0
    var user = 0
    var buffer = ""
    while written < events {
      user += 1
      let id = String(format: "%08X.%d", UInt32(truncatingIfNeeded: random.next()), 1_700_000_000 + user)
      let geo = #""geo":{"country":"\#(countries[Int(random.next() % 5)])","region":"(not set)","city":"(not set)"}"#
      let traffic = #""traffic_source":{"name":"campaign\#(random.next() % 4)","medium":"cpc","source":"\#(sources[Int(random.next() % 3)])"}"#
      var time = start + Int64(random.next() % (86_400 * 5)) * 1_000_000
      let count = min(4 + Int(random.next() % 37), events - written)
      for index in 0..<count {
        let name: String
        var params = #"{"key":"ga_session_id","value":{"int_value":"\#(time / 1_000_000)"}},{"key":"engagement_time_msec","value":{"int_value":"\#(random.next() % 60_000)"}}"#
        var value = ""
        switch index == 0 ? 0 : 1 + Int(random.next() % 10) {
        case 0: name = "first_open"
        case 1...4: name = "session_start"
        case 5, 6: name = "level_up"
        case 7:
          name = "in_app_purchase"
          let price = [0.99, 4.99, 9.99][Int(random.next() % 3)]
          params += #",{"key":"price","value":{"double_value":\#(price)}},{"key":"currency","value":{"string_value":"USD"}}"#
          value = #","event_value_in_usd":\#(price)"#
        default:
          name = "ad_impression"
          let revenue = Double(random.next() % 5_000) / 1_000_000
          params += #",{"key":"value","value":{"double_value":\#(revenue)}},{"key":"currency","value":{"string_value":"USD"}}"#
        }
        buffer += #"{"event_date":"20240301","event_timestamp":"\#(time)","event_name":"\#(name)","event_params":[\#(params)],"user_pseudo_id":"\#(id)","platform":"IOS",\#(geo),\#(traffic)\#(value)}"#
        buffer += "\n"
        time += Int64(random.next() % (86_400 * 3)) * 1_000_000
        written += 1
      }
      if buffer.utf8.count > 1 << 20 {
        handle.write(Data(buffer.utf8))
        buffer = ""
      }
    }
    handle.write(Data(buffer.utf8))
  }

  /// Loads the GA4 log at `path` and prints what it kept, the time taken and memory; with
  /// `digest`, also a digest of the users and report, to check that two builds load alike.
  static func load(path: String, digest: Bool = false) {
    let before = ProcessCost.now().peakBytes
    let measured = timed { () -> Result<(users: LoggedUsers, report: EventLogReport), EventLogLoader.Failure> in
      do throws(EventLogLoader.Failure) {
        return .success(try EventLogLoader.load(EventLogSource(path: path, format: .ga4), currencies: .usd))
      } catch {
        return .failure(error)
      }
    }
    let peak = ProcessCost.now().peakBytes
    switch measured.result {
    case .failure(let failure): fail("\(failure)")
    case .success(let (users, report)):
      let rate = Double(report.rows) / measured.wall
      print("event log:         \(path): \(grouped(report.rows)) rows, \(grouped(report.users)) users, \(grouped(report.events)) events kept")
      print("dropped:           \(grouped(report.afterHorizon)) past the horizon, \(grouped(report.beforeFirstLaunch)) before the first launch, \(grouped(report.duplicates)) repeated")
      print(String(format: "wall time:         %.3f s (%@ rows/s)", measured.wall, grouped(Int(rate.rounded()))))
      print(String(format: "CPU time:          %.3f s", measured.cpu))
      print(String(format: "peak memory:       %.1f MiB (%.1f MiB before loading)", Double(peak) / 1_048_576, Double(before) / 1_048_576))
      print("kept users:        \(grouped(users.count)) users, \(grouped(users.eventCount)) events")
      let perEvent = { (bytes: Int) in Double(bytes) / Double(max(1, users.eventCount)) }
      print(
        String(
          format: "users' memory:     %.1f MiB stored (%.1f bytes a kept event), %.1f MiB allocated (%.1f bytes a kept event)",
          Double(users.storedBytes) / 1_048_576, perEvent(users.storedBytes), Double(users.allocatedBytes) / 1_048_576,
          perEvent(users.allocatedBytes)))
      if digest { print(String(format: "digest:            %016llx", Self.digest(users, report))) }
    }
  }

  /// FNV-1a over everything loaded: the report, names, countries and each user's events.
  private static func digest(_ users: LoggedUsers, _ report: EventLogReport) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    func mix(_ value: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ (value >> UInt64(shift) & 0xFF)) &* 0x100_0000_01B3 }
    }
    func mix(_ text: String) {
      for byte in text.utf8 { mix(UInt64(byte)) }
    }
    mix("\(report)|\(users.eventNames)|\(users.countries)|\(users.currency)")
    for user in 0..<users.count {
      mix(users.country(of: user) ?? "-")
      mix(UInt64(bitPattern: users.observed(user).milliseconds))
      for event in users.events(of: user) {
        mix(UInt64(bitPattern: event.offset.milliseconds))
        mix("\(event.kind)")
        mix(UInt64(event.name))
        mix(event.revenue.bitPattern)
      }
    }
    return hash
  }
}
