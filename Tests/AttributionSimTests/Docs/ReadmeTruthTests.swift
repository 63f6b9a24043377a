import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// What README.md quotes as the tool's output must be what the tool produces (issue 26), and the
/// README must stay a page a newcomer reads in five minutes, pointing into Docs/ for the rest
/// (issue 40). The figures and transcripts that moved to Docs/ are checked in DocsTruthTests.
@Suite("README quotes what attrsim really prints, briefly, with links that work")
struct ReadmeTruthTests {
  static func readme() throws -> String {
    try String(contentsOf: TestPaths.repository.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The fenced blocks of `text`, in order, without their fences.
  static func fencedBlocks(_ text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current { blocks.append(lines.joined(separator: "\n")) }
        current = current == nil ? [] : nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("'attrsim verify Scenarios/' is quoted with the number of scenarios the folder holds")
  func verifyCountIsTheFolders() throws {
    let line = try #require(try Self.readme().split(separator: "\n").first { $0.hasPrefix("attrsim verify Scenarios/ ") })
    let found = ScenarioFiles(paths: [TestPaths.scenarios])
    #expect(line.hasSuffix("# \(found.scenarios.count) passed, 0 failed"), "\(line)")
  }

  // MARK: - A short README (issue 40)

  /// The two commands a newcomer runs first, exactly as the README's set-up block gives them.
  static let setUpCommands = ["swift run -c release attrsim run Scenarios/quickstart.json", "swift test"]

  /// The text under the `## heading` line of `text`, up to the next heading of level 2 or 1.
  static func section(_ heading: String, in text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == "## \(heading)" }) else { return nil }
    let body = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") && !$0.hasPrefix("# ") }
    return body.joined(separator: "\n")
  }

  @Test("the README is at most 200 lines: a newcomer reads it in five minutes")
  func readmeIsShort() throws {
    let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false)
    // A final newline ends the last line; it does not start another.
    let count = lines.last == "" ? lines.count - 1 : lines.count
    #expect(count <= 200, "README.md has \(count) lines; move detail into Docs/")
  }

  @Test("the README's set-up block holds exactly the two set-up commands, and no other block runs swift")
  func setUpCommandsAreExactlyTwo() throws {
    let readme = try Self.readme()
    let setUp = try #require(Self.section("Set up", in: readme), "no '## Set up' section")
    let blocks = Self.fencedBlocks(setUp)
    #expect(blocks.count == 1, "the set-up section has \(blocks.count) fenced blocks")
    // Each line's command, without its trailing comment.
    let commands = blocks.first.map { block in
      block.split(separator: "\n").map { line in
        String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
    }
    #expect(commands == Self.setUpCommands, "\(commands ?? [])")
    // A second set of swift commands elsewhere would be a second way in: the README has one.
    let others = Self.fencedBlocks(readme).filter { !blocks.contains($0) }.flatMap { $0.split(separator: "\n") }
      .filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("swift ") }
    #expect(others.isEmpty, "other swift commands in the README's blocks: \(others)")
  }

  @Test("the README's set-up section says the built attrsim is .build/release/attrsim")
  func readmeSaysWhereAttrsimLives() throws {
    let setUp = try #require(Self.section("Set up", in: try Self.readme()), "no '## Set up' section")
    // Said where the newcomer has just built it, so every later `attrsim …` can be typed.
    #expect(setUp.contains(".build/release/attrsim"), "the set-up section does not say where swift run -c release put attrsim")
  }

