import Foundation
import SimJSON
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import AttributionSim

/// What `attrsim verify` gives CI systems and other tools: JUnit XML with times, skipped
/// scenarios and failure text; results in input order whatever --jobs; --filter; the outputs
/// of a failed run kept; CSV differences that name the row; the JSON summary.
@Suite("Regression: verify reports") struct VerifyReportTests {
  /// A scratch scenario whose golden postbacks.jsonl holds a conversion value the run does not send.
  static func failingScenario() throws -> (folder: URL, scenario: String) {
    let (folder, path) = try GoldenTests.scratchScenario()
    _ = ScenarioVerifier(updateGolden: true).verify(path: path)
    let postbacks = folder.appendingPathComponent("scripted.golden/postbacks.jsonl")
    let text = try String(contentsOf: postbacks, encoding: .utf8)
    try text.replacing(required: #""conversion-value":0"#, with: #""conversion-value":7"#)
      .write(to: postbacks, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  @Test("JUnit XML is well-formed, has a time on every test suite and case, and the failure's text with its message")
  func junitTimesAndFailures() throws {
    let (folder, path) = try Self.failingScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    let failed = ScenarioVerifier().verify(path: path)
    let passing = VerificationResult(file: "b.json", checks: [CheckResult(name: "ok <two>", seconds: 0.25)], seconds: 1.5)
    let skipped = VerificationResult(file: "c.json", skipped: "not matched by --filter 'x'")
    let xml = JUnitReport.xml([failed, passing, skipped])
    let document = try JUnitDocument(xml)

    let suites = document.elements.filter { $0.name == "testsuite" }
    let cases = document.elements.filter { $0.name == "testcase" }
    #expect(suites.count == 3)
    #expect(cases.count == failed.checks.count + 2)
    for element in suites + cases + document.elements.filter({ $0.name == "testsuites" }) {
      let time = try #require(element.attributes["time"].flatMap(Double.init), "\(element.name) \(element.attributes)")
      #expect(time >= 0)
    }
    // The scenario's suite carries its measured wall time: it ran, so more than nothing.
    #expect(try #require(suites[0].attributes["time"].flatMap(Double.init)) > 0)
    #expect(suites[1].attributes["time"] == "1.500")
    // A scenario verified from code is timed too.
    #expect(ScenarioVerifier().verify(try ScenarioLoader.load(path: path), file: "scripted").seconds > 0)
    #expect(cases.contains { $0.attributes["name"] == "ok <two>" && $0.attributes["time"] == "0.250" })
    #expect(document.elements.first { $0.name == "testsuites" }?.attributes["skipped"] == "1")
    #expect(suites[2].attributes["skipped"] == "1")
    #expect(document.elements.first { $0.name == "skipped" }?.attributes["message"] == "not matched by --filter 'x'")

    let failure = try #require(document.elements.first { $0.name == "failure" })
    #expect(failure.attributes["message"] == "line 1 (u's postback): payload.conversion-value: expected 7, got 0")
    #expect(failure.attributes["type"] == "golden")
    #expect(failure.text.contains("line 2 (u's postback): payload.conversion-value: expected 7, got 0"))
    #expect(failure.text.contains("· if the change is intended, run `attrsim verify --update-golden`"))
    #expect(failure.text.hasPrefix("at \(folder.path)/scripted.golden/postbacks.jsonl"))
  }

  @Test("a failure's message is its first line, cut at 200 characters; the element keeps the whole")
  func junitMessageIsShort() throws {
    let long = String(repeating: "x", count: 300) + " <&>"
    let result = VerificationResult(file: "a.json", checks: [CheckResult(name: "n", problems: ["first\nsecond", long])])
    let document = try JUnitDocument(JUnitReport.xml([result]))
    let failure = try #require(document.elements.first { $0.name == "failure" })
    #expect(failure.attributes["message"] == "first")
    #expect(failure.text == "first\nsecond\n\(long)")
    #expect(JUnitReport.short(long).count == 200)
  }

  @Test("--jobs: results and reports come in input order whatever order the work finishes in")
  func jobsKeepInputOrder() {
    let reported = Reported()
    // Earlier items take longer, so with 4 jobs they finish last.
    let results = InOrderWork.run(count: 12, jobs: 4, report: { reported.append($0) }) { index in
      Thread.sleep(forTimeInterval: Double(12 - index) * 0.002)
      return index
    }
    #expect(results == Array(0..<12))
    #expect(reported.values == Array(0..<12))
    #expect(InOrderWork.run(count: 0, jobs: 4) { $0 }.isEmpty)
  }

  @Test("--jobs: verifying many scenarios at once gives their results in the order named, skipped ones in place")
  func verifyPathsInOrder() throws {
    let (folder, path) = try Self.failingScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    let other = folder.appendingPathComponent("other.json").path
    try FileManager.default.copyItem(atPath: path, toPath: other)
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("scripted.golden"), to: folder.appendingPathComponent("other.golden"))
    let paths = [other, path, other, folder.appendingPathComponent("missing.json").path]
    let results = ScenarioVerifier().verify(paths: paths, jobs: 3, filter: ScenarioFilter(["other", "missing"]))
    #expect(results.map(\.file) == paths)
    #expect(results.map { $0.skipped != nil } == [false, true, false, false])
    #expect(results[1].skipped == "not matched by --filter 'other' or --filter 'missing'")
    #expect(results[3].checks.first?.name == "the scenario loads")
    // Jobs change when a scenario is verified, never what it produces or what is found.
    let alone = ScenarioVerifier().verify(paths: paths, jobs: 1, filter: ScenarioFilter(["other", "missing"]))
    #expect(alone.map { $0.report(verbose: true) } == results.map { $0.report(verbose: true) })
    #expect(results[0].checks.count == 3 && !results[0].passed, "the golden copies were compared")
  }

  @Test("--filter: a plain pattern is a substring of the path; one with * ? [ is a glob on the whole path or the file name")
  func filterPatterns() {
    let path = "Scenarios/skan-4.0.json"
    #expect(ScenarioFilter().matches(path))
    #expect(ScenarioFilter(["skan-4"]).matches(path))
    #expect(ScenarioFilter(["Scenarios/skan"]).matches(path))
    #expect(!ScenarioFilter(["skan-3"]).matches(path))
    #expect(!ScenarioFilter(["SKAN"]).matches(path), "case matters, as in file names")
    #expect(ScenarioFilter(["skan-*.json"]).matches(path), "a glob on the file name")
    #expect(ScenarioFilter(["Scenarios/*.json"]).matches(path), "a glob on the whole path")
    #expect(!ScenarioFilter(["skan-*"]).matches("Scenarios/quickstart.json"))
    #expect(!ScenarioFilter(["skan*.json5"]).matches(path), "a glob matches the whole name, not a part")
    #expect(ScenarioFilter(["*/skan-?.0.json"]).matches(path))
    #expect(ScenarioFilter(["skan-[34].0.json"]).matches(path))
    #expect(!ScenarioFilter(["skan-[!4].0.json"]).matches(path))
    #expect(ScenarioFilter(["skan-[0-9].*"]).matches(path))
    #expect(ScenarioFilter(["quickstart", "skan-4"]).matches(path), "any pattern keeps the file")
    #expect(ScenarioFilter(["a*b*c"]).matches("axxbyyc") && !ScenarioFilter(["a*b*c"]).matches("axxbyy"))
  }

  @Test("--keep-failed: a failed scenario's outputs, the compared files as normalised and the report are kept and named in the failure")
  func keptOutputs() throws {
    let (folder, path) = try Self.failingScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    let keep = folder.appendingPathComponent("kept").path
    let result = ScenarioVerifier(keepFailed: keep).verify(path: path)
    let target = FailedOutputs(folder: keep, scenario: path).target
    #expect(target == keep + (folder.path + "/scripted"))
    #expect(result.keptOutputs == target + "/")
    for name in ["postbacks.jsonl", "summary.json", "decoded.csv", "normalised/postbacks.jsonl", "failure.txt"] {
      #expect(FileManager.default.fileExists(atPath: "\(target)/\(name)"), "\(name)")
    }
    // The normalised copy is what was compared: it differs from the golden copy just where the report says.
    let kept = try String(contentsOfFile: "\(target)/normalised/postbacks.jsonl", encoding: .utf8)
    let golden = try String(contentsOf: folder.appendingPathComponent("scripted.golden/postbacks.jsonl"), encoding: .utf8)
    #expect(kept == golden.replacing(required: #""conversion-value":7"#, with: #""conversion-value":0"#))
    let failing = try #require(result.checks.first { !$0.passed })
    #expect(failing.context.last == "the run's outputs are kept in \(target)/ (compared files as normalised in \(target)/normalised/)")
    #expect(try String(contentsOfFile: "\(target)/failure.txt", encoding: .utf8) == result.report() + "\n")
    #expect(result.report().contains("outputs kept in \(target)/"))

    // A later failure replaces what verify kept; a folder verify did not write is left alone.
    try "stale".write(toFile: "\(target)/stale.txt", atomically: true, encoding: .utf8)
    #expect(ScenarioVerifier(keepFailed: keep).verify(path: path).keptOutputs != nil)
    #expect(!FileManager.default.fileExists(atPath: "\(target)/stale.txt"))
    try FileManager.default.removeItem(atPath: "\(target)/failure.txt")
    let refused = ScenarioVerifier(keepFailed: keep).verify(path: path)
    #expect(refused.keptOutputs == nil)
    #expect(refused.notes == ["outputs not kept: \(target) exists and holds no failure.txt, so attrsim verify did not write it"])
    #expect(FileManager.default.fileExists(atPath: "\(target)/postbacks.jsonl"))
  }

  @Test("--keep-failed keeps nothing for a scenario that passes")
  func passingKeepsNothing() throws {
    let (folder, path) = try GoldenTests.scratchScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = ScenarioVerifier(updateGolden: true).verify(path: path)
    let keep = folder.appendingPathComponent("kept").path
    let result = ScenarioVerifier(keepFailed: keep).verify(path: path)
    #expect(result.passed, "\(result.report())")
    #expect(result.keptOutputs == nil)
    #expect(!FileManager.default.fileExists(atPath: keep))
  }

  @Test("decoded.csv differences name the row's network, campaign and window, changed, missing or new")
  func csvRowsNamed() {
    let csv = GoldenComparison(name: "decoded.csv", postbackSenders: [])
    let header = "network,campaign,window,installs,fine\n"
    let golden = header + "alpha,us-broad,0,74,52\nalpha,us-broad,1,74,0\nbeta,eu,0,3,1\n"
    let produced = header + "alpha,us-broad,0,74,52\nalpha,us-broad,1,74,2\nbeta,eu,2,1,1\n"
    #expect(
      csv.differences(golden: golden, produced: produced) == [
        "line 3 (network alpha, campaign us-broad, window 1): fine expected 0, got 2",
        "line 4 (network beta, campaign eu, window 2): window expected 0, got 2; installs expected 3, got 1",
      ])
    #expect(
      csv.differences(golden: golden, produced: header + "alpha,us-broad,0,74,52\n") == [
        "2 lines, golden copy has 4",
        "golden line 3 (network alpha, campaign us-broad, window 1) is missing from the output: alpha,us-broad,1,74,0",
        "golden line 4 (network beta, campaign eu, window 0) is missing from the output: beta,eu,0,3,1",
      ])
  }

