import AttributionSim
import SimJSON
import Testing

@Suite("Reading postback files")
struct PostbackFileTests {
  @Test("JSON lines, run output lines and bad lines are read one by one, with line numbers")
  func jsonLines() throws {
    let text = """
      {"version":"4.0","app-id":1}
      {"time":"2026-03-02T00:00:00.000Z","recipient":"ad-network","payload":{"version":"3.0"}}

      {"version":
      """
    let entries = PostbackFile.entries(in: text)
    #expect(entries.map(\.line) == [1, 2, 4])
    #expect(try entries[0].body.get() == .object(["version": "4.0", "app-id": 1]))
    #expect(try entries[1].body.get() == .object(["version": "3.0"]), "the payload of a postbacks.jsonl line")
    guard case .failure = entries[2].body else {
      Issue.record("a truncated line must be an error")
      return
    }
  }

  @Test("a whole-file object or array is read as one postback or one per element")
  func wholeFile() throws {
    #expect(PostbackFile.entries(in: "{ \"a\": 1 }\n").count == 1)
    let array = PostbackFile.entries(in: "[{ \"a\": 1 }, { \"a\": 2 }]")
    #expect(array.map(\.index) == [0, 1] && array.map(\.line) == [nil, nil])
  }

  @Test("a file with nothing to check is a problem, not zero postbacks: empty, blank, an empty array, a lone value")
  func nothingToCheck() {
    #expect(throws: PostbackFile.Problem.empty) { try PostbackFile.entries(inFile: []) }
    #expect(throws: PostbackFile.Problem.empty) { try PostbackFile.entries(inFile: Array(" \n\t\n".utf8)) }
    #expect(throws: PostbackFile.Problem.noPostbacks(found: "an empty array")) { try PostbackFile.entries(inFile: Array("[]".utf8)) }
    #expect(throws: PostbackFile.Problem.noPostbacks(found: "an array without objects")) {
      try PostbackFile.entries(inFile: Array("[1, \"a\"]".utf8))
    }
    #expect(throws: PostbackFile.Problem.noPostbacks(found: "a number")) { try PostbackFile.entries(inFile: Array("42".utf8)) }
    #expect(throws: PostbackFile.Problem.noPostbacks(found: "JSON lines without objects")) {
      try PostbackFile.entries(inFile: Array("1\n2\n".utf8))
    }
  }

  @Test("binary data is not UTF-8 at its first bad byte; text that is not JSON fails at the whole file's parse error")
  func binaryAndNotJSON() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    #expect(throws: PostbackFile.Problem.notUTF8(byteOffset: 0)) { try PostbackFile.entries(inFile: png) }
    let gzipInText = Array("{\"a\": \"é\"}".utf8) + [0x1F, 0x8B, 0x08]
    #expect(throws: PostbackFile.Problem.notUTF8(byteOffset: 12)) { try PostbackFile.entries(inFile: gzipInText) }
    do {
      _ = try PostbackFile.entries(inFile: Array("{\n  \"é\": 1,\n  \"b\": @\n}".utf8))
      Issue.record("not JSON must be a problem")
    } catch {
      guard case .notJSON(let parse, let offset) = error else {
        Issue.record("expected not JSON, got \(error)")
        return
      }
      #expect(parse.location == SourceLocation(line: 3, column: 8) && error.location == parse.location)
      #expect(offset == 20, "the column counts 'é' once, the byte offset twice")
      #expect(error.description.hasPrefix("not JSON (byte offset 20): "))
    }
  }

  @Test("a byte order mark is skipped, and a file with one good line among bad ones is read line by line")
  func readableFiles() throws {
    #expect(try PostbackFile.entries(inFile: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)).count == 1)
    let mixed = try PostbackFile.entries(inFile: Array("nonsense\n{\"a\": 1}\n".utf8))
    #expect(mixed.map(\.line) == [1, 2])
  }
}

