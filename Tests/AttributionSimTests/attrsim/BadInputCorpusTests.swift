import AttributionTestSupport
import Foundation
import Testing

/// Issue 21's bad-input corpus (`Fixtures/bad-inputs.json`): malformed JSON and JSON5, wrong
/// types, out-of-range values, impossible combinations, missing files, bad command lines, bad
/// postbacks and signatures. Each case's files are written into an empty folder and `attrsim`
/// runs there: the exit status must be the case's, the output must contain its message
/// fragment, and the folder must hold exactly the files it started with.
@Suite("Bad inputs: exit status, message, nothing written")
struct BadInputCorpusTests {
  /// One bad input.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [String: Data]
    var arguments: [String]
    var exit: Int32
    var message: String
    var testDescription: String { name }
  }

  /// The corpus, read from its fixture.
  static let cases: [Case] = {
    let url = URL(fileURLWithPath: TestPaths.fixtures).appendingPathComponent("bad-inputs.json")
    guard let data = try? Data(contentsOf: url),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let templates = root["templates"] as? [String: String], let entries = root["cases"] as? [[String: Any]]
    else { return [] }
    return entries.compactMap { entry in
      guard let name = entry["name"] as? String, let specs = entry["files"] as? [String: Any],
        let arguments = entry["args"] as? [String], let exit = entry["exit"] as? Int,
        let message = entry["message"] as? String
      else { return nil }
      var files: [String: Data] = [:]
      for (file, spec) in specs {
        guard let content = materialize(spec, templates: templates) else { return nil }
        files[file] = content
      }
      return Case(name: name, files: files, arguments: arguments, exit: Int32(exit), message: message)
    }
  }()

  /// A file's bytes: text as it stands, `{ base64 }`, `{ prefix, repeat, times, suffix }` (a
  /// long input kept short in the corpus), or `{ template, replace: [[from, to]…] }` with every
  /// replacement applied once; nil when a replacement does not match its template.
  private static func materialize(_ spec: Any, templates: [String: String]) -> Data? {
    if let text = spec as? String { return Data(text.utf8) }
    guard let object = spec as? [String: Any] else { return nil }
    if let encoded = object["base64"] as? String { return Data(base64Encoded: encoded) }
    if let unit = object["repeat"] as? String, let times = object["times"] as? Int,
      let prefix = object["prefix"] as? String, let suffix = object["suffix"] as? String
    {
      return Data((prefix + String(repeating: unit, count: times) + suffix).utf8)
    }
    guard let name = object["template"] as? String, var text = templates[name],
      let replacements = object["replace"] as? [[String]]
    else { return nil }
    for pair in replacements {
      guard pair.count == 2, let range = text.range(of: pair[0]) else { return nil }
      text.replaceSubrange(range, with: pair[1])
    }
    return Data(text.utf8)
  }

  @Test("the corpus reads whole: at least 150 distinct cases, every template replacement matching")
  func corpusIsComplete() throws {
    let url = URL(fileURLWithPath: TestPaths.fixtures).appendingPathComponent("bad-inputs.json")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let entries = try #require(root["cases"] as? [[String: Any]])
    #expect(Self.cases.count == entries.count, "a case whose files cannot be built is dropped: fix its replacement")
    #expect(Self.cases.count >= 150)
    #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "names are distinct")
  }

  @Test("each bad input: its exit status and message, and no file written", arguments: cases)
  func badInput(_ bad: Case) throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("bad-input")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, data) in bad.files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    let before = Self.listing(folder)
    let result = try ChildProcess.run(binary, bad.arguments, in: folder)
    #expect(result.status == bad.exit, "\(result.output)")
    #expect(result.output.contains(bad.message), "\(result.output)")
    #expect(Self.listing(folder) == before, "nothing is written")
  }

  /// Every file and folder under `folder`, relative and sorted.
  private static func listing(_ folder: URL) -> [String] {
    (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
  }
}
