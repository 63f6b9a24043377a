import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import SimInput

/// A GA4 export read in stretches at once gives what reading it in one does: the same users,
/// names and report, and the same first error at the same line, wherever the cuts fall.
@Suite("Event logs: reading in stretches")
struct EventLogStretchesTests {
  private func ga4(_ user: String, _ seconds: Int, _ name: String, extra: String = "") -> String {
    #"{"user_pseudo_id":"\#(user)","event_timestamp":\#(seconds * 1_000_000),"event_name":"\#(name)"\#(extra)}"#
  }

  /// `lines` loaded in 1 to 4 stretches, each load's users and report or its failure.
  private func loads(
    _ lines: [String], badRows: EventLogSource.BadRows = .fail
  ) throws -> [Result<(users: LoggedUsers, report: EventLogReport), EventLogLoader.Failure>] {
    let folder = try TemporaryFolder.create("log-stretches")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("events.ndjson")
    try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    var source = EventLogSource(path: file.path, format: .ga4)
    source.badRows = badRows
    return (1...4).map { parts in
      Result { () throws(EventLogLoader.Failure) in
        try EventLogLoader.load(source, currencies: CurrencyTable(base: "USD", rates: ["EUR": 1.25]), parts: parts)
      }
    }
  }

  /// A log whose users, names and countries come and go across any cut: users first met late,
  /// countries first given late, names first used late, repeats, refunds, euros, blank lines,
  /// CRLF ends, lines for the general path, and spellings String equality calls equal.
  private var mixed: [String] {
    (0..<400).map { index -> String in
      let user = "u\(index * 7 % 53)"
      switch index % 23 {
      case 0: return ""
      case 1: return "  \t"
      case 2: return ga4(user, index, "level_\(index / 40)") + "\r"
      // An escaped key: the general path reads it.
      case 3: return #"{"user_pseudo\u005fid":"\#(user)","event_timestamp":\#(index * 1_000_000),"event_name":"first_open"}"#
      case 4: return ga4(user, index, "purchase", extra: #","event_params":[{"key":"value","value":{"double_value":2}},{"key":"currency","value":{"string_value":"EUR"}}]"#)
      case 5: return ga4(user, index, "app_store_refund", extra: #","event_value_in_usd":0.99"#)
      case 6: return ga4(user, 10, "session_start")  // repeated by every user that has it
      case 7: return ga4("K-\(index % 3)", index, "caf\u{E9}")
      case 8: return ga4("\u{212A}-\(index % 3)", index, "cafe\u{301}")  // the Kelvin sign is K; é decomposed is é
      case 9: return ga4(user, index, "first_open", extra: #","geo":{"country":"\#(["Japan", "(not set)", "Brazil"][index % 3])"}"#)
      case 10: return ga4(user, index, #"esc\"aped_\#(index / 100)"#)
      default: return ga4(user, index * 3 % 200, "e\(index % 5)")
      }
    }
  }

  @Test("Users, names, countries and the report are the same read in 1, 2, 3 or 4 stretches")
  func sameUsers() throws {
    let results = try loads(mixed).map { try $0.get() }
    for result in results.dropFirst() {
      #expect(result.users == results[0].users)
      #expect(result.report == results[0].report)
    }
    // The Kelvin sign's users are the K ones, and "café" in either spelling one name, as Strings are.
    let kelvin = try loads(mixed.map { $0.replacingOccurrences(of: "\u{212A}-", with: "K-") })[0].get()
    #expect(kelvin.users == results[0].users)
    #expect(results[0].users.eventNames.filter { $0 == "caf\u{E9}" }.count == 1)
    // 400 lines, 36 of them blank.
    #expect(results[0].report.rows == 364)
  }

  @Test("With errors in every stretch, the first in the file is the one reported, at its line; skipped rows are counted and shown in file order")
  func firstError() throws {
    var lines = mixed
    lines[4] = #"{"event_name":"x"}"#  // line 5: no user
    lines[300] = #"{"user_pseudo_id":"v","event_timestamp":-1,"event_name":"x"}"#  // line 301
    lines[380] = ga4("w", 1, "purchase", extra: #","event_params":[{"key":"value","value":{"double_value":2}},{"key":"currency","value":{"string_value":"JPY"}}]"#)
    for result in try loads(lines) {
      guard case .failure(.reading(let problem)) = result else {
        Issue.record("expected the reading to fail")
        continue
      }
      #expect(problem.location?.line == 5 && problem.path == "user_pseudo_id")
    }
    // Only in the second half: at its own line, counted past the first half's lines.
    lines[4] = mixed[4]
    for result in try loads(lines) {
      guard case .failure(.reading(let problem)) = result else {
        Issue.record("expected the reading to fail")
        continue
      }
      #expect(problem.location == SourceLocation(line: 301, column: 1 + #"{"user_pseudo_id":"v","event_timestamp":"#.count))
    }
    lines[4] = #"{"event_name":"x"}"#
    let skipped = try loads(lines, badRows: .skip).map { try $0.get() }
    for result in skipped {
      #expect(result.users == skipped[0].users && result.report == skipped[0].report)
      #expect(result.report.skippedRows == 3)
      #expect(result.report.skippedExamples.map { $0.location?.line } == [5, 301, 381])
      #expect(result.report.skippedExamples.last?.path == "currency")
    }
  }

  @Test("A line past the length limit or binary data in a later stretch ends the reading at its line, after the rows before it")
  func stopInLaterStretch() throws {
    var lines = mixed
    lines[350] = "{\u{0}}"
    for result in try loads(lines, badRows: .skip) {
      guard case .failure(.reading(let problem)) = result else {
        Issue.record("expected the reading to stop")
        continue
      }
      #expect(problem.location == SourceLocation(line: 351, column: 2))
    }
  }

  @Test("The name past the limit is refused at its own line, whichever stretch its earlier names were in")
  func tooManyNames() throws {
    let lines = (0...EventLogLoader.maximumEventNames).map { ga4("u\($0 % 10)", $0, "n\($0)") }
    for result in try loads(lines) {
      guard case .failure(.reading(let problem)) = result else {
        Issue.record("expected too many names")
        continue
      }
      #expect(problem.location == SourceLocation(line: EventLogLoader.maximumEventNames + 1, column: 1))
      #expect(problem.path == "event_name")
    }
  }

  @Test("A file cuts into stretches of whole lines that cover it, fewer when it is too small")
  func stretches() throws {
    let folder = try TemporaryFolder.create("log-stretches")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("lines")
    let text = (0..<100).map { String(repeating: "x", count: $0 % 13) }.joined(separator: "\n")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let bytes = Array(text.utf8)
    for count in 1...5 {
      let cuts = LogLines.stretches(of: file.path, count: count)
      #expect(cuts.count == count)
      #expect(cuts.first?.lowerBound == 0 && cuts.last?.upperBound == bytes.count)
      #expect(zip(cuts, cuts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && bytes[$0.upperBound - 1] == UInt8(ascii: "\n") })
    }
    try "one line".write(to: file, atomically: true, encoding: .utf8)
    #expect(LogLines.stretches(of: file.path, count: 3) == [0..<8])
  }

  @Test("Interned bytes number as a dictionary keyed by String: canonically equal spellings share a number")
  func internTable() {
    let keys = ["a", "K", "b", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "a", "\u{212A}x", "Kx", "", "b"]
    var table = InternTable()
    var dictionary: [String: Int32] = [:]
    for key in keys {
      let expected = dictionary[key] ?? Int32(dictionary.count)
      dictionary[key] = expected
      #expect(table.number(of: key).number == expected)
    }
    #expect(table.count == dictionary.count)
    #expect(table.string(1) == "K" && table.find("\u{212A}") == 1 && table.find("c") == nil)
  }
}
