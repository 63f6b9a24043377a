import SimJSON
import Testing

@Suite("JSONParser: error messages and locations")
struct JSONParserErrorTests {
  @Test("a stray token after an object member names both expected separators")
  func afterObjectMember() {
    #expect(
      parseError("{\"a\": 1 x}")
        == failure("expected ',' or '}' after object member, found 'x'", 1, 9))
  }

  @Test("end of file inside an array is reported where the file ends")
  func afterArrayElement() {
    #expect(
      parseError("[1, 2")
        == failure("expected ',' or ']' after array element, found end of file", 1, 6))
    #expect(
      parseError("[1\n")
        == failure("expected ',' or ']' after array element, found end of file", 2, 1))
  }

  @Test("an unterminated string is reported at its opening quote")
  func unterminatedString() {
    #expect(parseError("{\"a\": \"abc") == failure("unterminated string", 1, 7))
    #expect(parseError("['abc\\") == failure("unterminated string", 1, 2))
  }

  @Test("an unterminated block comment is reported at its opening slash")
  func unterminatedComment() {
    #expect(parseError("[1,\n  /* note\n*") == failure("unterminated comment", 2, 3))
  }

  @Test("an unknown escape is reported at its backslash")
  func invalidEscape() {
    #expect(parseError(#"["a\qb"]"#) == failure(#"invalid escape '\q' in string"#, 1, 4))
    #expect(parseError(#""\x4G""#) == failure(#"invalid escape '\x4G' in string"#, 1, 2))
    #expect(parseError(#""\u12G4""#) == failure(#"invalid escape '\u12G4' in string"#, 1, 2))
    #expect(parseError(#""\u12""#) == failure(#"invalid escape '\u12' in string"#, 1, 2))
    #expect(parseError(#""\01""#) == failure(#"invalid escape '\01' in string"#, 1, 2))
    #expect(parseError(#""\1""#) == failure(#"invalid escape '\1' in string"#, 1, 2))
    #expect(parseError(#"{a\x: 1}"#) == failure(#"invalid escape '\x' in identifier"#, 1, 3))
    #expect(
      parseError(#"{a\u002D: 1}"#) == failure(#"invalid escape '\u002D' in identifier"#, 1, 3))
  }

  @Test("a surrogate escape without its partner is an error")
  func unpairedSurrogate() {
    #expect(parseError(#""x\uD83D""#) == failure(#"unpaired surrogate '\uD83D' in string"#, 1, 3))
    #expect(
      parseError(#""\uDE00\uD83D""#) == failure(#"unpaired surrogate '\uDE00' in string"#, 1, 2))
    #expect(
      parseError(#""\uD83D\u0041""#) == failure(#"unpaired surrogate '\uD83D' in string"#, 1, 2))
  }

  @Test("a character that cannot start any token is unexpected")
  func unexpectedCharacter() {
    #expect(parseError("{\"a\": @}") == failure("unexpected character '@'", 1, 7))
    #expect(parseError("[/x]") == failure("unexpected character '/'", 1, 2))
    #expect(parseError("[\u{7}]") == failure("unexpected character U+0007", 1, 2))
  }

  @Test("a malformed number is quoted whole")
  func invalidNumber() {
    #expect(parseError("[1.2.3]") == failure("invalid number '1.2.3'", 1, 2))
    #expect(parseError("{\"a\":\n  -01}") == failure("invalid number '-01'", 2, 3))
    #expect(parseError("[-]") == failure("invalid number '-'", 1, 2))
    #expect(parseError("[- 1]") == failure("invalid number '-'", 1, 2))
    #expect(parseError("[12abc]") == failure("invalid number '12abc'", 1, 2))
    #expect(parseError("1e") == failure("invalid number '1e'", 1, 1))
    #expect(parseError(".e1") == failure("invalid number '.e1'", 1, 1))
    #expect(parseError(".") == failure("invalid number '.'", 1, 1))
    #expect(parseError("0x") == failure("invalid number '0x'", 1, 1))
    #expect(parseError("0x1.8") == failure("invalid number '0x1.8'", 1, 1))
    #expect(parseError("1_000") == failure("invalid number '1_000'", 1, 1))
    #expect(parseError("-Infinityx") == failure("invalid number '-Infinityx'", 1, 1))
  }

  @Test("a raw control character in a string is named by its code point")
  func controlCharacterInString() {
    #expect(
      parseError("{\"a\": \"line\nbreak\"}") == failure("control character U+000A in string", 1, 12)
    )
    #expect(parseError("'tab\there'") == failure("control character U+0009 in string", 1, 5))
  }

  @Test("a duplicate key points at the second occurrence and names the first")
  func duplicateKey() {
    let text = """
      {
        "id": 1,
        name: "a",
        "other": true,
        'name': "b"
      }
      """
    #expect(parseError(text) == failure("duplicate key 'name' (first at 3:3)", 5, 3))
  }

  @Test("duplicates are found in large objects too")
  func duplicateKeyInLargeObject() {
    let members = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    #expect(
      parseError("{\(members), \"k3\": 0}") == failure("duplicate key 'k3' (first at 1:29)", 1, 202)
    )
    #expect(throws: Never.self) { try JSONParser.parse("{\(members)}") }
  }

  @Test("a missing value names what was found instead")
  func missingValue() {
    #expect(parseError("") == failure("expected value, found end of file", 1, 1))
    #expect(
      parseError("  // only a comment\n") == failure("expected value, found end of file", 2, 1))
    #expect(parseError("[1,,2]") == failure("expected value, found ','", 1, 4))
    #expect(parseError("{\"a\": }") == failure("expected value, found '}'", 1, 7))
    #expect(parseError("{\"a\":\n") == failure("expected value, found end of file", 2, 1))
  }

  @Test("an unknown word suggests the closest literal")
  func unknownWord() {
    #expect(
      parseError("[tru]") == failure("expected value, found 'tru' (did you mean 'true'?)", 1, 2))
    #expect(
      parseError("[True]") == failure("expected value, found 'True' (did you mean 'true'?)", 1, 2))
    #expect(
      parseError("[nul]") == failure("expected value, found 'nul' (did you mean 'null'?)", 1, 2))
    #expect(parseError("[nil]") == failure("expected value, found 'nil'", 1, 2))
    #expect(parseError("[yes]") == failure("expected value, found 'yes'", 1, 2))
    // A word that begins a literal, three letters or more, is taken for its start.
    #expect(parseError("[Inf]") == failure("expected value, found 'Inf' (did you mean 'Infinity'?)", 1, 2))
    #expect(parseError("[In]") == failure("expected value, found 'In'", 1, 2))
  }

  @Test("object keys must be strings or identifiers followed by a colon")
  func objectKeyErrors() {
    #expect(parseError("{1: 2}") == failure("expected object key or '}', found '1'", 1, 2))
    #expect(parseError("{,}") == failure("expected object key or '}', found ','", 1, 2))
    #expect(
      parseError("{\"a\": 1,") == failure("expected object key or '}', found end of file", 1, 9))
    #expect(parseError("{\"a\" 1}") == failure("expected ':' after object key, found '1'", 1, 6))
    #expect(parseError("{a-b: 1}") == failure("expected ':' after object key, found '-'", 1, 3))
  }

  @Test("only whitespace and comments may follow the top-level value")
  func trailingContent() {
    #expect(
      parseError("{} x") == failure("expected end of file after top-level value, found 'x'", 1, 4))
    #expect(
      parseError("[1]]") == failure("expected end of file after top-level value, found ']'", 1, 4))
    #expect(
      parseError("1 2") == failure("expected end of file after top-level value, found '2'", 1, 3))
  }

  @Test("nesting beyond the limit is rejected instead of overflowing the stack")
  func nestingLimit() {
    let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(parseError(text) == failure("arrays and objects nested deeper than 512 levels", 1, 513))
  }

  @Test("the error description is line:column: message")
  func errorDescription() {
    #expect(
      parseError("[1 2]")?.description == "1:4: expected ',' or ']' after array element, found '2'")
  }
}
