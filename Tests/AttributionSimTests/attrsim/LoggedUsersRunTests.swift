import AttributionTestSupport
import Foundation
import Testing

/// A scenario whose users are resampled from an event log runs like any other: the same bytes on
/// one thread or two, and from two shards merged.
@Suite("attrsim run: users from an event log")
struct LoggedUsersRunTests {
  @Test("Scenarios/logged-users.json at 4,000 users: the same outputs with -j 1, -j 2 and two shards merged")
  func sameBytesWhateverTheSplit() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("logged-run")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOfFile: TestPaths.scenarios + "/logged-users.json", encoding: .utf8)
      .replacing(required: "count: 20000,", with: "count: 4000,")
      .replacing(required: #"path: "logs/"#, with: #"path: "\#(TestPaths.scenarios)/logs/"#)
      .replacing(required: #"schema: "schemas/"#, with: #"schema: "\#(TestPaths.scenarios)/schemas/"#)
      .replacing(required: #"{ metric: "users", equals: 20000 },"#, with: #"{ metric: "users", equals: 4000 },"#)
    try text.write(to: folder.appendingPathComponent("logged.json"), atomically: true, encoding: .utf8)
    for arguments in [
      ["run", "logged.json", "-j", "1", "-o", "one"], ["run", "logged.json", "-j", "2", "-o", "two"],
      ["run", "logged.json", "--shard", "0/2", "-o", "s0"], ["run", "logged.json", "--shard", "1/2", "-o", "s1"],
      ["merge", "s0", "s1", "-o", "merged"],
    ] {
      let result = try ChildProcess.run(binary, arguments, in: folder)
      #expect(result.status == 0, "\(arguments): \(result.output)")
    }
    for file in ["summary.json", "decoded.csv", "postbacks.jsonl", "conversions.jsonl"] {
      let one = try Data(contentsOf: folder.appendingPathComponent("one/\(file)"))
      #expect(!one.isEmpty)
      for other in ["two", "merged"] {
        #expect(one == (try Data(contentsOf: folder.appendingPathComponent("\(other)/\(file)"))), "\(other)/\(file)")
      }
    }
  }
}
