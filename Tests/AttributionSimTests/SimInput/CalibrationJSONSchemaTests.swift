@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Docs/schemas/calibration.schema.json, which editors check calibration files with, against
/// ``CalibrationReader`` and what `attrsim calibrate` writes (issue 26 point 1).
@Suite("JSON Schema of calibration files")
struct CalibrationJSONSchemaTests {
  private static let name = "calibration.schema.json"

  private func scenario() throws -> Scenario {
    try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
  }

  /// Alice's calibration as `attrsim calibrate` writes it, parsed back as a file would be.
  private func written() throws -> (Scenario, JSONNode) {
    let scenario = try scenario()
    let calibration = Calibrator.calibrate(
      scenario, settings: CalibrationSettings(installs: 2, minimumRuns: 1, maximumRuns: 4, minimumCellInstalls: 1))
    return (scenario, try JSONParser.parse(calibration.json.serialized(pretty: true)))
  }

  private func schema(_ pointer: String) throws -> [String: JSONValue] {
    var node = try JSONSchemaTests.validator().documents[Self.name] ?? .null
    for step in pointer.split(separator: "/") { node = node.objectValue?[String(step)] ?? .null }
    return try #require(node.objectValue, "no schema at \(Self.name)#\(pointer)")
  }

  @Test("a calibration attrsim writes validates against its JSON Schema, and the reader accepts the keys it declares")
  func writtenFileValidates() throws {
    let (scenario, node) = try written()
    let declared = try JSONSchemaTests.validator().validate(node, against: Self.name)
    #expect(declared.problems.isEmpty, "\(declared.problems.map(\.description))")
    let log = DiagnosticLog()
    let shapes = ReaderShapes(file: "alice.calibration.json")
    log.shapes = shapes
    let read = CalibrationReader(reader: JSONReader(node: node, path: "", file: "alice.calibration.json", log: log))
      .read(for: scenario.schema, scenario: scenario.name)
    #expect(read != nil && log.diagnostics.isEmpty, "\(log.diagnostics.map(\.message))")
    #expect(!shapes.keys.isEmpty)
    for path in Set(shapes.keys.keys).union(declared.keys.keys).sorted() {
      #expect(shapes.keys[path]?.sorted() == declared.keys[path], "at '\(path)'")
    }
  }

  @Test("the reader's key lists are the JSON Schema's properties, top level and cells")
  func keyListsMatch() throws {
    #expect(try schema("").keys.contains("properties"))
    #expect(try schema("properties").keys.sorted() == CalibrationReader.keys.sorted())
    #expect(try schema("properties/cells/items/properties").keys.sorted() == CalibrationReader.cellKeys.sorted())
    #expect(try schema("")["required"]?.arrayValue?.compactMap(\.stringValue).sorted()
      == CalibrationReader.keys.filter { $0 != "$schema" }.sorted(), "every key but $schema is required, as the reader has it")
  }

  @Test("the signal enum is every name the reader takes: fine:0 to fine:63, three coarse values, none, missing")
  func signalEnum() throws {
    let names = try #require(try schema("properties/cells/items/properties/signal")["enum"]?.arrayValue).compactMap(\.stringValue)
    #expect(names.count == 64 + 3 + 2)
    #expect(names.allSatisfy { CalibrationSignal(name: $0)?.name == $0 })
    let expected = (0...63).map { CalibrationSignal.fine($0) } + CoarseValue.allCases.map { .coarse($0) } + [.none, .missing]
    #expect(names == expected.map(\.name))
    #expect(CalibrationSignal(name: "fine:64") == nil && !names.contains("fine:64"))
  }

  @Test("$schema is accepted as a string in a calibration file and refused otherwise; a misspelt key is refused by both")
  func dollarSchemaAndTypos() throws {
    let (scenario, node) = try written()
    let text = JSONValue(node).serialized(pretty: true)
    func read(_ text: String) throws -> [String] {
      let log = DiagnosticLog()
      _ = CalibrationReader(reader: JSONReader(node: try JSONParser.parse(text), path: "", file: "c.json", log: log))
        .read(for: scenario.schema, scenario: nil)
      return log.diagnostics.map(\.message)
    }
    // At the top level only: the first brace opens the file's object.
    func withSchema(_ value: String) throws -> String {
      text.replacingCharacters(in: try #require(text.range(of: "{")), with: "{ \"$schema\": \(value),")
    }
    let named = try withSchema("\"../Docs/schemas/calibration.schema.json\"")
    #expect(try read(named).isEmpty)
    #expect(try JSONSchemaTests.validator().validate(try JSONParser.parse(named), against: Self.name).problems.isEmpty)
    let numbered = try withSchema("2")
    #expect(try read(numbered) == ["expected a string, found number 2"])
    let typo = text.replacing(required: "\"minimumInstalls\"", with: "\"minimumInstals\"")
    #expect(try read(typo).contains("unknown key 'minimumInstals'; did you mean 'minimumInstalls'?"))
    let problems = try JSONSchemaTests.validator().validate(try JSONParser.parse(typo), against: Self.name).problems
    #expect(problems.contains { $0.message.hasPrefix("unknown key 'minimumInstals'") })
  }
}
