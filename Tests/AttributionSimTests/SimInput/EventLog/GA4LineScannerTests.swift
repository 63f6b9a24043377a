import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import SimInput

/// The GA4 reader's fast scanner against its general path: the same rows, to the byte, for the
/// lines it reads, and the general path's rows and errors for the lines it leaves to it.
@Suite("Event logs: GA4 fast scanner")
struct GA4LineScannerTests {
  /// A line's row by the scanner, and by the general path (its row or its error), each as the
  /// bytes of its full description, so strings are compared byte for byte and -0.0 is not 0.
  private func both(_ line: String) throws -> (fast: [UInt8]?, general: [UInt8]) {
    let folder = try TemporaryFolder.create("ga4-scanner")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("events.ndjson")
    try Data().write(to: file)
    let reader = try GA4LogReader(path: file.path)
    let bytes = Array(line.utf8)[...]
    let fast = GA4LineScanner.row(bytes, scratch: GA4LineScanner.Scratch()).map { Array(String(reflecting: $0).utf8) }
    let general: String
    do { general = String(reflecting: try reader.parsedRow(bytes, line: 1)) } catch { general = "error: \(error)" }
    return (fast, Array(general.utf8))
  }

  private static let base = #""event_timestamp":"1709296200123456","event_name":"level_up","user_pseudo_id":"U1""#

  @Test(
    "Lines the scanner reads give the general path's rows exactly",
    arguments: [
      // The benchmark's shape, and a purchase with every revenue field.
      #"{"event_date":"20240301","event_timestamp":"1709307468000000","event_name":"first_open","event_params":[{"key":"ga_session_id","value":{"int_value":"1709307468"}},{"key":"engagement_time_msec","value":{"int_value":"57681"}}],"user_pseudo_id":"4ED3C6F4.1700000001","platform":"IOS","geo":{"country":"Japan","region":"(not set)","city":"(not set)"},"traffic_source":{"name":"campaign3","medium":"cpc","source":"(direct)"}}"#,
      #"{"event_timestamp":5,"event_name":"in_app_purchase","user_pseudo_id":"B","event_value_in_usd":4.99,"event_params":[{"key":"price","value":{"double_value":4.5}},{"key":"currency","value":{"string_value":"EUR"}}]}"#,
      // Escapes and \u sequences (a surrogate pair among them) in the fields read.
      #"{"event_timestamp":1,"event_name":"lev\"el\\up\/\b\f\n\r\t","user_pseudo_id":"a\u00e9\ud83d\ude00\u0000z","geo":{"country":"T\u00FCrkiye"}}"#,
      // Bytes past ASCII, in fields read and fields skipped.
      #"{"event_timestamp":1,"event_name":"niveau_réussi","user_pseudo_id":"ü-1","geo":{"country":"Türkiye","city":"São Paulo 東京"}}"#,
      // Numbers as strings and strings as numbers; whole numbers of every size.
      #"{"event_timestamp":"0","event_name":"purchase","user_pseudo_id":"C","event_params":[{"key":"value","value":{"int_value":"12"}},{"key":"currency","value":{"string_value":"GBP"}}]}"#,
      #"{"event_timestamp":999999999999999999,"event_name":"purchase","user_pseudo_id":"C","event_value_in_usd":"4.99"}"#,
      #"{"event_timestamp":1,"event_name":"ad_impression","user_pseudo_id":"C","event_value_in_usd":1.5e2,"x":[-0,0.5,-12.25e-3,1E+2,123456789012345678901234567890]}"#,
      // Unknown fields of every kind and depth are skipped.
      #"{"device":{"a":[1,[2,[[]]],{"b":[{}]}],"c":{},"d":true,"e":false,"f":null},"items":[],"user_properties":[{"key":"x","value":{"int_value":1}}],\#(base)}"#,
      // Another key order, and blanks everywhere JSON allows them.
      " \t{ \"user_pseudo_id\" : \"U1\" ,\t\"event_params\" : [ { \"value\" : { \"double_value\" : 2 } , \"key\" : \"value\" } ] , \"event_name\" : \"purchase\" , \"event_timestamp\" : 7 }\t ",
      // Nulls where a field may be null, and missing optional fields.
      #"{\#(base),"geo":null,"traffic_source":{"source":null,"name":"broad"},"event_value_in_usd":null,"event_params":null}"#,
      #"{"event_timestamp":3,"event_name":"purchase","user_pseudo_id":"D","event_value_in_usd":null,"event_params":[{"key":"value","value":{"string_value":null,"int_value":"12"}},{"key":"value","value":null}]}"#,
      #"{\#(base)}"#,
      // Parameters: the first typed value in the order string, int, float, double; the first
      // parameter of a name with one kept; a value that is no number gives way to the price.
      #"{"event_timestamp":3,"event_name":"purchase","user_pseudo_id":"D","event_params":[{"key":"value","value":{"double_value":3,"string_value":"7"}},{"key":"value","value":{"double_value":9}}]}"#,
      #"{"event_timestamp":3,"event_name":"purchase","user_pseudo_id":"D","event_params":[{"key":"value","value":{"string_value":"n/a"}},{"key":"price","value":{"float_value":2.5}},{"key":"currency","value":{"int_value":5}}]}"#,
      #"{"event_timestamp":3,"event_name":"purchase","user_pseudo_id":"D","event_params":[{"key":"value","value":"flat"},{"key":"value","value":{"int_value":{"deep":1}}},{"key":"other","value":{}}]}"#,
      // A refund, countries unset or empty, and a row's kind from its name.
      #"{"event_timestamp":4,"event_name":"app_store_refund","user_pseudo_id":"E","event_value_in_usd":4.99,"geo":{"country":"(not set)"}}"#,
      #"{"event_timestamp":4,"event_name":"session_start","user_pseudo_id":"E","geo":{"country":""},"traffic_source":"none"}"#,
    ])
  func sameRows(line: String) throws {
    let (fast, general) = try both(line)
    #expect(fast != nil)
    #expect(fast == general, "\(String(decoding: general, as: UTF8.self))")
  }

