import SimJSON
import Testing

@Suite("JSONParser: JSON and JSON5 syntax")
struct JSONParserTests {
  @Test("plain JSON parses to the expected values")
  func plainJSON() throws {
    let text = """
      {"name": "Spring sale", "budget": 1500.25, "daily": 200, "active": true,
       "paused": false, "notes": null, "channels": ["search", "social"], "caps": {}, "tags": []}
      """
    let expected: JSONValue = [
      "name": "Spring sale", "budget": 1500.25, "daily": 200, "active": true, "paused": false,
      "notes": nil, "channels": ["search", "social"], "caps": [:], "tags": [],
    ]
    #expect(try parseValue(text) == expected)
  }

  @Test("plain JSON survives parse, serialize, parse unchanged")
  func roundTrip() throws {
    let text = #"{"a":[1,-2.5,"x\ny",{"b":null}],"c":true,"d":"é😀"}"#
    let value = try parseValue(text)
    #expect(value.serialized() == text)
    #expect(try parseValue(value.serialized(pretty: true)) == value)
  }

  @Test("object members keep source order")
  func memberOrder() throws {
    let root = try JSONParser.parse(#"{"zeta": 1, "alpha": 2, "mid": 3}"#)
    #expect(root.members.map(\.key) == ["zeta", "alpha", "mid"])
  }

  @Test("top-level scalars are documents too")
  func topLevelScalars() throws {
    #expect(try parseValue(#""text""#) == "text")
    #expect(try parseValue(" 42 ") == 42)
    #expect(try parseValue("null") == nil)
  }

  @Test("line and block comments are skipped anywhere whitespace may be")
  func comments() throws {
    let text = """
      // leading comment
      /* block
         spanning lines */ {
        "a": /* inline */ 1, // trailing
        /**/"b"/* between key and colon */: [2 /* in array */, 3]
      } // after the document
      /* and a final one */
      """
    #expect(try parseValue(text) == ["a": 1, "b": [2, 3]])
  }

  @Test("trailing commas are allowed in arrays and objects")
  func trailingCommas() throws {
    #expect(try parseValue("[1, 2,]") == [1, 2])
    #expect(try parseValue("{\"a\": 1,}") == ["a": 1])
    #expect(try parseValue("[[],{},]") == [[], [:]])
  }

  @Test("unquoted keys follow ECMAScript IdentifierName")
  func identifierKeys() throws {
    let text = #"{plain: 1, _under: 2, $dollar: 3, with9digits: 4, café: 5, \u0061bc: 6, null: 7}"#
    let expected: JSONValue = [
      "plain": 1, "_under": 2, "$dollar": 3, "with9digits": 4, "café": 5, "abc": 6, "null": 7,
    ]
    #expect(try parseValue(text) == expected)
  }

  @Test("single-quoted strings may contain double quotes and escaped single quotes")
  func singleQuotedStrings() throws {
    #expect(try parseValue(#"['say "hi"', 'it\'s', "it's"]"#) == [#"say "hi""#, "it's", "it's"])
    #expect(try parseValue("{'key': 'value'}") == ["key": "value"])
  }

  @Test("JSON and JSON5 escapes decode to the right characters")
  func escapes() throws {
    let text =
      #"["\"\\\/\b\f\n\r\t", '\'', "\x41\x7a", "a\0b", "\v", "\u00e9\u00C9", "\uD83D\uDE00"]"#
    let expected: JSONValue = [
      "\"\\/\u{8}\u{C}\n\r\t", "'", "Az", "a\u{0}b", "\u{B}", "éÉ", "😀",
    ]
    #expect(try parseValue(text) == expected)
  }

  @Test("a backslash before a line break continues the string on the next line")
  func lineContinuation() throws {
    #expect(try parseValue("\"ab\\\ncd\"") == "abcd")
    #expect(try parseValue("\"ab\\\r\ncd\"") == "abcd")
    #expect(try parseValue("\"ab\\\u{2028}cd\"") == "abcd")
    // The location after a continuation is on the next line.
    let root = try JSONParser.parse("[\"ab\\\ncd\", 1]")
    #expect(root[path: 1]?.location == at(2, 6))
  }

  @Test("hex integers, leading plus and bare decimal points are numbers")
  func json5Numbers() throws {
    #expect(
      try parseValue("[0x1F, 0X1f, -0x10, +7, .5, 5., +.25, -5.e1]") == [
        31, 31, -16, 7, 0.5, 5, 0.25, -50,
      ])
  }

  @Test("Infinity, -Infinity and NaN parse as non-finite doubles")
  func nonFiniteNumbers() throws {
    #expect(try parseNumber("Infinity")?.double == .infinity)
    #expect(try parseNumber("+Infinity")?.double == .infinity)
    #expect(try parseNumber("-Infinity")?.double == -.infinity)
    #expect(try parseNumber("NaN")?.double.isNaN == true)
    #expect(try parseNumber("-Infinity")?.int64 == nil)
    #expect(try parseValue("[Infinity]") == [.double(.infinity)])
  }

  @Test("a byte order mark at the start is skipped and takes no column")
  func byteOrderMark() throws {
    let root = try JSONParser.parse("\u{FEFF}{\"a\": 1}")
    #expect(root.location == at(1, 1))
    #expect(root[path: "a"]?.location == at(1, 7))
  }

  @Test("JSON5 whitespace beyond ASCII separates tokens")
  func unicodeWhitespace() throws {
    #expect(try parseValue("[1,\u{A0}2,\u{2028}3,\u{3000}4,\u{B}\u{C}5]") == [1, 2, 3, 4, 5])
  }

  @Test("CR LF and lone CR line endings count as one line break each")
  func lineEndings() throws {
    let root = try JSONParser.parse("[\r\n1,\r2]")
    #expect(root[path: 0]?.location == at(2, 1))
    #expect(root[path: 1]?.location == at(3, 1))
  }

  @Test("deep nesting up to the limit parses")
  func deepNesting() throws {
    let depth = 512
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(throws: Never.self) { try JSONParser.parse(text) }
  }

  @Test("kindName names each kind of value")
  func kindNames() throws {
    let root = try JSONParser.parse(#"[{}, [], "s", 1, true, null]"#)
    guard case .array(let elements) = root.value else {
      Issue.record("expected an array")
      return
    }
    #expect(
      elements.map(\.value.kindName) == ["object", "array", "string", "number", "boolean", "null"])
  }

  @Test("summary describes a value for error messages")
  func summaries() throws {
    let root = try JSONParser.parse(
      #"[{}, [], "abc", 1.50, false, null, "0123456789012345678901234567890123", "a\nb"]"#)
    guard case .array(let elements) = root.value else {
      Issue.record("expected an array")
      return
    }
    #expect(
      elements.map(\.summary) == [
        "object", "array", "string 'abc'", "number 1.50", "boolean false", "null",
        "string '012345678901234567890123456789…' (34 characters)", "string 'a\\nb'",
      ])
  }
}
