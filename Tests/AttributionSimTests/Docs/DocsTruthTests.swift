import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import AttributionSim

/// Where the shared quickstart run is, for removal when the process exits.
nonisolated(unsafe) private var sharedQuickstartFolder: String?

/// What Docs/*.md quote as the tool's output must be what the tool produces (issue 26): each
/// quoted transcript, error message, trace line and failure report is produced here for real.
@Suite("Docs/ quote what attrsim really prints")
struct DocsTruthTests {
  static func doc(_ name: String) throws -> String {
    try String(contentsOf: TestPaths.repository.appendingPathComponent("Docs/\(name)"), encoding: .utf8)
  }

  /// The first fenced block of a doc that starts with `start`.
  static func block(_ name: String, startingWith start: String) throws -> String {
    try #require(ReadmeTruthTests.fencedBlocks(try doc(name)).first { $0.hasPrefix(start) }, "no block '\(start)' in \(name)")
  }

  /// Runs each `$ attrsim …` line of a quoted transcript in `folder` and returns the quoted lines
  /// it did not print, in order; "…" stands for lines left out. Each pair of `replacing` is applied
  /// to the commands and the quoted lines alike (a doc's `/tmp/sub` becomes a test's own folder).
  static func transcriptDifferences(_ block: String, in folder: URL, replacing: [(String, String)] = []) throws -> [String] {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    for (placeholder, _) in replacing {
      #expect(block.contains(placeholder), "the block no longer says \(placeholder)")
    }
    var commands: [(arguments: [String], lines: [String])] = []
    for quoted in block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      // Line by line, so most lines have none of the placeholders: checked for the block above.
      let line = replacing.reduce(quoted) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
      if line.hasPrefix("$ attrsim ") {
        commands.append((line.dropFirst("$ attrsim ".count).split(separator: " ").map(String.init), []))
      } else if line != "…" && !commands.isEmpty {
        commands[commands.count - 1].lines.append(line)
      }
    }
    #expect(!commands.isEmpty, "no '$ attrsim' command in the block")
    var missing: [String] = []
    for command in commands {
      let printed = try ChildProcess.run(binary, command.arguments, in: folder).output
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      var next = printed.startIndex
      for line in command.lines {
        if let found = printed[next...].firstIndex(of: line) {
          next = found + 1
        } else {
          missing.append("\(command.arguments.joined(separator: " ")): '\(line)' (printed: \(printed.joined(separator: "\n")))")
        }
      }
    }
    return missing
  }

  /// The text of a diagnostic after its `file:line:col: ` part.
  static func message(_ diagnostic: String) -> String {
    guard let range = diagnostic.range(of: #"^[^ ]*:\d+:\d+: "#, options: .regularExpression) else { return diagnostic }
    return String(diagnostic[range.upperBound...])
  }

  /// One run of the quickstart, shared by the tests that read its outputs: each run takes
  /// seconds in a debug build, and every such test would make the same one. Its folder is
  /// removed when the test process ends.
  static let quickstart: (folder: URL, status: Int32, output: String)? = {
    guard let binary = ChildProcess.attrsim else { return nil }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-truth-quickstart-\(UUID().uuidString)")
    guard let run = try? ChildProcess.run(binary, ["run", TestPaths.scenarios + "/quickstart.json", "--out", folder.path])
    else { return nil }
    sharedQuickstartFolder = folder.path
    atexit { if let path = sharedQuickstartFolder { try? FileManager.default.removeItem(atPath: path) } }
    return (folder, run.status, run.output)
  }()

  /// The shared quickstart run's folder, its status checked.
  static func quickstartFolder() throws -> URL {
    let run = try #require(quickstart, "the attrsim executable is built beside the tests by `swift test`")
    #expect(run.status == 0, "\(run.output)")
    return run.folder
  }

  // MARK: - outputs.md

  @Test("outputs.md's summary.json excerpt of the quickstart holds the figures the run writes")
  func quickstartSummaryExcerptIsTrue() throws {
    let block = try Self.block("outputs.md", startingWith: "{\n  \"conversionsByTier\"")
    let excerpt = JSONValue(try JSONParser.parse(block))
    let golden = JSONValue(
      try JSONParser.parse(
        String(contentsOfFile: TestPaths.scenarios + "/quickstart.golden/summary.json", encoding: .utf8)))
    let differences = ReadmeTruthTests.differences(excerpt, in: golden, path: "")
    #expect(differences.isEmpty, "outputs.md's summary excerpt differs from Scenarios/quickstart.golden/summary.json: \(differences)")
  }

  @Test("outputs.md's postbacks.jsonl lines and conversions.jsonl excerpt of the quickstart are what a run writes")
  func quickstartOutputExcerptsAreTrue() throws {
    let folder = try Self.quickstartFolder()
    let blocks = ReadmeTruthTests.fencedBlocks(try Self.doc("outputs.md"))
    let postbacks = Set(try String(contentsOf: folder.appendingPathComponent("postbacks.jsonl"), encoding: .utf8).split(separator: "\n"))
    let quoted = blocks.flatMap { $0.split(separator: "\n") }.filter { $0.hasPrefix(#"{"payload":"#) }
    #expect(quoted.count == 2)
    for line in quoted { #expect(postbacks.contains(line), "outputs.md's postbacks.jsonl line is not in the run's: \(line)") }

    let block = try #require(blocks.first { $0.hasPrefix("{\n  \"adNetworkId\"") })
    let excerpt = JSONValue(try JSONParser.parse(block))
    let id = try #require(excerpt.member("id"))
    let lines = try String(contentsOf: folder.appendingPathComponent("conversions.jsonl"), encoding: .utf8).split(separator: "\n")
    let record = try #require(lines.map { JSONValue(try JSONParser.parse(String($0))) }.first { $0.member("id") == id })
    let differences = ReadmeTruthTests.differences(excerpt, in: record, path: "")
    #expect(differences.isEmpty, "outputs.md's conversions.jsonl excerpt differs from the run's record: \(differences)")
  }

  @Test("outputs.md's apple-ads adservices.jsonl lines are what a run writes")
  func appleAdsExcerptIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-truth-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ChildProcess.run(binary, ["run", TestPaths.scenarios + "/apple-ads.json", "--out", folder.path])
    #expect(run.status == 0, "\(run.output)")
    let written = Set(try String(contentsOf: folder.appendingPathComponent("adservices.jsonl"), encoding: .utf8).split(separator: "\n"))
    let quoted = ReadmeTruthTests.fencedBlocks(try Self.doc("outputs.md")).flatMap { $0.split(separator: "\n") }
      .filter { $0.hasPrefix(#"{"attempt":"#) && $0.contains(#""tokenAgeSeconds""#) }
    #expect(quoted.count == 2)
    for line in quoted { #expect(written.contains(line), "outputs.md's adservices.jsonl line is not in the run's: \(line)") }
  }

  // MARK: - reports.md

  @Test("reports.md's replicates table and spread are what 10 replicates of the quickstart give")
  func replicatesTableIsTrue() throws {
    let text = try Self.doc("reports.md")
    let after = try #require(text.components(separatedBy: "## Replicates and confidence").dropFirst().first)
    let section = try #require(after.components(separatedBy: "\n## ").first)
    let quoted = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| figure") && !$0.hasPrefix("| ---") }
      .map(String.init)
    #expect(quoted.count == 4)
    let scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    let summaries = ReplicateRunner.run(ReplicateRunner.scenarios(scenario, replicates: 0..<10), jobs: 2)
    let study = ReplicateStudy(scenario: scenario, summaries: summaries)
    let rows = study.table.map { "| " + $0.joined(separator: " | ") + " |" }
    for line in quoted { #expect(rows.contains(line), "reports.md: \(line); the study: \(rows)") }
    let captured = try #require(study.figures.firstIndex { $0.name == "revenueCapturedRatio" })
    let values = study.values[captured].compactMap { $0 }
    let figure = study.figures[captured]
    let deviation = try #require(study.intervals[captured]?.standardDeviation)
    let spread = "runs from \(figure.text(values.min() ?? 0)) to\n\(figure.text(values.max() ?? 0)) (standard deviation "
      + String(format: "%.1f", 100 * deviation) + " points)"
    #expect(section.contains(spread), "\(spread)")
    #expect(section.contains("Replicate 0 alone says \(figure.text(values[0]))"))
  }

  @Test("reports.md's spend and ROAS table of the quickstart is report.md's, column for column")
  func quickstartSpendTableIsTrue() throws {
    let folder = try Self.quickstartFolder()
    let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    let quoted = try #require(ReadmeTruthTests.table(after: "| campaign | spend |", in: try Self.doc("reports.md")))
    let written = try #require(ReadmeTruthTests.table(after: "| campaign | spend |", in: report))
    #expect(quoted.count == 5)
    // reports.md leaves the per-window columns out: compare the columns it keeps, by header.
    for row in quoted {
      let match = try #require(written.first { $0["campaign"] == row["campaign"] }, "\(row)")
      for (header, cell) in row { #expect(match[header] == cell, "\(row["campaign"] ?? "")'s \(header)") }
    }
  }

  // MARK: - commands.md

  @Test("commands.md's bad-scenario example's messages are what the reader says, word for word")
  func badScenarioMessagesAreTrue() throws {
    let quoted = try Self.block("commands.md", startingWith: "bad.json:").split(separator: "\n").map(String.init)
    #expect(quoted.count == 2)
    // The same two mistakes in a scenario of the tests' own; line and column are those of the doc's bad.json.
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

  // MARK: - sdk-trace.md

  @Test("sdk-trace.md's tester trace line is the second line sdk-sequential.json's tester writes")
  func sdkTraceLineIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ChildProcess.run(binary, ["run", TestPaths.scenarios + "/sdk-sequential.json", "--out", folder.path])
    #expect(run.status == 0, "\(run.output)")
    let excerpt = JSONValue(try JSONParser.parse(try Self.block("sdk-trace.md", startingWith: "{\n  \"action\"")))
    let lines = try String(contentsOf: folder.appendingPathComponent("sdk-trace.jsonl"), encoding: .utf8).split(separator: "\n")
    let testers = try lines.map { JSONValue(try JSONParser.parse(String($0))) }.filter { $0.member("user") == .string("tester") }
    #expect(testers.count > 1)
    guard testers.count > 1 else { return }
    // The excerpt is the whole line: every key the run wrote is quoted too.
    let differences = ReadmeTruthTests.differences(excerpt, in: testers[1], path: "")
      + ReadmeTruthTests.differences(testers[1], in: excerpt, path: "")
    #expect(differences.isEmpty, "sdk-trace.md's trace line differs from the run's: \(differences)")
  }

  @Test("sdk-trace.md's purchase request sends the parameters it quotes, in its order")
  func sdkRequestParametersAreTrue() throws {
    // The doc's request is "k=v" pairs separated by two spaces; revenue objects hold no spaces.
    let quoted = try Self.block("sdk-trace.md", startingWith: "a=attrsim").split(whereSeparator: \.isWhitespace).map { pair in
      (name: String(pair.prefix { $0 != "=" }), value: String(pair.drop { $0 != "=" }.dropFirst()))
    }
    // sdk-sequential.json's tester with an endpoint answering the sequential test at once, and a purchase in window 1.
    let server = try LoopbackServer { request in
      .json(["tutorial_complete": #"{"conversion_value": 1}"#, "level_up": #"{"conversion_value": 2}"#][request.query["n"] ?? ""] ?? "{}")
    }
    let original = try String(contentsOfFile: TestPaths.scenarios + "/sdk-sequential.json", encoding: .utf8)
    let scenario = original
      .replacing(required: #"sdk: { model: "sequential" }"#,
        with: #"sdk: { model: { endpoint: "\#(server.baseURL.absoluteString)/cv" }, responseTime: "0s" }"#)
      .replacing(required: #"{ at: "20h", action: "revenue", amount: 4.99 }"#,
        with: #"{ at: "20h", action: "event", name: "purchase", revenue: 4.99 }"#)
    #expect(scenario.contains("/cv") && scenario.contains(#"name: "purchase""#))
    _ = ScenarioRunner.collect(try TestScenarios.load(scenario, file: "sdk-sequential.json"))
    let purchase = try #require(server.requests.first { $0.query["n"] == "purchase" }, "\(server.requests.map(\.query))")
    let sent = purchase.queryItems.map { (name: $0.name, value: $0.value) }
    #expect(sent.map(\.name) == quoted.map(\.name))
    #expect(sent.map(\.value) == quoted.map(\.value))
  }

  // MARK: - conversion-services.md

  @Test("conversion-services.md's table of answers reads each answer as the answer reader does")
  func answerTableIsTrue() throws {
    let text = try Self.doc("conversion-services.md")
    let table = try #require(text.components(separatedBy: "| answer | read as |\n").dropFirst().first)
    let rows = table.split(separator: "\n").prefix { $0.hasPrefix("|") }.dropFirst()  // after the |---| line
    #expect(rows.count >= 8)
    for row in rows {
      // | `answer` | read as |: the answer is the code span, the reading what follows it.
      let cells = row.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
      let answer = String(cells[1].trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
      var reading = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: " |"))
      // A parenthesis says what happens next; "…" ends a quote cut short.
      if let note = reading.range(of: " (") { reading = String(reading[..<note.lowerBound]) }
      let read = Self.reading(ConversionAnswer(json: Data(answer.utf8)))
      if reading.hasSuffix(" …") {
        #expect(read.hasPrefix(reading.dropLast(2)), "\(answer): doc '\(reading)', reader '\(read)'")
      } else {
        #expect(read == reading, "\(answer): doc '\(reading)', reader '\(read)'")
      }
    }
  }

  /// An answer in the words of conversion-services.md's table.
  static func reading(_ answer: ConversionAnswer) -> String {
    switch answer {
    case .update(let fine, let coarse, let lock):
      let parts = [fine.map { "fine \($0)" }, coarse.map { "coarse \($0)" }, lock ? "lock" : nil].compactMap { $0 }
      return parts.isEmpty ? "nothing new" : parts.joined(separator: ", ")
    case .refused(let status, let reason):
      return "refused: \(status)" + (reason.map { ", \"\($0)\"" } ?? "")
    case .failed(.malformed(let problem)):
      return "malformed: \(problem)"
    case .failed(let failure):
      return "\(failure)"
    }
  }

  // MARK: - regression.md

  @Test("regression.md's skipped count under --filter is the Scenarios/ folder less one")
  func filterSkipCountIsTheFolders() throws {
    let text = try Self.doc("regression.md")
    let scenarios = ScenarioFiles(paths: [TestPaths.scenarios]).scenarios.count
    #expect(text.contains("(`1 passed, 0 failed, \(scenarios - 1) skipped (--filter)`)"))
    #expect(text.contains(#""skipped": \#(scenarios - 1),"#))
    #expect(text.contains(#"skipped="\#(scenarios - 1)""#))
  }

  @Test("regression.md's failure anatomy is what verify prints for skan-2.2.json with one expectation and one golden value changed")
  func failureAnatomyIsTrue() throws {
    let block = try Self.block("regression.md", startingWith: "FAIL Scenarios/skan-2.2.json")
    let folder = try Self.scenariosWithOneGoldenValueChanged()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The doc's other change: timo's expected value.
    let file = folder.appendingPathComponent("Scenarios/skan-2.2.json")
    let scenario = try String(contentsOf: file, encoding: .utf8)
    let changed = scenario.replacing(
      required: #"{ user: "timo", fields: { "conversion-value": 20 }"#, with: #"{ user: "timo", fields: { "conversion-value": 21 }"#)
    #expect(changed != scenario)
    try changed.write(to: file, atomically: true, encoding: .utf8)

    let missing = try Self.transcriptDifferences(
      "$ attrsim verify Scenarios/skan-2.2.json\n" + block, in: folder)
    #expect(missing.isEmpty, "regression.md's failure report is not what verify prints: \(missing)")
  }

  /// A copy of Scenarios/ in a new folder, with the golden value regression.md's examples change:
  /// line 3 of skan-2.2.golden/postbacks.jsonl names campaign 36 where the run sends 37.
  static func scenariosWithOneGoldenValueChanged() throws -> URL {
    let folder = try TemporaryFolder.create("docs-truth")
    try FileManager.default.copyItem(atPath: TestPaths.scenarios, toPath: folder.path + "/Scenarios")
    let golden = folder.appendingPathComponent("Scenarios/skan-2.2.golden/postbacks.jsonl")
    var lines = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[2].contains(#""campaign-id":37,"#))
    lines[2] = lines[2].replacing(required: #""campaign-id":37,"#, with: #""campaign-id":36,"#)
    try lines.joined(separator: "\n").write(to: golden, atomically: true, encoding: .utf8)
    return folder
  }

  @Test("regression.md's JUnit excerpt is what --junit writes for the changed golden value, times aside")
  func junitExcerptIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try Self.scenariosWithOneGoldenValueChanged()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try ChildProcess.run(binary, ["verify", "Scenarios/", "--filter", "skan-2.2", "--junit", "verify.xml"], in: folder)
    #expect(run.status != 0)
    // Times are wall time: each is compared as a time, not as a figure.
    func untimed(_ line: some StringProtocol) -> String {
      line.trimmingCharacters(in: .whitespaces).replacing(/\ time="[0-9.]+"/, with: #" time="""#)
    }
    let written = try String(contentsOf: folder.appendingPathComponent("verify.xml"), encoding: .utf8)
      .split(separator: "\n").map(untimed)
    let quoted = try Self.block("regression.md", startingWith: "<?xml").split(separator: "\n").filter { !$0.contains("<!-- …") }
    #expect(quoted.count > 10)
    var next = written.startIndex
    for line in quoted.map(untimed) {
      let found = written[next...].firstIndex(of: line)
      #expect(found != nil, "regression.md's JUnit line is not written (in order): \(line)\n\(written.joined(separator: "\n"))")
      next = found.map { $0 + 1 } ?? next
    }
  }

  @Test("regression.md's JSON summary is what --format json prints for the changed golden value, times aside")
  func jsonSummaryIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try Self.scenariosWithOneGoldenValueChanged()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = ["verify", "Scenarios/", "--filter", "skan-2.2", "--format", "json", "--keep-failed", "Reports/verify-failures"]
    let run = try ChildProcess.run(binary, arguments, in: folder)
    func untimed(_ value: JSONValue) -> JSONValue {
      switch value {
      case .object(let members): .object(members.filter { $0.key != "seconds" }.mapValues(untimed))
      case .array(let elements): .array(elements.map(untimed))
      default: value
      }
    }
    let printed = untimed(JSONValue(try JSONParser.parse(run.output)))
    let quoted = untimed(JSONValue(try JSONParser.parse(try Self.block("regression.md", startingWith: "{\n  \"failed\""))))
    guard case .object(var summary) = quoted, case .array(let scenarios)? = summary["scenarios"],
      case .array(let all)? = printed.member("scenarios")
    else { Issue.record("no scenarios in \(run.output)"); return }
    // The doc leaves out the other skipped scenarios: each quoted one is matched by its file.
    summary["scenarios"] = nil
    var differences = ReadmeTruthTests.differences(.object(summary), in: printed, path: "")
    for scenario in scenarios {
      let file = scenario.member("file")
      differences += ReadmeTruthTests.differences(scenario, in: all.first { $0.member("file") == file }, path: "scenarios[\(file.map { $0.serialized() } ?? "")]")
    }
    #expect(differences.isEmpty, "regression.md's JSON summary differs from what verify prints: \(differences)")
  }

  @Test("regression.md's decoded.csv difference is what verify prints for quickstart.json with one golden cell changed")
  func decodedRowDifferenceIsTrue() throws {
    let block = try Self.block("regression.md", startingWith: "  FAIL golden decoded.csv")
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenarios = folder.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    for name in ["quickstart.json", "quickstart.golden", "schemas"] {
      try FileManager.default.copyItem(atPath: TestPaths.scenarios + "/" + name, toPath: scenarios.path + "/" + name)
    }
    // The change the doc names: line 3's coarse count, 51 in the run, 50 in the golden copy.
    let golden = scenarios.appendingPathComponent("quickstart.golden/decoded.csv")
    var lines = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var cells = lines[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0].split(separator: ",")[6] == "coarse" && cells[6] == "51")
    cells[6] = "50"
    lines[2] = cells.joined(separator: ",")
    try lines.joined(separator: "\n").write(to: golden, atomically: true, encoding: .utf8)
    let missing = try Self.transcriptDifferences("$ attrsim verify Scenarios/quickstart.json\n" + block, in: folder)
    #expect(missing.isEmpty, "regression.md's decoded.csv difference is not what verify prints: \(missing)")
  }

  @Test("regression.md's SDK trace mismatch is what verify prints when sdk-sequential.json's tester is expected to reach 3")
  func sdkMismatchReportIsTrue() throws {
    let block = try Self.block("regression.md", startingWith: "  FAIL expect.sdk[0]")
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    // The doc's sdk-test.json: sdk-sequential.json's tester without the last launch, expected to reach 3.
    let original = try String(contentsOfFile: TestPaths.scenarios + "/sdk-sequential.json", encoding: .utf8)
    let expectation = #"sdk: [{ user: "tester", values: [0, 1, 2, 3], rule: "a purchase raises the value" }],"#
    let scenario = original
      .replacing(required: #"        { at: "30h", action: "launch" },"# + "\n", with: "")
      .replacing(required: #"sdk: [{ user: "tester", values: [0, 1, 2, 2, 2, 2], lint: {}, rule: "the sequential test: 0 → 1 → 2, then 2 persists" }],"#,
        with: expectation)
    try scenario.write(to: folder.appendingPathComponent("sdk-test.json"), atomically: true, encoding: .utf8)
    let lines = scenario.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains(expectation) })
    let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "{ user")!.lowerBound) + 1
    #expect(row != lines.count - 1 && !scenario.contains(#"at: "30h""#))
    // Where the expectation is written is the test file's, not the doc's.
    let missing = try Self.transcriptDifferences(
      "$ attrsim verify sdk-test.json\n" + block, in: folder,
      replacing: [(try #require(block.firstMatch(of: /sdk-test\.json:\d+:\d+/)).output.description, "sdk-test.json:\(row + 1):\(column)")])
    #expect(missing.isEmpty, "regression.md's SDK mismatch report is not what verify prints: \(missing)")
  }

  // MARK: - schema-format.md

  @Test("schema-format.md's lint transcript is what lint prints for its findings.json")
  func schemaLintTranscriptIsTrue() throws {
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    let findings = try Self.block("schema-format.md", startingWith: "// Most lint findings at once.")
    try findings.write(to: folder.appendingPathComponent("findings.json"), atomically: true, encoding: .utf8)
    let missing = try Self.transcriptDifferences(
      try Self.block("schema-format.md", startingWith: "$ attrsim schema lint findings.json"), in: folder,
      replacing: [(" Scenarios/", " \(TestPaths.scenarios)/")])
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test("schema-format.md's lint-then-explain transcript for subscription.json and quickstart-hybrid.json is what attrsim prints")
  func schemaLintAndExplainTranscriptIsTrue() throws {
    let block = try Self.block("schema-format.md", startingWith: "$ attrsim schema lint Scenarios/schemas/subscription.json")
    #expect(block.components(separatedBy: "$ attrsim ").count == 3)
    let missing = try Self.transcriptDifferences(block, in: TestPaths.repository)
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test("schema-format.md's explain transcript and compare tables are what attrsim prints", arguments: [
    "$ attrsim schema explain", "$ attrsim compare", "$ attrsim compare Scenarios/quickstart.json",
  ])
  func schemaTranscriptIsTrue(start: String) throws {
    let missing = try Self.transcriptDifferences(try Self.block("schema-format.md", startingWith: start), in: TestPaths.repository)
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test("schema-format.md's run and decode transcript, and its decoded.jsonl line, are what attrsim prints and writes")
  func decodeTranscriptIsTrue() throws {
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    let replacing = [("/tmp/sub", folder.path)]
    let missing = try Self.transcriptDifferences(
      try Self.block("schema-format.md", startingWith: "$ attrsim run Scenarios/subscription.json"), in: TestPaths.repository,
      replacing: replacing)
    #expect(missing.isEmpty, "\(missing)")
    let quoted = try Self.block("schema-format.md", startingWith: #"{"ad-network-id""#).replacing(required: "/tmp/sub", with: folder.path)
    let written = try String(contentsOf: folder.appendingPathComponent("decoded.jsonl"), encoding: .utf8).split(separator: "\n")
    #expect(written.contains(Substring(quoted)), "schema-format.md's decoded.jsonl line is not in the run's")
  }

  @Test("schema-format.md's last decode line for the quickstart is what decode prints")
  func quickstartDecodeLineIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let prose = try Self.doc("schema-format.md").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let range = try #require(prose.range(of: #"the last line reads `[^`]*`"#, options: .regularExpression))
    let quoted = String(prose[range].drop { $0 != "`" }.dropFirst().dropLast())
    let folder = try Self.quickstartFolder()
    let quickstart = TestPaths.scenarios + "/quickstart.json"
    let decode = try ChildProcess.run(binary, ["decode", folder.path + "/postbacks.jsonl", "--scenario", quickstart])
    #expect(decode.output.split(separator: "\n").last.map(String.init) == quoted, "\(decode.output)")
  }

  @Test("schema-format.md's missing exchange rate error is what the reader says of subscription.json without its rates")
  func missingExchangeRateMessageIsTrue() throws {
    let quoted = try Self.block("schema-format.md", startingWith: "subscription.json:").split(separator: "\n").map(String.init)
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
    let schema = try String(contentsOfFile: TestPaths.scenarios + "/schemas/subscription.json", encoding: .utf8)
    let withoutRates = schema.replacing(required: "  exchangeRates: { EUR: 1.08, GBP: 1.27 },\n", with: "")
    #expect(withoutRates != schema)
    try withoutRates.write(to: folder.appendingPathComponent("schemas/subscription.json"), atomically: true, encoding: .utf8)
    let scenario = try String(contentsOfFile: TestPaths.scenarios + "/subscription.json", encoding: .utf8)
    var diagnostics: [String] = []
    do {
      _ = try ScenarioLoader.parse(scenario, file: "subscription.json", baseDirectory: folder.path)
    } catch {
      diagnostics = error.diagnostics.map(\.description)
    }
    // The revenue's currency and the EU campaign's spend currency, each at its own key.
    #expect(Array(quoted.dropLast()) == diagnostics, "the quoted errors are not what the reader says: \(diagnostics)")
    #expect(quoted.last == "subscription.json: 2 errors; nothing was written" && diagnostics.count == 2)
  }

  // MARK: - scenario-format.md and sweep-format.md

  @Test("scenario-format.md's bad.json messages are what the reader says of the same mistakes")
  func scenarioErrorMessagesAreTrue() throws {
    let quoted = try Self.block("scenario-format.md", startingWith: "Scenarios/bad.json:").split(separator: "\n").map(String.init)
    let scenario = TestScenarios.minimal
      .replacing(required: #"campaign: "c1", publisher"#, with: #"campaign: "c2", publisher"#)
      .replacing(required: "revenue: 4.99", with: #"revenue: "lots""#)
    #expect(scenario != TestScenarios.minimal)
    let said = TestScenarios.diagnostics(scenario).map(Self.message)
    let errors = quoted.filter { $0.contains(": error: ") }
    #expect(errors.count == 2)
    for line in errors { #expect(said.contains(Self.message(line)), "'\(line)' is not what the reader says: \(said)") }
    #expect(quoted.last == "Scenarios/bad.json: \(said.count) errors; nothing was written")
  }

  @Test("scenario-format.md's arrival-window limit message is what the reader says")
  func arrivalLimitMessageIsTrue() throws {
    let quoted = try Self.block("scenario-format.md", startingWith: "big.json:")
    let scenario = TestScenarios.minimal.replacing(required: #"to: "1d""#, with: #"to: "100000000000d""#)
    #expect(scenario != TestScenarios.minimal)
    let said = TestScenarios.diagnostics(scenario).map(Self.message)
    #expect(said == [Self.message(quoted)])
  }

  @Test("scenario-format.md's --allow-large note is what compare states for 100 million users")
  func allowLargeNoteIsTrue() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let quoted = try Self.block("scenario-format.md", startingWith: "note: large work allowed")
    let folder = try TemporaryFolder.create("docs-truth")
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = TestScenarios.minimal.replacing(required: "count: 10,", with: "count: 100000000,")
    #expect(scenario != TestScenarios.minimal)
    try scenario.write(to: folder.appendingPathComponent("big.json"), atomically: true, encoding: .utf8)
    // compare states the work once the scenario is read, then stops at the first schema it cannot
    // read, so the 100 million users are never run.
    let compare = try ChildProcess.run(
      binary, ["compare", "big.json", "--schema", "absent-a.json", "--schema", "absent-b.json", "--allow-large"], in: folder)
    #expect(compare.status != 0)
    #expect(compare.output.split(separator: "\n").contains(Substring(quoted)), "\(compare.output)")
  }

  @Test("sweep-format.md's billion-point grid message is what the sweep reader says")
  func sweepLimitMessageIsTrue() throws {
    let quoted = try Self.block("sweep-format.md", startingWith: "huge.json:")
    let said = try TestScenarios.sweepDiagnostics(TestScenarios.billionPointGrid).map(Self.message)
    #expect(said == [Self.message(quoted)])
  }
}
