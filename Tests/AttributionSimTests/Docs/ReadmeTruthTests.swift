import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// What README.md quotes as the tool's output must be what the tool produces (issue 26): each
/// quoted figure or transcript is checked here, so the README fails the build when it drifts.
@Suite("README quotes what attrsim really prints")
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

  @Test("the quickstart's summary.json excerpt holds the figures the run writes")
  func quickstartSummaryExcerptIsTrue() throws {
    let block = try #require(Self.fencedBlocks(try Self.readme()).first { $0.hasPrefix("{\n  \"conversionsByTier\"") })
    let excerpt = JSONValue(try JSONParser.parse(block))
    let golden = JSONValue(
      try JSONParser.parse(
        String(contentsOfFile: TestPaths.scenarios + "/quickstart.golden/summary.json", encoding: .utf8)))
    let differences = Self.differences(excerpt, in: golden, path: "")
    #expect(differences.isEmpty, "README's summary excerpt differs from Scenarios/quickstart.golden/summary.json: \(differences)")
  }

  @Test("the README's replicates table and spread are what 10 replicates of the quickstart give")
  func replicatesTableIsTrue() throws {
    let readme = try Self.readme()
    let after = try #require(readme.components(separatedBy: "## Replicates and confidence").dropFirst().first)
    let section = try #require(after.components(separatedBy: "\n## ").first)
    let quoted = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| figure") && !$0.hasPrefix("| ---") }
      .map(String.init)
    #expect(quoted.count == 4)
    let scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    let summaries = ReplicateRunner.run(ReplicateRunner.scenarios(scenario, replicates: 0..<10), jobs: 2)
    let study = ReplicateStudy(scenario: scenario, summaries: summaries)
    let rows = study.table.map { "| " + $0.joined(separator: " | ") + " |" }
    for line in quoted { #expect(rows.contains(line), "README: \(line); the study: \(rows)") }
    let captured = try #require(study.figures.firstIndex { $0.name == "revenueCapturedRatio" })
    let values = study.values[captured].compactMap { $0 }
    let figure = study.figures[captured]
    let deviation = try #require(study.intervals[captured]?.standardDeviation)
    let spread = "runs from \(figure.text(values.min() ?? 0)) to\n\(figure.text(values.max() ?? 0)) (standard deviation "
      + String(format: "%.1f", 100 * deviation) + " points)"
    #expect(section.contains(spread), "\(spread)")
    #expect(section.contains("Replicate 0 alone says \(figure.text(values[0]))"))
  }

  @Test("the schema lint and explain transcript is what attrsim prints")
  func schemaTranscriptIsTrue() throws {
    let block = try #require(Self.fencedBlocks(try Self.readme()).first { $0.hasPrefix("$ attrsim schema lint") })
    #expect(block.components(separatedBy: "$ attrsim ").count == 3)
    let missing = try DocsTruthTests.transcriptDifferences(block, in: TestPaths.repository)
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test("the quickstart's postbacks.jsonl lines and conversions.jsonl excerpt are what a run writes")
  func quickstartOutputExcerptsAreTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ChildProcess.run(binary, ["run", TestPaths.scenarios + "/quickstart.json", "--out", folder.path])
    #expect(run.status == 0, "\(run.output)")
    let blocks = Self.fencedBlocks(try Self.readme())
    let postbacks = Set(try String(contentsOf: folder.appendingPathComponent("postbacks.jsonl"), encoding: .utf8).split(separator: "\n"))
    let quoted = blocks.flatMap { $0.split(separator: "\n") }.filter { $0.hasPrefix(#"{"payload":"#) }
    #expect(quoted.count == 2)
    for line in quoted { #expect(postbacks.contains(line), "README's postbacks.jsonl line is not in the run's: \(line)") }

    let block = try #require(blocks.first { $0.hasPrefix("{\n  \"adNetworkId\"") })
    let excerpt = JSONValue(try JSONParser.parse(block))
    let id = try #require(excerpt.member("id"))
    let lines = try String(contentsOf: folder.appendingPathComponent("conversions.jsonl"), encoding: .utf8).split(separator: "\n")
    let record = try #require(lines.map { JSONValue(try JSONParser.parse(String($0))) }.first { $0.member("id") == id })
    let differences = Self.differences(excerpt, in: record, path: "")
    #expect(differences.isEmpty, "README's conversions.jsonl excerpt differs from the run's record: \(differences)")
  }

  @Test("the quickstart's spend and ROAS table is report.md's, column for column")
  func quickstartSpendTableIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ChildProcess.run(binary, ["run", TestPaths.scenarios + "/quickstart.json", "--out", folder.path])
    #expect(run.status == 0, "\(run.output)")
    let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    let quoted = try #require(Self.table(after: "| campaign | spend |", in: try Self.readme()))
    let written = try #require(Self.table(after: "| campaign | spend |", in: report))
    #expect(quoted.count == 5)
    // README leaves the per-window columns out: compare the columns it keeps, by header.
    for row in quoted {
      let match = try #require(written.first { $0["campaign"] == row["campaign"] }, "\(row)")
      for (header, cell) in row { #expect(match[header] == cell, "\(row["campaign"] ?? "")'s \(header)") }
    }
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

  @Test("the apple-ads adservices.jsonl lines are what a run writes")
  func appleAdsExcerptIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ChildProcess.run(binary, ["run", TestPaths.scenarios + "/apple-ads.json", "--out", folder.path])
    #expect(run.status == 0, "\(run.output)")
    let written = Set(try String(contentsOf: folder.appendingPathComponent("adservices.jsonl"), encoding: .utf8).split(separator: "\n"))
    let quoted = Self.fencedBlocks(try Self.readme()).flatMap { $0.split(separator: "\n") }
      .filter { $0.hasPrefix(#"{"attempt":"#) && $0.contains(#""tokenAgeSeconds""#) }
    #expect(quoted.count == 2)
    for line in quoted { #expect(written.contains(line), "README's adservices.jsonl line is not in the run's: \(line)") }
  }

  @Test("the bad-scenario example's messages are what the reader says, word for word")
  func badScenarioMessagesAreTrue() throws {
    let quoted = try #require(Self.fencedBlocks(try Self.readme()).first { $0.hasPrefix("bad.json:") })
      .split(separator: "\n").map(String.init)
    #expect(quoted.count == 2)
    // The same two mistakes in a scenario of the tests' own; line and column are the README file's.
    let scenario = TestScenarios.minimal
      .replacing(required: #"campaign: "c1", publisher"#, with: #"campaign: "c2", publisher"#)
      .replacing(required: #"delay: "1h""#, with: #"delay: "1 hour""#)
    #expect(scenario != TestScenarios.minimal)
    let diagnostics = TestScenarios.diagnostics(scenario)
    for line in quoted {
      let message = line.split(separator: " ", maxSplits: 1).last.map(String.init) ?? line
      #expect(diagnostics.contains { $0.hasSuffix(message) }, "'\(message)' is not what the reader says: \(diagnostics)")
    }
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
      return excerpt == whole ? [] : ["\(path): README \(excerpt.serialized()), run \(whole?.serialized() ?? "absent")"]
    }
  }
}
