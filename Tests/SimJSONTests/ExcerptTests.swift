import Testing

@testable import SimJSON

/// Input echoed in parse errors stays one readable line, however long the input.
@Suite("Echoed input is cut to a readable length")
struct ExcerptTests {
  @Test("a million-digit number is quoted by its first digits, an ellipsis and its length")
  func millionDigits() {
    let digits = "1" + String(repeating: "0", count: 999_999)
    #expect(throws: JSONParseError.self) { try JSONParser.parse("[\(digits)]") }
    do {
      _ = try JSONParser.parse("[\(digits)]")
    } catch {
      #expect(error.message == "number '100000000000000000000000000000…' (1000000 characters) is out of range")
    }
  }

  @Test("a long misspelt word is cut the same way")
  func longWord() {
    let word = String(repeating: "x", count: 500)
    do {
      _ = try JSONParser.parse(word)
      Issue.record("parsed")
    } catch {
      #expect(error.message == "expected value, found '\(String(repeating: "x", count: 30))…' (500 characters)")
    }
  }

  @Test("short text is quoted whole, control characters as escapes")
  func shortText() {
    #expect(Excerpt.quoted("abc") == "'abc'")
    #expect(Excerpt.quoted("a\nb\u{7}") == "'a\\nb\\u{7}'")
    #expect(Excerpt.quoted(String(repeating: "é", count: 30)) == "'\(String(repeating: "é", count: 30))'")
  }

  @Test("a long number's summary is cut; a short one is shown whole")
  func numberSummary() throws {
    let long = "0." + String(repeating: "5", count: 200)
    let node = try JSONParser.parse("[\(long), 1.5]")
    guard case .array(let elements) = node.value else {
      Issue.record("not an array")
      return
    }
    #expect(elements[0].summary == "number '0.5555555555555555555555555555…' (202 characters)")
    #expect(elements[1].summary == "number 1.5")
  }

  @Test("the first thing after comments and spaces decides whether text is meant as an object")
  func opensWithObject() {
    #expect(JSONParser.opensWithObject(" // note\n /* x */ { broken"))
    #expect(!JSONParser.opensWithObject("root:x:0:0:root:/root:/bin/bash"))
    #expect(!JSONParser.opensWithObject("[1]"))
  }
}
