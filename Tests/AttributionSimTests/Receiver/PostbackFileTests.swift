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
}