  /// README.md and every Markdown page under Docs/, as paths relative to the repository. (Were
  /// Docs/ unreadable, the README's links into it would fail below.)
  static func markdownPages() -> [String] {
    let docs = TestPaths.repository.appendingPathComponent("Docs")
    let found = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
    return ["README.md"] + found.filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }.sorted()
  }

  static func page(_ path: String) throws -> String {
    try String(contentsOf: TestPaths.repository.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the README mentions no ../shared path: a clone has nothing outside itself")
  func readmeCitesNothingOutsideTheClone() throws {
    let readme = try Self.readme()
    #expect(!readme.contains("../shared"), "README.md sends the reader to ../shared, which a clone does not have")
  }

  @Test("no page in Docs/ sends the reader to ../shared either", arguments: markdownPages().filter { $0 != "README.md" })
  func docsCiteNothingOutsideTheClone(page: String) throws {
    #expect(!(try Self.page(page)).contains("../shared"), "\(page) sends the reader to ../shared")
  }

  /// The text a reader sees as prose: fenced blocks and code spans blanked, so that a link
  /// written as an example (in a JSON block, or `[a](b)` in code) is not taken for a link.
  static func prose(_ text: String) -> String {
    var fenced = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        fenced.toggle()
        return ""
      }
      return fenced ? "" : String(line).replacing(/`[^`]*`/) { String(repeating: " ", count: $0.output.count) }
    }.joined(separator: "\n")
  }

  /// The targets of a page's Markdown links and images that are neither web addresses nor
  /// other schemes: paths relative to the page, each with an optional `#anchor`.
  static func relativeLinks(_ text: String) -> [String] {
    Self.prose(text).matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/).map { String($0.output.1) }
      .filter { $0.firstMatch(of: /^[a-zA-Z][a-zA-Z0-9+.\-]*:/) == nil }
  }

  @Test("the link finder finds relative links and anchors, and skips web links and code")
  func linkFinderFindsWhatALinkCheckNeeds() {
    let text = "[a](Docs/x.md#top) ![b](pic.svg) [c](https://example.com) `[d](code.md)`\n```\n[e](fenced.md)\n```\n[f](#here)"
    #expect(Self.relativeLinks(text) == ["Docs/x.md#top", "pic.svg", "#here"])
  }

  @Test("every relative link in README.md and Docs/ resolves to a file in the repository", arguments: markdownPages())
  func relativeLinksResolve(page: String) throws {
    let folder = TestPaths.repository.appendingPathComponent(page).deletingLastPathComponent()
    let links = Self.relativeLinks(try Self.page(page))
    #expect(!links.isEmpty || page != "README.md", "the README links into Docs/")
    for link in links {
      let path = String(link.prefix { $0 != "#" })
      guard !path.isEmpty else { continue }
      let target = folder.appendingPathComponent(path).standardizedFileURL.path
      #expect(FileManager.default.fileExists(atPath: target), "\(page) links to \(link): no such file")
    }
  }

  /// GitHub's anchor for a heading: lower case, letters, digits, spaces, hyphens and underscores
  /// kept (code spans' backticks, punctuation and symbols dropped), spaces made hyphens.
  static func anchor(_ heading: String) -> String {
    String(heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" })
      .replacing(" ", with: "-")
  }

  /// Every anchor a page's headings make; a repeated heading gets `-1`, `-2` … as GitHub numbers it.
  static func anchors(_ text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    var fenced = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { fenced.toggle() }
      guard !fenced, let heading = line.firstMatch(of: /^#{1,6}\s+(.*?)\s*$/) else { continue }
      let base = Self.anchor(String(heading.output.1))
      let count = seen[base, default: 0]
      anchors.insert(count == 0 ? base : "\(base)-\(count)")
      seen[base] = count + 1
    }
    return anchors
  }

  @Test("GitHub's anchors are made as GitHub makes them")
  func anchorsAreGitHubs() {
    #expect(Self.anchor("`report.html`, `report.md`") == "reporthtml-reportmd")
    #expect(Self.anchor("The performance work (issue 24) and after") == "the-performance-work-issue-24-and-after")
    #expect(Self.anchor("What the quickstart's report says") == "what-the-quickstarts-report-says")
    #expect(Self.anchors("## A\n```\n## B\n```\n## A") == ["a", "a-1"])
  }

  @Test("every anchor a README or Docs/ link names is a heading of the page it points to", arguments: markdownPages())
  func linkAnchorsExist(page: String) throws {
    let folder = TestPaths.repository.appendingPathComponent(page).deletingLastPathComponent()
    for link in Self.relativeLinks(try Self.page(page)) where link.contains("#") {
      let path = String(link.prefix { $0 != "#" })
      let anchor = String(link.drop { $0 != "#" }.dropFirst())
      let target = path.isEmpty ? TestPaths.repository.appendingPathComponent(page) : folder.appendingPathComponent(path)
      guard target.pathExtension == "md", let text = try? String(contentsOf: target, encoding: .utf8) else { continue }
      #expect(Self.anchors(text).contains(anchor), "\(page) links to \(link): no such heading")
    }
  }

  @Test("every Chromium command README.md and Docs/ show passes --no-sandbox, without which it fails as root")
  func chromiumCommandsRunAsRoot() throws {
    var commands: [String] = []
    for page in Self.markdownPages() {
      commands += Self.fencedBlocks(try Self.page(page)).flatMap { $0.split(separator: "\n") }
        .filter { $0.hasPrefix("chromium ") || $0.hasPrefix("chromium-browser ") }.map { "\(page): \($0)" }
    }
    // reports.md shows how Docs/report-quickstart.png was drawn: the check has something to check.
    #expect(!commands.isEmpty, "no Chromium command found")
    for command in commands { #expect(command.contains(" --no-sandbox"), "\(command)") }
  }

  /// The rows of the Markdown table whose header line starts with `header`, keyed by column name.
  static func table(after header: String, in text: String) -> [[String: String]]? {
    let lines = text.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return nil }
    func cells(_ line: String) -> [String] {
      line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let names = cells(lines[start])
    return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { Dictionary(uniqueKeysWithValues: zip(names, cells($0))) }
  }

  /// Where `excerpt` differs from `whole`: each key of an object, and each element of an array
  /// (which may stop early: an excerpt is cut), must hold the same value there.
  static func differences(_ excerpt: JSONValue, in whole: JSONValue?, path: String) -> [String] {
    switch (excerpt, whole) {
    case (.object(let members), .object(let actual)?):
      return members.keys.sorted().flatMap { key in
        differences(members[key]!, in: actual[key], path: path.isEmpty ? key : "\(path).\(key)")
      }
    case (.array(let elements), .array(let actual)?) where elements.count <= actual.count:
      return elements.indices.flatMap { differences(elements[$0], in: actual[$0], path: "\(path)[\($0)]") }
    default:
      return excerpt == whole ? [] : ["\(path): quoted \(excerpt.serialized()), run \(whole?.serialized() ?? "absent")"]
    }
  }
}