  @Test("the JSON summary parses and gives each scenario's file, status, time, checks and failed checks with their problems")
  func jsonSummary() throws {
    let (folder, path) = try Self.failingScenario()
    defer { try? FileManager.default.removeItem(at: folder) }
    let results = [
      ScenarioVerifier().verify(path: path), VerificationResult(file: "c.json", skipped: "not matched by --filter 'x'"),
    ]
    let text = VerificationSummary.json(results).serialized(pretty: true)
    let summary = JSONValue(try JSONParser.parse(text))
    #expect(summary.member("passed") == 0 && summary.member("failed") == 1 && summary.member("skipped") == 1)
    guard case .array(let scenarios) = summary.member("scenarios") else {
      Issue.record("no scenarios array in \(text)")
      return
    }
    #expect(scenarios.count == 2)
    #expect(scenarios[0].member("file") == .string(path))
    #expect(scenarios[0].member("status") == "failed" && scenarios[0].member("passed") == false)
    #expect(scenarios[0].member("checks") == .int(Int64(results[0].checks.count)))
    guard case .double(let seconds) = scenarios[0].member("seconds") else {
      Issue.record("no seconds")
      return
    }
    #expect(seconds > 0)
    guard case .array(let failed) = scenarios[0].member("failedChecks"), let first = failed.first else {
      Issue.record("no failed checks")
      return
    }
    #expect(first.member("name") == "golden postbacks.jsonl")
    #expect(first.member("problems") == .array(results[0].checks[1].problems.map(JSONValue.string)))
    #expect(scenarios[1].member("status") == "skipped" && scenarios[1].member("skipReason") == "not matched by --filter 'x'")
  }
}

/// Values reported from concurrent work, in the order they came.
private final class Reported: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Int] = []
  func append(_ value: Int) { lock.withLock { list.append(value) } }
  var values: [Int] { lock.withLock { list } }
}

/// A JUnit document read by Foundation's XML parser, which rejects a document that is not
/// well-formed: every element with its attributes and text, in document order.
struct JUnitDocument {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  var elements: [Element] = []

  struct NotWellFormed: Error, CustomStringConvertible {
    var description: String
  }

  init(_ xml: String) throws {
    let reader = Reader()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    guard parser.parse() else {
      throw NotWellFormed(description: "\(parser.parserError.map { "\($0)" } ?? "not well-formed"): \(xml)")
    }
    elements = reader.elements
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let current = open.last { elements[current].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      _ = open.popLast()
    }
  }
}
