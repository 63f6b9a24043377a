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
    var files: [String: FileSpec]
    var arguments: [String]
    var exit: Int32
    var message: String
    /// Text the output must not contain (a secret, a leaked Foundation message).
    var absent: [String]
    /// Seconds after which the run is a hang: killed, and the case fails.
    var timeout: Double
    var testDescription: String { name }
  }

  /// What a case's file is: bytes, a FIFO, a symbolic link, or an empty folder.
  enum FileSpec: Sendable {
    case bytes(Data)
    case fifo
    case symlink(String)
    case folder
  }

  /// The corpus files: `bad-inputs.json` and then every `bad-inputs-*.json` beside it, by name,
  /// so each issue's cases live in a file of their own.
  static let corpusFiles: [URL] = {
    let folder = URL(fileURLWithPath: TestPaths.fixtures)
    let extra = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix("bad-inputs-") && $0.hasSuffix(".json") }.sorted()
    return (["bad-inputs.json"] + extra).map { folder.appendingPathComponent($0) }
  }()

  /// Every corpus file's case entries, with the templates of the file they are in.
  static func entries() -> [(entry: [String: Any], templates: [String: String])] {
    corpusFiles.flatMap { url in
      guard let data = try? Data(contentsOf: url),
        let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let entries = root["cases"] as? [[String: Any]]
      else { return [(entry: [String: Any](), templates: [String: String]())] }
      let templates = root["templates"] as? [String: String] ?? [:]
      return entries.map { (entry: $0, templates: templates) }
    }
  }

  /// The corpus, read from its fixtures.
  static let cases: [Case] = entries().compactMap { entry, templates in
    guard let name = entry["name"] as? String, let specs = entry["files"] as? [String: Any],
      let arguments = entry["args"] as? [String], let exit = entry["exit"] as? Int,
      let message = entry["message"] as? String
    else { return nil }
    var files: [String: FileSpec] = [:]
    for (file, spec) in specs {
      guard let content = materialize(spec, templates: templates) else { return nil }
      files[file] = content
    }
    return Case(
      name: name, files: files, arguments: arguments, exit: Int32(exit), message: message,
      absent: entry["absent"] as? [String] ?? [], timeout: entry["timeout"] as? Double ?? 120)
  }

  /// A file: text as it stands, `{ base64 }`, `{ prefix, repeat, times, suffix }` (a long input
  /// kept short in the corpus), `{ template, replace: [[from, to]…] }` with every replacement
  /// applied once, `{ fifo: true }`, `{ symlink: target }` or `{ folder: true }`; nil when a
  /// replacement does not match its template.
  private static func materialize(_ spec: Any, templates: [String: String]) -> FileSpec? {
    if let text = spec as? String { return .bytes(Data(text.utf8)) }
    guard let object = spec as? [String: Any] else { return nil }
    if object["fifo"] as? Bool == true { return .fifo }
    if object["folder"] as? Bool == true { return .folder }
    if let target = object["symlink"] as? String { return .symlink(target) }
    if let encoded = object["base64"] as? String { return Data(base64Encoded: encoded).map(FileSpec.bytes) }
    if let unit = object["repeat"] as? String, let times = object["times"] as? Int,
      let prefix = object["prefix"] as? String, let suffix = object["suffix"] as? String
    {
      return .bytes(Data((prefix + String(repeating: unit, count: times) + suffix).utf8))
    }
    guard let name = object["template"] as? String, var text = templates[name],
      let replacements = object["replace"] as? [[String]]
    else { return nil }
    for pair in replacements {
      guard pair.count == 2, let range = text.range(of: pair[0]) else { return nil }
      text.replaceSubrange(range, with: pair[1])
    }
    return .bytes(Data(text.utf8))
  }

  @Test("the corpus reads whole: at least 250 distinct cases, every template replacement matching")
  func corpusIsComplete() throws {
    let entries = Self.entries()
    #expect(entries.allSatisfy { !$0.entry.isEmpty }, "every corpus file reads as { cases: [...] }")
    #expect(Self.cases.count == entries.count, "a case whose files cannot be built is dropped: fix its replacement")
    #expect(Self.cases.count >= 250)
    #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "names are distinct")
  }

  @Test("each bad input: its exit status and message, and no file written", arguments: cases)
  func badInput(_ bad: Case) throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("bad-input")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Folders first and links last, so a link may point at a file or folder of the case.
    for (name, spec) in bad.files.sorted(by: { ($0.value.order, $0.key) < ($1.value.order, $1.key) }) {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      switch spec {
      case .bytes(let data): try data.write(to: url)
      case .folder: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      case .fifo: try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(name)")
      case .symlink(let target): try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
      }
    }
    let before = Self.listing(folder)
    let result = try ChildProcess.run(binary, bad.arguments, in: folder, killAfter: bad.timeout)
    #expect(!result.timedOut, "still running after \(bad.timeout) s: a hang")
    #expect(result.status == bad.exit, "\(result.output)")
    #expect(result.output.contains(bad.message), "\(result.output)")
    for text in bad.absent { #expect(!result.output.contains(text), "\(result.output)") }
    #expect(Self.listing(folder) == before, "nothing is written")
  }

  /// Every file and folder under `folder`, relative and sorted.
  private static func listing(_ folder: URL) -> [String] {
    (FileManager.default.subpaths(atPath: folder.path) ?? []).sorted()
  }
}

extension BadInputCorpusTests.FileSpec {
  /// Creation order: folders, then files and FIFOs, then links.
  var order: Int {
    switch self {
    case .folder: 0
    case .bytes, .fifo: 1
    case .symlink: 2
    }
  }
}
