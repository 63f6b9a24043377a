import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import SimInput

/// GA4 / Firebase BigQuery export lines read as log rows: which events are launches, sessions
/// and revenue, where revenue comes from, and errors that never quote a user's identifier.
@Suite("Event logs: GA4 export")
struct GA4LogReaderTests {
  private func rows(_ lines: [String]) throws -> [LogRow] {
    let folder = try TemporaryFolder.create("ga4-log")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("events.ndjson")
    try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    var reader = try GA4LogReader(path: file.path)
    var result: [LogRow] = []
    do {
      while let (_, row) = try reader.next() { result.append(row) }
    } catch {
      throw error.diagnostic
    }
    return result
  }

  private func error(_ lines: [String]) -> ScenarioDiagnostic? {
    #expect(throws: ScenarioDiagnostic.self) { try rows(lines) }
  }

  @Test("first_open is the first launch, session_start a session; microseconds become milliseconds; other events are events")
  func kinds() throws {
    let read = try rows([
      #"{"event_timestamp":"1709296200123456","event_name":"first_open","user_pseudo_id":"A1","geo":{"country":"United States"}}"#,
      "",
      #"{"event_timestamp":1709296260000000,"event_name":"session_start","user_pseudo_id":"A1","geo":{"country":"(not set)"}}"#,
      #"{"event_timestamp":1709296270000000,"event_name":"level_up","user_pseudo_id":"A1","traffic_source":{"source":"alpha","name":"broad"}}"#,
    ])
    #expect(read.map(\.kind) == [.firstLaunch, .session, .event])
    #expect(read.map(\.time) == [1_709_296_200_123, 1_709_296_260_000, 1_709_296_270_000])
    #expect(read.map(\.country) == ["United States", nil, nil])
    #expect(read[2].network == "alpha" && read[2].campaign == "broad")
    #expect(read.allSatisfy { $0.revenue == nil })
  }

  @Test("Purchase revenue is event_value_in_usd when exported, else the value and currency parameters; a refund is negative")
  func revenue() throws {
    let read = try rows([
      #"{"event_timestamp":1,"event_name":"in_app_purchase","user_pseudo_id":"B","event_value_in_usd":4.99,"event_params":[{"key":"value","value":{"double_value":4.5}},{"key":"currency","value":{"string_value":"EUR"}}]}"#,
      #"{"event_timestamp":2,"event_name":"purchase","user_pseudo_id":"B","event_params":[{"key":"value","value":{"string_value":null,"int_value":"12"}},{"key":"currency","value":{"string_value":"GBP"}}]}"#,
      #"{"event_timestamp":3,"event_name":"ad_impression","user_pseudo_id":"B","event_params":[{"key":"value","value":{"double_value":0.0125}},{"key":"currency","value":{"string_value":"USD"}}]}"#,
      #"{"event_timestamp":4,"event_name":"app_store_refund","user_pseudo_id":"B","event_value_in_usd":4.99}"#,
    ])
    #expect(read.map(\.kind) == [.purchase, .purchase, .adRevenue, .purchase])
    #expect(read.map(\.revenue) == [4.99, 12, 0.0125, -4.99])
    #expect(read.map(\.currency) == ["USD", "GBP", "USD", "USD"])
  }

  @Test("A missing or malformed field is an error at its line and column naming the field; the user's identifier is never quoted")
  func problems() {
    let noUser = error([#"{"event_timestamp":1,"event_name":"x"}"#])
    #expect(noUser?.file.hasSuffix("/events.ndjson") == true)
    #expect(noUser?.location == SourceLocation(line: 1, column: 1))
    #expect(noUser?.path == "user_pseudo_id")
    #expect(noUser?.message == "expected a GA4 event with user_pseudo_id, found none")
    let badTime = error(["", #"{"event_timestamp":-5,"event_name":"x","user_pseudo_id":"SECRET-ID"}"#])
    #expect(badTime?.location == SourceLocation(line: 2, column: 20))
    #expect(badTime?.path == "event_timestamp")
    #expect(badTime?.message == "expected microseconds since 1970 (a non-negative whole number), found -5")
    let badUser = error([#"{"event_timestamp":1,"event_name":"x","user_pseudo_id":7}"#])
    #expect(badUser?.message == "expected a non-empty string, found number")
    let notJSON = error([#"{"event_timestamp":1,"event_name":"x","user_pseudo_id":"SECRET-ID""#])
    #expect(notJSON?.message.hasPrefix("expected one GA4 event as a JSON object per line: ") == true)
    for found in [badTime, notJSON] { #expect(found?.description.contains("SECRET") == false) }
    let array = error(["[1, 2]"])
    #expect(array?.message == "expected a GA4 event (a JSON object), found array")
  }
}
