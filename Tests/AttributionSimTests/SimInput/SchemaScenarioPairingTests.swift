import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// A schema paired with a scenario must read only events the scenario's users perform (a
/// misspelt event would otherwise run silently with values that never move), and a file of the
/// wrong kind is named for what it is.
@Suite("Schemas are checked against the scenario they run with; files of the wrong kind are named")
struct SchemaScenarioPairingTests {
  /// The minimal scenario (its users perform 'purchase') with `schema` after its seed.
  private static func scenario(schema: String) -> String {
    TestScenarios.minimal.replacing(required: "  seed: 7,", with: "  seed: 7, schema: \(schema),")
  }

  private static let misspelt = #"{ version: 1, fineValue: { fields: [{ bits: 0, event: "Purchase" }] } }"#

  @Test("an inline schema's event that no user performs is refused at its field, with the nearest name")
  func inlineMisspeltEvent() {
    let found = TestScenarios.diagnostics(Self.scenario(schema: Self.misspelt))
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("bad.json:4:56: error: schema.fineValue.fields[0]: event 'Purchase' is performed by no user of scenario 't'") == true, "\(found)")
    #expect(found.first?.hasSuffix("; did you mean 'purchase'?") == true, "\(found)")
  }

  @Test("a schema file's misspelt event is located in the schema file")
  func fileMisspeltEvent() throws {
    let folder = try TemporaryFolder.create("attrsim-pairing")
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = folder.appendingPathComponent("schema.json").path
    try Self.misspelt.write(toFile: schema, atomically: true, encoding: .utf8)
    let found = TestScenarios.diagnostics(Self.scenario(schema: "\"\(schema)\""))
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("\(schema):1:37: error: fineValue.fields[0]: event 'Purchase'") == true, "\(found)")
  }

  @Test("a schema given on its own for a scenario (compare, calibrate) is refused the same way")
  func standaloneSchemaMisspeltEvent() throws {
    let scenario = try TestScenarios.load(TestScenarios.minimal)
    #expect(throws: ScenarioLoadError.self) { try ScenarioLoader.parseSchema(Self.misspelt, file: "s.json", for: scenario) }
    do {
      _ = try ScenarioLoader.parseSchema(Self.misspelt, file: "s.json", for: scenario)
    } catch {
      #expect(error.description.contains("s.json:1:37: error: fineValue.fields[0]: event 'Purchase'"), "\(error.description)")
    }
    // Without a scenario (explain, lint without --scenario) the schema reads.
    _ = try ScenarioLoader.parseSchema(Self.misspelt, file: "s.json")
  }

  @Test("a name that differs in digits or only begins a performed one is a warning, with the near name: a schema shared across apps")
  func nearNamesAreWarnings() throws {
    for (schemaEvent, scenarioEvent) in [("level_4", "level_5"), ("purchase", "purchase_large"), ("ad_watched", "purchase")] {
      let schema = Self.misspelt.replacing(required: "Purchase", with: schemaEvent)
      let text = Self.scenario(schema: schema).replacing(required: #"name: "purchase""#, with: #"name: "\#(scenarioEvent)""#)
      let scenario = try TestScenarios.load(text)
      #expect(scenario.warnings.count == 1, "\(schemaEvent)")
      let warning = try #require(scenario.warnings.first)
      #expect(warning.severity == .warning)
      #expect(warning.description.contains("event '\(schemaEvent)' is performed by no user of scenario 't'"), "\(warning)")
      #expect(warning.description.contains("not a misspelling of the scenario's events"), "\(warning)")
      #expect(warning.description.contains("did you mean") == (schemaEvent != "ad_watched"), "\(warning)")
    }
  }

  @Test("an event the users do perform reads")
  func rightEventReads() throws {
    _ = try TestScenarios.load(Self.scenario(schema: Self.misspelt.replacing(required: "Purchase", with: "purchase")))
  }

  @Test("a schema given where a scenario belongs says what it is, in one line")
  func schemaAsScenario() {
    let found = TestScenarios.diagnostics(Self.misspelt)
    #expect(found == [
      "bad.json: error: is not a scenario file: it looks like a conversion schema (it has 'fineValue'); "
        + "a scenario names its schema in 'schema'; 'compare', 'calibrate' and 'decode' take a schema with --schema"
    ])
  }

  @Test("a scenario given where a schema belongs says what it is, in one line")
  func scenarioAsSchema() {
    do {
      _ = try ScenarioLoader.parseSchema(TestScenarios.minimal, file: "s.json")
      Issue.record("a scenario read as a schema")
    } catch {
      #expect(error.diagnostics.map(\.description) == [
        "s.json: error: is not a conversion schema file: it looks like a scenario (it has 'seed', 'epoch', 'platform'); "
          + "give the schema file the scenario names in 'schema' ('schema lint' and 'decode' take the scenario itself with --scenario)"
      ])
    }
  }

  @Test("a calibration given as a schema is named as one, with where it goes")
  func calibrationAsSchema() {
    let calibration = #"{ format: "attrsim-calibration", version: 1, currency: "USD", schemaDigest: "x", cells: [] }"#
    do {
      _ = try ScenarioLoader.parseSchema(calibration, file: "c.json")
      Issue.record("a calibration read as a schema")
    } catch {
      #expect(error.diagnostics.map(\.description) == [
        "c.json: error: is not a conversion schema file: it looks like a calibration (it has 'format', 'schemaDigest', 'cells'); "
          + "a calibration file goes to 'decode --calibration' or 'merge --calibration'"
      ])
    }
  }

  @Test("a sweep given where a scenario belongs says to run it with 'attrsim sweep'")
  func sweepAsScenario() {
    let found = TestScenarios.diagnostics(#"{ version: 1, name: "s", scenario: "x.json", parameters: [], chart: {} }"#)
    #expect(found.count == 1)
    #expect(found.first?.contains("it looks like a sweep (it has 'parameters', 'chart'); run a sweep with 'attrsim sweep'") == true, "\(found)")
  }

  @Test("a scenario missing most keys is still told key by key, not taken for another kind")
  func incompleteScenarioIsNotForeign() {
    let found = TestScenarios.diagnostics(#"{ version: 1, name: "t" }"#)
    #expect(found.count > 1)
    #expect(!found.joined().contains("looks like"))
  }
}