  @Test(
    "Lines the scanner leaves to the general path: JSON5, keys to decode, repeated keys, numbers it cannot vouch for, deep nesting, bad lines",
    arguments: [
      // JSON5 the general parser accepts.
      #"{\#(base),}"#,
      #"{\#(base) /* comment */}"#,
      #"{\#(base),'geo':{'country':'Japan'}}"#,
      #"{\#(base),geo:{country:"Japan"}}"#,
      #"{\#(base),"x":0x1F,"y":+1,"z":.5,"w":Infinity}"#,
      "{\(base),\u{0B}\"x\":1}",
      // Keys and parameter names written with escapes still name the fields.
      #"{"event_timestamp":1,"event_name":"purchase","user_pseudo\u005fid":"F","event_value_in_usd":2}"#,
      #"{"event_timestamp":1,"event_name":"purchase","user_pseudo_id":"F","event_params":[{"key":"val\u0075e","value":{"int_value":3}}]}"#,
      // Timestamps that are whole numbers only to the general parser, or not at all.
      #"{"event_timestamp":1e3,"event_name":"x","user_pseudo_id":"F"}"#,
      #"{"event_timestamp":"+17","event_name":"x","user_pseudo_id":"F"}"#,
      #"{"event_timestamp":-5,"event_name":"x","user_pseudo_id":"F"}"#,
      #"{"event_timestamp":1.5,"event_name":"x","user_pseudo_id":"F"}"#,
      #"{"event_timestamp":"12345678901234567890","event_name":"x","user_pseudo_id":"F"}"#,
      // Repeated keys, at the top and deep inside a skipped field.
      #"{\#(base),"event_name":"other"}"#,
      #"{\#(base),"device":{"a":{"b":1,"c":2,"b":3}}}"#,
      // Numbers out of range or not JSON's.
      #"{\#(base),"x":1e400}"#,
      #"{\#(base),"x":01}"#,
      #"{\#(base),"x":1.}"#,
      // Strings: an unpaired surrogate, an unknown escape, a raw control character.
      #"{\#(base),"x":"\udc00"}"#,
      #"{\#(base),"x":"\q"}"#,
      "{\(base),\"x\":\"a\tb\"}",
      // Deeper than the scanner goes, yet within the general parser's limit.
      "{\(base),\"x\":\(String(repeating: "[", count: 70))\(String(repeating: "]", count: 70))}",
      // Events the general path refuses.
      #"{"event_timestamp":1,"event_name":"","user_pseudo_id":"F"}"#,
      #"{"event_timestamp":1,"event_name":"x","user_pseudo_id":null}"#,
      #"{"event_timestamp":1,"event_name":"x"}"#,
      #"{\#(base),"event_params":{"key":"value"}}"#,
      #"{\#(base),"event_params":[{"key":7,"value":{}}]}"#,
      #"{\#(base),"event_params":[{"key":"value"}]}"#,
      #"{\#(base),"event_params":["value"]}"#,
      #"{\#(base)"#,
      #"[1, 2]"#,
      "\u{FEFF}{\(base)}",
    ])
  func generalPath(line: String) throws {
    let (fast, general) = try both(line)
    #expect(fast == nil, "\(String(decoding: general, as: UTF8.self))")
  }

  @Test("Bytes that are not UTF-8 in a skipped string leave the line to the general path, which refuses it")
  func notUTF8() throws {
    let line = Array(#"{"event_timestamp":1,"event_name":"x","user_pseudo_id":"F","x":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    #expect(GA4LineScanner.row(line[...], scratch: GA4LineScanner.Scratch()) == nil)
  }

  @Test("A long log read line by line gives each line's row or error in order, as the general path would")
  func batches() throws {
    let folder = try TemporaryFolder.create("ga4-batches")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("events.ndjson")
    // Every 7th line needs the general path, every 50th is an error, every 97th is blank.
    let lines = (0..<5_000).map { index -> String in
      if index % 97 == 0 { return "  " }
      if index % 50 == 0 { return #"{"event_timestamp":1,"event_name":"x"}"# }
      let user = index % 7 == 0 ? #""user_pseudo\u005fid""# : #""user_pseudo_id""#
      return #"{"event_timestamp":\#(index),"event_name":"e\#(index % 13)",\#(user):"U\#(index % 101)","geo":{"country":"C\#(index % 5)"}}"#
    }
    try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    var reader = try GA4LogReader(path: file.path)
    var read: [String] = []
    while true {
      do {
        guard let (line, row) = try reader.next() else { break }
        read.append("\(line): \(row)")
      } catch {
        guard case .row(let problem) = error else { throw error.diagnostic }
        read.append("\(problem.location?.line ?? 0): \(problem)")
      }
    }
    let general = try GA4LogReader(path: file.path)
    let expected = lines.enumerated().filter { $0.element != "  " }.map { index, line -> String in
      do { return "\(index + 1): \(try general.parsedRow(Array(line.utf8)[...], line: index + 1))" } catch { return "\(index + 1): \(error)" }
    }
    #expect(read.count == expected.count)
    #expect(read == expected)
    #expect(read.filter { $0.contains("found none") }.count == 100 - 2)
  }
}
