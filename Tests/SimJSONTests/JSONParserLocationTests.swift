import SimJSON
import Testing

@Suite("JSONParser: source locations")
struct JSONParserLocationTests {
  @Test("nested values and keys report their line and column")
  func nestedLocations() throws {
    let text = """
      {
        "campaign": {
          "name": "Spring",
          "bids": [1, [2, 3]]
        },
        unquoted: null
      }
      """
    let root = try JSONParser.parse(text)
    #expect(root.location == at(1, 1))
    #expect(root.members.map(\.keyLocation) == [at(2, 3), at(6, 3)])
    let campaign = try #require(root[path: "campaign"])
    #expect(campaign.location == at(2, 15))
    #expect(campaign.members.map(\.keyLocation) == [at(3, 5), at(4, 5)])
    #expect(root[path: "campaign", "name"]?.location == at(3, 13))
    #expect(root[path: "campaign", "bids"]?.location == at(4, 13))
    #expect(root[path: "campaign", "bids", 1]?.location == at(4, 17))
    #expect(root[path: "campaign", "bids", 1, 1]?.location == at(4, 21))
    #expect(root[path: "unquoted"]?.location == at(6, 13))
  }

  @Test("locations after a multi-line block comment continue from its last line")
  func afterBlockComment() throws {
    let text = """
      [ /* first line
           second line
      end */ true, // rest of line
        -12]
      """
    let root = try JSONParser.parse(text)
    #expect(root[path: 0]?.location == at(3, 8))
    // A number's location is at its sign.
    #expect(root[path: 1]?.location == at(4, 3))
  }

  @Test("columns count Unicode scalars, not bytes or grapheme clusters")
  func nonASCIIColumns() throws {
    // "é" is one scalar (two UTF-8 bytes), "😀" one scalar (four bytes), "e\u{301}" two scalars.
    let root = try JSONParser.parse("[\"é\", \"😀\", \"e\u{301}\", 1]")
    #expect(root[path: 1]?.location == at(1, 7))
    #expect(root[path: 2]?.location == at(1, 12))
    #expect(root[path: 3]?.location == at(1, 18))
  }

  @Test("keys containing non-ASCII characters shift later columns by their scalar count")
  func nonASCIIKeys() throws {
    let root = try JSONParser.parse("{\"größe\": 1, naïve: 2}")
    #expect(root.members.map(\.keyLocation) == [at(1, 2), at(1, 14)])
    #expect(root[path: "größe"]?.location == at(1, 11))
    #expect(root[path: "naïve"]?.location == at(1, 21))
  }

  @Test("error locations count scalars too")
  func errorLocationAfterNonASCII() {
    #expect(
      parseError("[\"日本語\" x]")
        == failure("expected ',' or ']' after array element, found 'x'", 1, 8))
  }
}
