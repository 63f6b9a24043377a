import SimJSON
import Testing

@Suite("JSONValue: serialization")
struct JSONValueSerializationTests {
  @Test("compact output sorts keys and has no spaces")
  func compactSortedKeys() {
    let value: JSONValue = ["b": 1, "a": [true, nil], "c": [:], "d": [], "e": "x"]
    #expect(value.serialized() == #"{"a":[true,null],"b":1,"c":{},"d":[],"e":"x"}"#)
  }

  @Test("keys sort by Unicode scalar value, not by UTF-16 or locale order")
  func keyByteOrder() {
    // UTF-16 order would put "😀" (a surrogate pair) before "～" (U+FF5E); scalar order does not.
    let value: JSONValue = ["😀": 6, "～": 5, "é": 4, "~": 3, "z": 2, "Z": 1, "": 0]
    #expect(value.serialized() == #"{"":0,"Z":1,"z":2,"~":3,"é":4,"～":5,"😀":6}"#)
    // A decomposed "é" starts with "e", so it sorts before "f" although Swift's `<` (which
    // compares normalized text, where "é" is U+00E9) would put it after.
    let decomposed: JSONValue = ["f": 1, "e\u{301}": 2]
    #expect(decomposed.serialized() == "{\"e\u{301}\":2,\"f\":1}")
    #expect(!("e\u{301}" < "f"))
  }

  @Test("strings escape quotes, backslashes and control characters only")
  func stringEscaping() {
    let value: JSONValue = "q\" b\\ n\n r\r t\t b\u{8} f\u{C} c\u{1} u\u{1F} d\u{7F} /é😀"
    #expect(value.serialized() == #""q\" b\\ n\n r\r t\t b\b f\f c\u0001 u\u001f d\#u{7F} /é😀""#)
  }

  @Test("an escaped quote followed by a combining mark keeps both")
  func escapeBeforeCombiningMark() {
    let value: JSONValue = "\"\u{301}x"
    #expect(value.serialized() == "\"\\\"\u{301}x\"")
    #expect(value.serialized().unicodeScalars.count == 6)
  }

  @Test("keys are escaped like strings")
  func keyEscaping() {
    let value: JSONValue = ["a\"b\n": 1]
    #expect(value.serialized() == #"{"a\"b\n":1}"#)
  }

  @Test("pretty output indents by two spaces with a space after colons")
  func prettyFormat() {
    let value: JSONValue = [
      "name": "Spring", "bids": [1, [2.5, nil]], "caps": [:], "tags": [],
      "nested": ["z": false, "a": "x"],
    ]
    let expected = """
      {
        "bids": [
          1,
          [
            2.5,
            null
          ]
        ],
        "caps": {},
        "name": "Spring",
        "nested": {
          "a": "x",
          "z": false
        },
        "tags": []
      }
      """
    #expect(value.serialized(pretty: true) == expected)
  }

  @Test("pretty output of scalars and empty containers is the compact text")
  func prettyScalars() {
    #expect(JSONValue.int(7).serialized(pretty: true) == "7")
    #expect(JSONValue.string("a").serialized(pretty: true) == "\"a\"")
    #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
    #expect(JSONValue.object([:]).serialized(pretty: true) == "{}")
  }

  @Test("pretty output indents objects nested in arrays")
  func prettyObjectsInArrays() {
    let value: JSONValue = [["a": 1, "b": [[:]]], []]
    let expected = """
      [
        {
          "a": 1,
          "b": [
            {}
          ]
        },
        []
      ]
      """
    #expect(value.serialized(pretty: true) == expected)
  }

  @Test("non-finite doubles from JSON5 input are written as Infinity, -Infinity and NaN, which parse back (fuzz-json5)")
  func nonFiniteDoubles() throws {
    let value: JSONValue = [.double(.infinity), .double(-.infinity), .double(.nan)]
    #expect(value.serialized() == "[Infinity,-Infinity,NaN]")
    guard case .array(let back) = JSONValue(try JSONParser.parse(value.serialized())), back.count == 3,
      case .double(let infinity) = back[0], case .double(let negative) = back[1], case .double(let nan) = back[2]
    else {
      Issue.record("expected three doubles back")
      return
    }
    #expect(infinity == .infinity && negative == -.infinity && nan.isNaN)
  }

  @Test("doubles use Swift's shortest round-trip form")
  func doubles() {
    let value: JSONValue = [0.1, 1e-5, 5.0, 1e20, -0.0, 123.456, .double(1.0 / 3.0)]
    #expect(value.serialized() == "[0.1,1e-05,5.0,1e+20,-0.0,123.456,0.3333333333333333]")
  }

  @Test("integers are written in decimal")
  func integers() {
    let value: JSONValue = [0, -42, .int(Int64.max), .int(Int64.min)]
    #expect(value.serialized() == "[0,-42,9223372036854775807,-9223372036854775808]")
  }

  @Test("write(to:) appends to an existing buffer")
  func writeAppends() {
    var buffer = "prefix "
    let object: JSONValue = ["a": 1]
    object.write(to: &buffer, pretty: false)
    buffer += "\n"
    JSONValue.bool(false).write(to: &buffer)
    #expect(buffer == "prefix {\"a\":1}\nfalse")
  }

  @Test("write(to:) on a byte buffer appends the same text as UTF-8")
  func writeBytesAppends() {
    var buffer = Array("> ".utf8)
    let value: JSONValue = ["é": [1, "a\tb"], "a": nil]
    value.write(to: &buffer)
    buffer.append(UInt8(ascii: "\n"))
    value.write(to: &buffer, pretty: true)
    #expect(
      buffer == Array("> {\"a\":null,\"é\":[1,\"a\\tb\"]}\n".utf8)
        + Array(value.serialized(pretty: true).utf8))
  }

  @Test("literals build the matching cases")
  func literals() {
    let null: JSONValue = nil
    let flag: JSONValue = true
    let integer: JSONValue = 3
    let double: JSONValue = 2.5
    let text: JSONValue = "s"
    let array: JSONValue = [1, "a"]
    let object: JSONValue = ["k": nil]
    #expect(null == .null)
    #expect(flag == .bool(true))
    #expect(integer == .int(3))
    #expect(double == .double(2.5))
    #expect(text == .string("s"))
    #expect(array == .array([.int(1), .string("a")]))
    #expect(object == .object(["k": .null]))
  }

  @Test("a parsed JSON5 document converts and serializes canonically")
  func json5ToCanonical() throws {
    let text = """
      // config
      {b: [0x10, 1.5e0, 2.0, 'x',], a: {y: null, x: true}, c: .25,}
      """
    #expect(
      try parseValue(text).serialized() == #"{"a":{"x":true,"y":null},"b":[16,1.5,2,"x"],"c":0.25}"#
    )
  }
}
