import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// What README.md quotes as the tool's output must be what the tool produces (issue 26): each
/// quoted figure or transcript is checked here, so the README fails the build when it drifts.
@Suite("README quotes what attrsim really prints")
struct ReadmeTruthTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func readme() throws -> String {
    try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
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
    let found = ScenarioFiles(paths: [TestScenarios.scenariosDirectory])
    #expect(line.hasSuffix("# \(found.scenarios.count) passed, 0 failed"), "\(line)")
  }

  @Test("the quickstart's summary.json excerpt holds the figures the run writes")
  func quickstartSummaryExcerptIsTrue() throws {
    let block = try #require(Self.fencedBlocks(try Self.readme()).first { $0.hasPrefix("{\n  \"conversionsByTier\"") })
    let excerpt = JSONValue(try JSONParser.parse(block))
    let golden = JSONValue(
      try JSONParser.parse(
        String(contentsOfFile: TestScenarios.scenariosDirectory + "/quickstart.golden/summary.json", encoding: .utf8)))
    let differences = Self.differences(excerpt, in: golden, path: "")
    #expect(differences.isEmpty, "README's summary excerpt differs from Scenarios/quickstart.golden/summary.json: \(differences)")
  }

  @Test("the schema lint and explain transcript is what attrsim prints")
  func schemaTranscriptIsTrue() throws {
    let binary = try #require(VerifySuiteTests.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let block = try #require(Self.fencedBlocks(try Self.readme()).first { $0.hasPrefix("$ attrsim schema lint") })
    // Each "$ command" is followed by the lines it prints; "…" stands for lines left out.
    var commands: [(arguments: [String], lines: [String])] = []
    for line in block.split(separator: "\n").map(String.init) {
      if line.hasPrefix("$ attrsim ") {
        commands.append((line.dropFirst("$ attrsim ".count).split(separator: " ").map(String.init), []))
      } else if line != "…" {
        commands[commands.count - 1].lines.append(line)
      }
    }
    #expect(commands.count == 2)
    for command in commands {
      let result = try VerifySuiteTests.run(binary, command.arguments, in: Self.repository)
      let printed = result.output.split(separator: "\n").map(String.init)
      for line in command.lines { #expect(printed.contains(line), "\(command.arguments.joined(separator: " ")): '\(line)'") }
    }
  }

  /// Where `excerpt` differs from `whole`: each key of the excerpt must hold the same value there.
  static func differences(_ excerpt: JSONValue, in whole: JSONValue?, path: String) -> [String] {
    guard case .object(let members) = excerpt else {
      return excerpt == whole ? [] : ["\(path): README \(excerpt.serialized()), run \(whole?.serialized() ?? "absent")"]
    }
    guard case .object(let actual)? = whole else { return ["\(path): not an object in the run's file"] }
    return members.keys.sorted().flatMap { key in
      differences(members[key]!, in: actual[key], path: path.isEmpty ? key : "\(path).\(key)")
    }
  }
}
